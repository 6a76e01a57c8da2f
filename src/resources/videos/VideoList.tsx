/**
 * /videos, 'Video Management': the declared list (src/common/declared/DeclaredList.tsx) with the
 * video's own title cell (thumbnail, title and category), its uploader column, its card, and a
 * delete question that names the video.
 */
import { Box, CardContent, Stack, Typography } from '@mui/material';
import { FunctionField, useRecordContext } from 'react-admin';
import { DeclaredList, formatDate, PublishingState } from '../../common';
import { VIDEO_TEXTS } from '../../domain';
import { videos } from '../../domain/entities';
import { CategoryChip, UploaderBadge, VideoThumbnail, type Video } from './VideoParts';

function VideoTitle() {
  const record = useRecordContext<Video>()!;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <VideoThumbnail />
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {record.title}
        </Typography>
        <CategoryChip />
      </Box>
    </Stack>
  );
}

function VideoCard() {
  const record = useRecordContext<Video>()!;
  return (
    <>
      <VideoThumbnail width="100%" />
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {record.title}
        </Typography>
        <PublishingState record={record} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <CategoryChip />
          <Typography variant="caption" color="text.secondary">
            {formatDate(record.createdAt)}
          </Typography>
        </Stack>
        <UploaderBadge />
      </CardContent>
    </>
  );
}

const uploader = <FunctionField key="uploader" label={VIDEO_TEXTS.columnUploader} sortable={false} render={() => <UploaderBadge />} />;

export const VideoList = () => (
  <DeclaredList
    entity={videos}
    values={{ title: <VideoTitle /> }}
    columns={[uploader]}
    card={<VideoCard />}
    deleteConfirm={(record) => VIDEO_TEXTS.deleteConfirmNamed(String(record.title ?? ''))}
  />
);
