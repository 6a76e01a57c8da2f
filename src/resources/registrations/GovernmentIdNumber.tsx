/**
 * A registration's government ID number as the API answers it (masked), with Show: the whole number
 * is asked for only when an admin wants it, each time (the server logs every reveal), and kept on
 * this page alone until Hide or leaving it.
 */
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Box, Button, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useNotify, useRecordContext, type Identifier } from 'react-admin';
import { failureMessage } from '../../common';
import { GENERIC, REGISTRATION_TEXTS } from '../../domain';
import type { CreaseDataProvider } from '../../providers';
import type { Registration } from './RegistrationParts';

const T = REGISTRATION_TEXTS;

export function GovernmentIdNumber() {
  const record = useRecordContext<Registration>()!;
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // Kept with the record it belongs to: another registration opened in this page shows its own mask.
  const [revealed, setRevealed] = useState<{ id: Identifier; number: string | null } | null>(null);
  const [asking, setAsking] = useState(false);
  // The whole number is the field's own read (owner, moderator): other roles see the mask alone.
  const { canAccess: mayReveal } = useCanAccess({ action: 'read', resource: 'registrations.GovernmentIdNumber' });
  const whole = revealed?.id === record.id ? revealed : null;
  if (!record.GovernmentIdNumber) return <>{GENERIC.notAvailable}</>;
  if (!mayReveal) return <>{record.GovernmentIdNumber}</>;

  const show = async () => {
    setAsking(true);
    try {
      const { data } = await dataProvider.revealGovernmentId('registrations', { id: record.id });
      setRevealed({ id: record.id, number: data.GovernmentIdNumber });
      // The reveal is a new entry in the page's History.
      void queryClient.invalidateQueries({ queryKey: ['activity'] });
    } catch (error) {
      notify(failureMessage(error, T.revealFailure), { type: 'error' });
    } finally {
      setAsking(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Box component="span" aria-live="polite" sx={{ overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}>
        {whole ? (whole.number ?? GENERIC.notAvailable) : record.GovernmentIdNumber}
      </Box>
      <Button
        size="small"
        variant="text"
        disabled={asking}
        startIcon={whole ? <VisibilityOffIcon /> : <VisibilityIcon />}
        aria-label={whole ? T.hideIdNumberLabel : T.showIdNumberLabel}
        onClick={whole ? () => setRevealed(null) : show}
        sx={{ minWidth: 0, py: 0 }}
      >
        {whole ? T.hideIdNumber : T.showIdNumber}
      </Button>
    </Stack>
  );
}
