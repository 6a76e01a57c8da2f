/**
 * /videos/{id}, 'Video Details' on the shared detail frame: the embedded video,
 * thumbnail and facts, the publishing state with its actions, and the 'Status & Actions' card.
 */
import { Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { detailTexts, formatDate, ImagePreview, PublishingCard, ResourceShow, VideoEmbed } from '../../common';
import { VIDEO_TEXTS } from '../../domain';
import { videos } from '../../domain/entities';
import { VideoStatusCard } from './VideoStatusCard';
import { CategoryChip, detailDeleteProps, UploaderBadge, type Video } from './VideoParts';

function VideoDetails() {
  const record = useRecordContext<Video>()!;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Card variant="outlined">
          <VideoEmbed url={record.videoUrl} title={record.title} />
          <CardContent sx={{ display: 'grid', gap: 1 }}>
            <Typography variant="h6" component="h2">
              {record.title}
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <CategoryChip category={record.category} />
              <Typography variant="body2" color="text.secondary">
                {VIDEO_TEXTS.columnCreated}: {formatDate(record.createdAt)}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                {VIDEO_TEXTS.columnUploader}:
              </Typography>
              <UploaderBadge uploader={record.user_id} />
            </Stack>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle2" component="h2" gutterBottom>
              {videos.fields.image.formLabel}
            </Typography>
            <ImagePreview src={record.image} alt={record.title} height={180} />
          </CardContent>
        </Card>
        <PublishingCard />
        <VideoStatusCard />
      </Grid>
    </Grid>
  );
}

export const VideoShow = () => (
  <ResourceShow texts={detailTexts(VIDEO_TEXTS, VIDEO_TEXTS.notFound)} delete={detailDeleteProps}>
    <VideoDetails />
  </ResourceShow>
);
