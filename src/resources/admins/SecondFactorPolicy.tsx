/**
 * The Admins list's switch for the league's policy: every admin must have a second factor. Those
 * without one set it up at their next sign-in (Layout holds them on the set-up until they have).
 */
import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { failureMessage } from '../../common';
import { TWO_FACTOR_TEXTS } from '../../domain';
import type { CreaseDataProvider } from '../../providers';

export function SecondFactorPolicy() {
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const notify = useNotify();
  const [required, setRequired] = useState<boolean | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    dataProvider
      .getSecondFactorPolicy()
      .then(({ data }) => current && setRequired(data.requireSecondFactor))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [dataProvider]);

  const change = async (value: boolean) => {
    setBusy(true);
    try {
      const { data, message } = await dataProvider.setSecondFactorPolicy({ requireSecondFactor: value });
      setRequired(data.requireSecondFactor);
      notify(message ?? (value ? TWO_FACTOR_TEXTS.requireOn : TWO_FACTOR_TEXTS.requireOff), { type: 'success' });
    } catch (error) {
      notify(failureMessage(error, TWO_FACTOR_TEXTS.failed), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack sx={{ py: 1 }}>
      <FormControlLabel
        control={<Switch checked={required === true} disabled={required === undefined || busy} onChange={(event) => void change(event.target.checked)} />}
        label={TWO_FACTOR_TEXTS.requireLabel}
      />
      <Typography variant="body2" color="text.secondary">
        {TWO_FACTOR_TEXTS.requireHint}
      </Typography>
    </Stack>
  );
}
