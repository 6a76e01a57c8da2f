/** /news/create, 'Add News Article': multipart with the optional image, then back to /news. */
import { ResourceCreate } from '../../common';
import { NEWS_TEXTS } from '../../domain';
import { NewsForm, toNewsPayload } from './NewsForm';

export const NewsCreate = () => (
  <ResourceCreate title={NEWS_TEXTS.createTitle} transform={toNewsPayload}>
    <NewsForm mode="create" />
  </ResourceCreate>
);
