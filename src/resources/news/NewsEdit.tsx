/** /news/{id}/edit, 'Edit News Article': an empty image keeps the current one, Remove clears it. */
import { editTexts, ResourceEdit } from '../../common';
import { NEWS_TEXTS } from '../../domain';
import { NewsForm, toNewsPayload } from './NewsForm';

export const NewsEdit = () => (
  <ResourceEdit texts={editTexts(NEWS_TEXTS, NEWS_TEXTS.notFound)} transform={toNewsPayload}>
    <NewsForm mode="edit" />
  </ResourceEdit>
);
