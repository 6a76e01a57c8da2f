/** /videos/create, 'Add New Video' (SPEC §2.5): sends multipart with the thumbnail, then returns to the list. */
import { CreateBase } from 'react-admin';
import { VIDEO_TEXTS } from '../../domain';
import { toVideoPayload, VideoForm } from './VideoForm';
import { VideoPageHeader } from './VideoParts';

export function VideoCreate() {
  return (
    <CreateBase transform={toVideoPayload}>
      <VideoPageHeader title={VIDEO_TEXTS.createTitle} />
      <VideoForm mode="create" />
    </CreateBase>
  );
}
