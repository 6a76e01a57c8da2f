/** /player/{id}/edit, 'Edit Player': the same form, 'Update Player'; an empty picture keeps the current one. */
import { editTexts, ResourceEdit } from '../../common';
import { PLAYER_TEXTS } from '../../domain';
import { PlayerForm, toPlayerPayload } from './PlayerForm';

export const PlayerEdit = () => (
  <ResourceEdit texts={editTexts(PLAYER_TEXTS, PLAYER_TEXTS.notFound)} transform={toPlayerPayload}>
    <PlayerForm mode="edit" />
  </ResourceEdit>
);
