/** /player/{id}/edit, 'Edit Player': the same form, 'Update Player'; an empty picture keeps the current one. */
import { editTexts, ResourceEdit } from '../../common';
import { NOT_FOUND, PLAYER_TEXTS } from '../../domain';
import { PlayerForm, toPlayerPayload } from './PlayerForm';

export const PlayerEdit = () => (
  <ResourceEdit texts={editTexts(PLAYER_TEXTS, NOT_FOUND.player)} transform={toPlayerPayload}>
    <PlayerForm mode="edit" />
  </ResourceEdit>
);
