import { Confirm } from 'react-admin';
import { SHELL } from '../domain';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  content: string;
  /** The confirm button, e.g. 'Delete'; while `busy` it reads `busyLabel` (e.g. 'Deleting...'). */
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** react-admin's Confirm with a busy wording ('Deleting...') on the confirm button. */
export function ConfirmDialog({ open, title, content, confirmLabel, busyLabel, busy = false, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Confirm
      isOpen={open}
      loading={busy}
      title={title}
      content={content}
      confirm={busy && busyLabel ? busyLabel : confirmLabel}
      confirmColor="warning"
      cancel={SHELL.cancel}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
