/**
 * The profile's "Two-Factor Authentication" section: turn TOTP on (a QR code and the secret as text
 * for an authenticator app, confirmed with one code), see the recovery codes once, turn it off with
 * the password. With `onDone`, the league's policy held the admin here: done, they go on.
 */
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { failureMessage } from '../common';
import { TWO_FACTOR_TEXTS } from '../domain';
import type { CreaseDataProvider } from '../providers';

type Stage =
  | { kind: 'loading' }
  | { kind: 'off' }
  | { kind: 'scanning'; secret: string; qrCode: string }
  | { kind: 'recovery'; codes: string[] }
  | { kind: 'on' }
  | { kind: 'turningOff' };

/** The field's own message from a refused call (`errors.code`, `errors.password`), else the server's. */
const fieldError = (error: unknown, field: string) =>
  (error as { body?: { errors?: Record<string, string> } } | null)?.body?.errors?.[field] ?? failureMessage(error, TWO_FACTOR_TEXTS.failed);

/** A form of one field and its buttons. */
function OneField(props: {
  label: string;
  name: string;
  type?: string;
  autoComplete: string;
  error?: string;
  submit: string;
  busy: boolean;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        props.onSubmit(value.trim());
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 360 }}
    >
      <TextField
        name={props.name}
        type={props.type ?? 'text'}
        label={props.label}
        autoComplete={props.autoComplete}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={Boolean(props.error)}
        helperText={props.error}
        required
        autoFocus
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={props.busy}>
          {props.submit}
        </Button>
        <Button type="button" onClick={props.onCancel} disabled={props.busy}>
          {TWO_FACTOR_TEXTS.cancel}
        </Button>
      </Stack>
    </Box>
  );
}

export function TwoFactorSection({ onDone }: { onDone?: () => void }) {
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const notify = useNotify();
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    let current = true;
    dataProvider
      .getTotp()
      .then(({ data }) => current && setStage({ kind: data.enabled ? 'on' : 'off' }))
      .catch(() => current && setStage({ kind: 'off' }));
    return () => {
      current = false;
    };
  }, [dataProvider]);

  /** Runs one call with the buttons held; a refusal shows on the field. */
  const run = async (field: string, call: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await call();
    } catch (failure) {
      setError(fieldError(failure, field));
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run('code', async () => {
      const { data } = await dataProvider.startTotp();
      // Drawn here, from the URI the server answered: the QR code library loads only for the set-up.
      const { toDataURL } = await import('qrcode');
      setStage({ kind: 'scanning', secret: data.secret, qrCode: await toDataURL(data.otpauthUrl, { margin: 1, width: 200 }) });
    });
  const confirm = (code: string) =>
    run('code', async () => {
      const { data } = await dataProvider.confirmTotp({ code });
      setStage({ kind: 'recovery', codes: data.recoveryCodes });
      notify(TWO_FACTOR_TEXTS.turnedOn, { type: 'success' });
    });
  const turnOff = (password: string) =>
    run('password', async () => {
      await dataProvider.turnOffTotp({ password });
      setStage({ kind: 'off' });
      notify(TWO_FACTOR_TEXTS.turnedOff, { type: 'success' });
    });
  const cancel = () => {
    setError(undefined);
    setStage((current) => ({ kind: current.kind === 'turningOff' ? 'on' : 'off' }));
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {TWO_FACTOR_TEXTS.title}
      </Typography>
      {stage.kind === 'loading' && <CircularProgress size={24} aria-label={TWO_FACTOR_TEXTS.title} />}
      {stage.kind === 'off' && (
        <>
          <Typography color="text.secondary">{TWO_FACTOR_TEXTS.statusOff}</Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <Box>
            <Button variant="contained" onClick={() => void start()} disabled={busy}>
              {TWO_FACTOR_TEXTS.turnOn}
            </Button>
          </Box>
        </>
      )}
      {stage.kind === 'scanning' && (
        <>
          <Typography>{TWO_FACTOR_TEXTS.scanIntro}</Typography>
          <Box component="img" src={stage.qrCode} alt={TWO_FACTOR_TEXTS.qrAlt} sx={{ width: 200, height: 200 }} />
          <Typography variant="body2">
            {TWO_FACTOR_TEXTS.secretLabel}:{' '}
            <Box component="code" data-testid="totp-secret" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {stage.secret}
            </Box>
          </Typography>
          <OneField label={TWO_FACTOR_TEXTS.code} name="code" autoComplete="one-time-code" error={error} submit={TWO_FACTOR_TEXTS.confirm} busy={busy} onSubmit={(code) => void confirm(code)} onCancel={cancel} />
        </>
      )}
      {stage.kind === 'recovery' && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {TWO_FACTOR_TEXTS.recoveryTitle}
          </Typography>
          <Alert severity="warning">{TWO_FACTOR_TEXTS.recoveryIntro}</Alert>
          <Box component="ul" aria-label={TWO_FACTOR_TEXTS.recoveryTitle} sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: 1 }}>
            {stage.codes.map((code) => (
              <Box component="li" key={code} sx={{ fontFamily: 'monospace', fontSize: '1rem' }}>
                {code}
              </Box>
            ))}
          </Box>
          <Box>
            <Button
              variant="contained"
              onClick={() => {
                setStage({ kind: 'on' });
                onDone?.();
              }}
            >
              {TWO_FACTOR_TEXTS.recoveryDone}
            </Button>
          </Box>
        </>
      )}
      {stage.kind === 'on' && (
        <>
          <Typography color="text.secondary">{TWO_FACTOR_TEXTS.statusOn}</Typography>
          <Box>
            <Button variant="outlined" color="error" onClick={() => setStage({ kind: 'turningOff' })}>
              {TWO_FACTOR_TEXTS.turnOff}
            </Button>
          </Box>
        </>
      )}
      {stage.kind === 'turningOff' && (
        <>
          <Typography>{TWO_FACTOR_TEXTS.turnOffIntro}</Typography>
          <OneField label={TWO_FACTOR_TEXTS.password} name="password" type="password" autoComplete="current-password" error={error} submit={TWO_FACTOR_TEXTS.turnOff} busy={busy} onSubmit={(password) => void turnOff(password)} onCancel={cancel} />
        </>
      )}
    </Box>
  );
}
