/**
 * /videos/{id}, 'Video Details': the declared detail page (src/common/declared/DeclaredShow.tsx) laid
 * out as the embedded video and its facts, beside its thumbnail, its publishing state and the
 * 'Status & Actions' card.
 */
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { DeclaredShow, formatDate, ImagePreview, PublishingCard, VideoEmbed } from '../../common';
import { VIDEO_TEXTS } from '../../domain';
import { videos } from '../../domain/entities';
import { CategoryChip, UploaderBadge, type Video } from './VideoParts';
import { VideoStatusCard } from './VideoStatusCard';

function VideoPlayer() {
  const record = useRecordContext<Video>()!;
  return (
    <Card variant="outlined">
      <VideoEmbed url={record.videoUrl} title={record.title} />
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {record.title}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <CategoryChip />
          <Typography variant="body2" color="text.secondary">
            {VIDEO_TEXTS.columnCreated}: {formatDate(record.createdAt)}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {VIDEO_TEXTS.columnUploader}:
          </Typography>
          <UploaderBadge />
        </Stack>
      </CardContent>
    </Card>
  );
}

function ThumbnailCard() {
  const record = useRecordContext<Video>()!;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle2" component="h2" gutterBottom>
          {videos.fields.image.formLabel}
        </Typography>
        <ImagePreview src={record.image} alt={record.title} height={180} />
      </CardContent>
    </Card>
  );
}

export const VideoShow = () => (
  <DeclaredShow
    entity={videos}
    main={<VideoPlayer />}
    side={
      <>
        <ThumbnailCard />
        <PublishingCard />
        <VideoStatusCard />
      </>
    }
  />
);
