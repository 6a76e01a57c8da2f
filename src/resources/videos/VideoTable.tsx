/** Table view of the video list: the spec's four columns; a row click opens the detail page. */
import { Box, Stack, Typography } from '@mui/material';
import { Datagrid, EditButton, FunctionField, ShowButton, WrapperField } from 'react-admin';
import { DeleteRecordButton } from '../../common';
import { ACTIONS, VIDEO_TEXTS } from '../../domain';
import { CategoryChip, formatDate, listDeleteProps, UploaderBadge, VideoThumbnail, type Video } from './VideoParts';

const VideoDetailsCell = ({ record }: { record: Video }) => (
  <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
    <VideoThumbnail src={record.image} alt={record.title} />
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {record.title}
      </Typography>
      <CategoryChip category={record.category} />
    </Box>
  </Stack>
);

export function VideoTable() {
  return (
    // rowClick "show" goes through the router adapter, which turns it into /videos/{id}.
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <FunctionField<Video>
        label={VIDEO_TEXTS.columnDetails}
        sortBy="title"
        render={(record) => <VideoDetailsCell record={record} />}
      />
      <FunctionField<Video>
        label={VIDEO_TEXTS.columnUploader}
        sortable={false}
        render={(record) => <UploaderBadge uploader={record.user_id} />}
      />
      <FunctionField<Video> label={VIDEO_TEXTS.columnCreated} sortBy="createdAt" render={(record) => formatDate(record.createdAt)} />
      <WrapperField label={VIDEO_TEXTS.columnActions} sortable={false} textAlign="right">
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <ShowButton label={ACTIONS.view} />
          <EditButton label={ACTIONS.edit} />
          <DeleteRecordButton {...listDeleteProps} />
        </Stack>
      </WrapperField>
    </Datagrid>
  );
}
