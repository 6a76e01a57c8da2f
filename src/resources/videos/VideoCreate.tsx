/** /videos/create, 'Add New Video': sends multipart with the thumbnail, then returns to the list. */
import { ResourceCreate } from '../../common';
import { VIDEO_TEXTS } from '../../domain';
import { toVideoPayload, VideoForm } from './VideoForm';

export const VideoCreate = () => (
  <ResourceCreate title={VIDEO_TEXTS.createTitle} transform={toVideoPayload}>
    <VideoForm mode="create" />
  </ResourceCreate>
);
