/** /videos/{id}/edit, 'Edit Video': pre-filled from the server; a new thumbnail is optional. */
import { editTexts, ResourceEdit } from '../../common';
import { VIDEO_TEXTS } from '../../domain';
import { toVideoPayload, VideoForm } from './VideoForm';

export const VideoEdit = () => (
  <ResourceEdit texts={editTexts(VIDEO_TEXTS, VIDEO_TEXTS.notFound)} transform={toVideoPayload}>
    <VideoForm mode="edit" />
  </ResourceEdit>
);
