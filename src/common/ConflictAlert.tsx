/**
 * Shown above an edit form when a save found the record changed by someone else since the form
 * read it (409). The admin's typing stays in the form until they choose: Reload fetches the record
 * as it is now and starts the form over from it; saving again would meet the same 409.
 */
import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useEditContext } from 'react-admin';
import { CONFLICT } from '../domain';

export const isConflict = (error: unknown) => (error as { status?: number } | undefined)?.status === 409;

export function ConflictAlert({ onReloaded }: { onReloaded: () => void }) {
  const { refetch } = useEditContext();
  const [busy, setBusy] = useState(false);
  const reload = async () => {
    setBusy(true);
    const { isError } = await refetch();
    setBusy(false);
    if (!isError) onReloaded();
  };
  return (
    <Alert
      severity="warning"
      sx={{ width: '100%', mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={reload} disabled={busy}>
          {CONFLICT.reload}
        </Button>
      }
    >
      {CONFLICT.stale}
    </Alert>
  );
}
