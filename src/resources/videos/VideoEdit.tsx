/**
 * /videos/{id}/edit, 'Edit Video' (SPEC §2.5): pre-filled from the server; a new thumbnail is optional.
 * Pessimistic, so 'Updating...' lasts until the server answers and its field errors reach the form.
 */
import { Typography } from '@mui/material';
import { EditBase, useEditContext, useNotify } from 'react-admin';
import { VIDEO_TEXTS } from '../../domain';
import { toVideoPayload, VideoForm } from './VideoForm';
import { loadErrorMessage, VideoLoadError, VideoPageHeader, type Video } from './VideoParts';

function VideoEditContent() {
  const { record, isPending, error } = useEditContext<Video>();
  if (isPending) return <Typography sx={{ p: 2 }}>{VIDEO_TEXTS.editLoading}</Typography>;
  if (error || !record) return <VideoLoadError message={loadErrorMessage(error, VIDEO_TEXTS.editLoadFailure)} />;
  return <VideoForm mode="edit" />;
}

export function VideoEdit() {
  const notify = useNotify();
  return (
    <EditBase
      mutationMode="pessimistic"
      transform={toVideoPayload}
      redirect={false}
      queryOptions={{ onError: () => notify(VIDEO_TEXTS.editLoadFailure, { type: 'error' }) }}
      redirectOnError={false}
    >
      <VideoPageHeader title={VIDEO_TEXTS.editTitle} />
      <VideoEditContent />
    </EditBase>
  );
}
