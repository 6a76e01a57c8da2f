/** /create/player, 'Add Player': multipart with the optional picture, then back to /player. */
import { ResourceCreate } from '../../common';
import { PLAYER_TEXTS } from '../../domain';
import { PlayerForm, toPlayerPayload } from './PlayerForm';

export const PlayerCreate = () => (
  <ResourceCreate title={PLAYER_TEXTS.createTitle} transform={toPlayerPayload}>
    <PlayerForm mode="create" />
  </ResourceCreate>
);
