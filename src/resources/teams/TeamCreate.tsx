/** /teams/create, 'Create Team': multipart with the optional logo, then back to /teams. */
import { ResourceCreate } from '../../common';
import { TEAM_TEXTS } from '../../domain';
import { TeamForm, toTeamPayload } from './TeamForm';

export const TeamCreate = () => (
  <ResourceCreate title={TEAM_TEXTS.createTitle} transform={toTeamPayload}>
    <TeamForm mode="create" />
  </ResourceCreate>
);
