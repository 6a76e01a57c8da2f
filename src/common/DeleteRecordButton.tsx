import DeleteIcon from '@mui/icons-material/Delete';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { Button, useCanAccess, useDelete, useNotify, useRecordContext, useRedirect, useResourceContext, type RaRecord } from 'react-admin';
import { ACTIONS } from '../domain';
import { ConfirmDialog } from './ConfirmDialog';

export type DeleteRecordButtonProps = {
  /** 'Delete Video' */
  confirmTitle: string;
  /** The question, fixed or built from the record ('Are you sure you want to delete "{title}"?…'). */
  confirmContent: string | ((record: RaRecord) => string);
  /** Toasts, in the screen's own words. */
  successMessage?: string;
  /** A fixed text, or one built from the error (e.g. the server's message, else 'Failed to delete team'). */
  failureMessage: string | ((error: unknown) => string);
  /** From a detail page a delete returns to the list; in a list the row just disappears. */
  redirectToList?: boolean;
  /** 'Deleting...' */
  busyLabel?: string;
};

/**
 * Delete with the app's own confirmation dialog (where the original panel used the browser's
 * confirm), for rows, cards and detail pages. It waits for the server (pessimistic), and react-admin's
 * cache then drops the record from every loaded list page and lowers the total by one, so no reload
 * is needed.
 */
export function DeleteRecordButton({
  confirmTitle,
  confirmContent,
  successMessage,
  failureMessage,
  redirectToList = false,
  busyLabel,
}: DeleteRecordButtonProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  // Not offered to a role that may not delete (react-admin's own DeleteButton asks the same).
  const { canAccess } = useCanAccess({ action: 'delete', resource, record });
  if (!record || !canAccess) return null;

  const onConfirm = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          // The list's figures (ResourceStats) count every record, so they change too.
          void queryClient.invalidateQueries({ queryKey: [resource, 'getStats'] });
          if (successMessage) notify(successMessage, { type: 'success' });
          if (redirectToList) redirect('list', resource);
        },
        onError: (error: unknown) => {
          setOpen(false);
          notify(typeof failureMessage === 'function' ? failureMessage(error) : failureMessage, { type: 'error' });
        },
      },
    );

  // Clicks inside the dialog bubble through the React tree to a clickable table row; stop them here.
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <span onClick={stop}>
      <Button label={ACTIONS.delete} color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <ConfirmDialog
        open={open}
        title={confirmTitle}
        content={typeof confirmContent === 'function' ? confirmContent(record) : confirmContent}
        confirmLabel={ACTIONS.delete}
        busyLabel={busyLabel}
        busy={isPending}
        onConfirm={onConfirm}
        onClose={() => !isPending && setOpen(false)}
      />
    </span>
  );
}
