/**
 * Whether the fan who sent the registration was told of the decision: a line under its date, read
 * again every 2 s while the push is on its way. Nothing for a registration no fan sent, or undecided.
 */
import { Typography } from '@mui/material';
import { useGetOne, useRecordContext } from 'react-admin';
import { NOTICE_TEXTS } from '../../domain';
import type { Registration } from './RegistrationParts';

const POLL_MS = 2_000;

export function RegistrationNoticeLine() {
  const record = useRecordContext<Registration>()!;
  // The page's own query: reading it again refreshes the whole page.
  useGetOne<Registration>('registrations', { id: record.id }, { refetchInterval: record.notice?.state === 'sending' ? POLL_MS : false });
  if (!record.notice) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="registration-notice">
      {NOTICE_TEXTS.line(record.notice)}
    </Typography>
  );
}
