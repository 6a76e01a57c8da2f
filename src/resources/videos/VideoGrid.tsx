/** Grid view of the video list: one card per video with the same View, Edit and Delete as the table. */
import { Box, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { EditButton, RecordContextProvider, ShowButton, useListContext, useRecordContext } from 'react-admin';
import { DeleteRecordButton } from '../../common';
import { ACTIONS } from '../../domain';
import { CategoryChip, formatDate, listDeleteProps, UploaderBadge, VideoThumbnail, type Video } from './VideoParts';

function VideoCard() {
  const record = useRecordContext<Video>();
  if (!record) return null;
  return (
    <Card variant="outlined" component="article" aria-label={record.title} sx={{ display: 'flex', flexDirection: 'column' }}>
      <VideoThumbnail src={record.image} alt={record.title} width="100%" />
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {record.title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <CategoryChip category={record.category} />
          <Typography variant="caption" color="text.secondary">
            {formatDate(record.createdAt)}
          </Typography>
        </Stack>
        <UploaderBadge uploader={record.user_id} />
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {/* Built-in buttons: the router adapter sends View to /videos/{id} and Edit to /videos/{id}/edit. */}
        <ShowButton label={ACTIONS.view} />
        <EditButton label={ACTIONS.edit} />
        <DeleteRecordButton {...listDeleteProps} />
      </CardActions>
    </Card>
  );
}

export function VideoGrid() {
  const { data = [] } = useListContext<Video>();
  return (
    <Box sx={{ display: 'grid', gap: 2, p: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <VideoCard />
        </RecordContextProvider>
      ))}
    </Box>
  );
}
