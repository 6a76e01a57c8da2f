/** Who sent a registration from the app, linked to their user page, and when; only when for one no fan sent (the demo's, a deleted fan's). */
import { Link, Typography } from '@mui/material';
import { LinkBase, useCreatePath, useRecordContext } from 'react-admin';
import { formatDate } from '../../common';
import { REGISTRATION_TEXTS } from '../../domain';
import type { Registration } from './RegistrationParts';

const T = REGISTRATION_TEXTS;

export function SubmittedLine() {
  const record = useRecordContext<Registration>()!;
  const createPath = useCreatePath();
  const fan = record.submittedBy;
  return (
    <Typography variant="body2" color="text.secondary">
      {fan ? (
        <>
          {T.submittedBy}{' '}
          <Link component={LinkBase} to={createPath({ resource: 'users', id: fan._id, type: 'show' })} sx={{ overflowWrap: 'anywhere' }}>
            {fan.name}
          </Link>{' '}
          {T.submittedOn} {formatDate(record.createdAt)}
        </>
      ) : (
        <>
          {T.submittedOnly} {formatDate(record.createdAt)}
        </>
      )}
    </Typography>
  );
}
