/** /matches/create, 'Create New Match': stays on the page and starts again empty after each save. */
import { ResourceCreate } from '../../common';
import { MATCH_TEXTS } from '../../domain';
import { MatchForm, toMatchPayload } from './MatchForm';

export const MatchCreate = () => (
  <ResourceCreate title={MATCH_TEXTS.createTitle} transform={toMatchPayload}>
    <MatchForm mode="create" />
  </ResourceCreate>
);
