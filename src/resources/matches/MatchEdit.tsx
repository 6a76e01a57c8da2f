/**
 * /matches/{id}/edit, 'Edit Match': the create form loaded with the match, saved with PUT
 * /admin/matches/{id} (the original panel's edit created a second match instead).
 */
import { editTexts, ResourceEdit } from '../../common';
import { MATCH_TEXTS } from '../../domain';
import { MatchForm, toMatchPayload } from './MatchForm';

export const MatchEdit = () => (
  <ResourceEdit texts={editTexts(MATCH_TEXTS, MATCH_TEXTS.notFound)} transform={toMatchPayload}>
    <MatchForm mode="edit" />
  </ResourceEdit>
);
