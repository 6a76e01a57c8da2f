/**
 * /matches/{id}/edit, 'Edit Match': the create form loaded with the match, saved with PUT
 * /admin/matches/{id} (the spec's edit only ever created a new match; DECISIONS.md).
 */
import { editTexts, ResourceEdit } from '../../common';
import { MATCH_TEXTS, NOT_FOUND } from '../../domain';
import { MatchForm, toMatchPayload } from './MatchForm';

export const MatchEdit = () => (
  <ResourceEdit texts={editTexts(MATCH_TEXTS, NOT_FOUND.match)} transform={toMatchPayload}>
    <MatchForm mode="edit" />
  </ResourceEdit>
);
