/** /teams/{id}/edit, 'Edit Team': an empty logo keeps the current one, Remove clears it. */
import { editTexts, ResourceEdit } from '../../common';
import { TEAM_TEXTS } from '../../domain';
import { TeamForm, toTeamPayload } from './TeamForm';

export const TeamEdit = () => (
  <ResourceEdit texts={editTexts(TEAM_TEXTS, TEAM_TEXTS.notFound)} transform={toTeamPayload}>
    <TeamForm mode="edit" />
  </ResourceEdit>
);
