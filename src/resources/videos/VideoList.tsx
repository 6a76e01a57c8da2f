/**
 * /videos, 'Video Management' on the shared list frame: server-side search over title
 * and category, a category filter, sorting by title or created date, table or grid; each video's
 * publishing state, and the state and overdue filters.
 */
import { Box, CardContent, Stack, Typography } from '@mui/material';
import { FunctionField, SelectInput, useRecordContext } from 'react-admin';
import { formatDate, listTexts, PublishingState, publishingFilters, RecordActions, ResourceList } from '../../common';
import { ACTIONS, PUBLISHING_TEXTS, VIDEO_CATEGORIES, VIDEO_TEXTS, toChoices } from '../../domain';
import { videos } from '../../domain/entities';
import { CategoryChip, listDeleteProps, UploaderBadge, VideoThumbnail, type Video } from './VideoParts';

const filters = [
  <SelectInput
    key="category"
    source="category"
    label={videos.fields.category.label}
    choices={toChoices(VIDEO_CATEGORIES)}
    emptyText={ACTIONS.clearFilter}
  />,
  ...publishingFilters(),
];

const columns = [
  <FunctionField<Video>
    key="details"
    label={VIDEO_TEXTS.detailTitle}
    sortBy="title"
    render={(record) => (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <VideoThumbnail src={record.image} alt={record.title} />
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {record.title}
          </Typography>
          <CategoryChip category={record.category} />
        </Box>
      </Stack>
    )}
  />,
  <FunctionField<Video>
    key="uploader"
    label={VIDEO_TEXTS.columnUploader}
    sortable={false}
    render={(record) => <UploaderBadge uploader={record.user_id} />}
  />,
  <FunctionField<Video> key="status" label={PUBLISHING_TEXTS.status} sortable={false} render={(record) => <PublishingState record={record} />} />,
  <FunctionField<Video> key="created" label={VIDEO_TEXTS.columnCreated} sortBy="createdAt" render={(record) => formatDate(record.createdAt)} />,
];

function VideoCard() {
  const record = useRecordContext<Video>()!;
  return (
    <>
      <VideoThumbnail src={record.image} alt={record.title} width="100%" />
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {record.title}
        </Typography>
        <PublishingState record={record} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <CategoryChip category={record.category} />
          <Typography variant="caption" color="text.secondary">
            {formatDate(record.createdAt)}
          </Typography>
        </Stack>
        <UploaderBadge uploader={record.user_id} />
      </CardContent>
    </>
  );
}

export function VideoList() {
  return (
    <ResourceList
      texts={listTexts(VIDEO_TEXTS)}
      emptyTexts={{ empty: { title: VIDEO_TEXTS.emptyTitle, hint: VIDEO_TEXTS.emptyHint } }}
      filters={filters}
      sortFields={['createdAt', 'title']}
      columns={columns}
      card={<VideoCard />}
      actions={<RecordActions delete={listDeleteProps} />}
    />
  );
}
