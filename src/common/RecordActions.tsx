import { Stack } from '@mui/material';
import { EditButton, ShowButton } from 'react-admin';
import { ACTIONS } from '../domain';
import { DeleteRecordButton, type DeleteRecordButtonProps } from './DeleteRecordButton';

export type RecordActionsProps = {
  /** Which of View (`/x/{id}`), Edit (`/x/{id}/edit`) and Delete a list offers; Delete needs its texts. */
  show?: boolean;
  edit?: boolean;
  delete?: DeleteRecordButtonProps;
};

/**
 * A row's or a card's actions. The built-in buttons go through the router adapter, which sends
 * View to /{resource}/{id} and Edit to /{resource}/{id}/edit (routing/specPaths.ts).
 */
export function RecordActions({ show = true, edit = true, delete: remove }: RecordActionsProps) {
  return (
    <Stack direction="row" useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      {show && <ShowButton label={ACTIONS.view} />}
      {edit && <EditButton label={ACTIONS.edit} />}
      {remove && <DeleteRecordButton {...remove} />}
    </Stack>
  );
}
