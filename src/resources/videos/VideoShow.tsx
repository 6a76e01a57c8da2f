/**
 * /videos/{id}, 'Video Details' (SPEC §2.5): the embedded video, thumbnail and facts, the 'Status &
 * Actions' card, and Back / Edit / Delete. A missing video shows 'Video not found', never a blank page.
 */
import { Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { EditButton, ShowBase, useNotify, useShowContext } from 'react-admin';
import { DeleteRecordButton, ImagePreview, VideoEmbed } from '../../common';
import { ACTIONS, VIDEO_TEXTS } from '../../domain';
import { VideoStatusCard } from './VideoStatusCard';
import { CategoryChip, formatDate, loadErrorMessage, UploaderBadge, VideoLoadError, VideoPageHeader, type Video } from './VideoParts';

function VideoShowContent() {
  const { record, isPending, error } = useShowContext<Video>();
  if (isPending) return <Typography sx={{ p: 2 }}>{VIDEO_TEXTS.loadingDetail}</Typography>;
  if (error || !record) return <VideoLoadError message={loadErrorMessage(error, VIDEO_TEXTS.fetchFailure)} />;
  return (
    <>
      <VideoPageHeader
        title={VIDEO_TEXTS.detailTitle}
        actions={
          <Stack direction="row" spacing={1}>
            <EditButton label={ACTIONS.edit} variant="outlined" />
            <DeleteRecordButton
              confirmTitle={VIDEO_TEXTS.deleteTitle}
              confirmContent={VIDEO_TEXTS.deleteConfirmDetail}
              busyLabel={VIDEO_TEXTS.deleting}
              successMessage={VIDEO_TEXTS.deleteSuccess}
              failureMessage={VIDEO_TEXTS.deleteFailure}
              redirectToList
            />
          </Stack>
        }
      />
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
              <Typography variant="subtitle2" gutterBottom>
                {VIDEO_TEXTS.fieldThumbnail}
              </Typography>
              <ImagePreview src={record.image} alt={record.title} height={180} />
            </CardContent>
          </Card>
          <VideoStatusCard />
        </Grid>
      </Grid>
    </>
  );
}

export function VideoShow() {
  const notify = useNotify();
  return (
    <ShowBase
      redirectOnError={false}
      queryOptions={{
        // A 404 is the 'Video not found' state; anything else also gets the spec's toast.
        onError: (error) => {
          if ((error as { status?: number }).status !== 404) {
            notify(loadErrorMessage(error, VIDEO_TEXTS.fetchFailure), { type: 'error' });
          }
        },
      }}
    >
      <VideoShowContent />
    </ShowBase>
  );
}
