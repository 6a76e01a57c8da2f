/** /videos/{id}/edit, 'Edit Video': pre-filled from the server; a new thumbnail is optional. */
import { editTexts, ResourceEdit } from '../../common';
import { NOT_FOUND, VIDEO_TEXTS } from '../../domain';
import { toVideoPayload, VideoForm } from './VideoForm';

export const VideoEdit = () => (
  <ResourceEdit texts={editTexts(VIDEO_TEXTS, NOT_FOUND.video)} transform={toVideoPayload}>
    <VideoForm mode="edit" />
  </ResourceEdit>
);
