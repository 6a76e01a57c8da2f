/**
 * The profile's "Passkeys": the admin's passkeys (name, added, last used), one added with a name
 * through the browser's passkey ceremony, one removed after a confirmation. Not shown where the browser
 * cannot use passkeys, nor on the in-memory league.
 */
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import KeyIcon from '@mui/icons-material/Key';
import { Box, Button, IconButton, List, ListItem, ListItemIcon, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { formatDateTime } from '../common/format';
import { API_URL, FAKE_API } from '../config';
import { PASSKEY_NAME_MAX, PASSKEY_TEXTS } from '../domain';
import { passkeyCalls, passkeyFailure, passkeysSupported, type Passkey } from '../providers/passkeys';
import { getToken } from '../providers/session';

/** `onAdded`: what follows a passkey added (the league's policy set-up goes on to the dashboard). */
export function PasskeysSection({ onAdded }: { onAdded?: () => void } = {}) {
  const calls = useMemo(() => passkeyCalls(API_URL, getToken), []);
  const notify = useNotify();
  const [passkeys, setPasskeys] = useState<Passkey[] | undefined>();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | undefined>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setPasskeys(await calls.list());
    } catch (error) {
      notify(passkeyFailure(error, PASSKEY_TEXTS.addFailed), { type: 'error' });
    }
  }, [calls, notify]);

  useEffect(() => {
    void load();
  }, [load]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problem = !trimmed ? PASSKEY_TEXTS.nameRequired : trimmed.length > PASSKEY_NAME_MAX ? PASSKEY_TEXTS.nameTooLong : undefined;
    setNameError(problem);
    if (problem) return;
    setAdding(true);
    try {
      await calls.add(trimmed);
      setName('');
      notify(PASSKEY_TEXTS.addSucceeded, { type: 'success' });
      await load();
      onAdded?.();
    } catch (error) {
      notify(passkeyFailure(error, PASSKEY_TEXTS.addFailed), { type: 'error' });
    } finally {
      setAdding(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await calls.remove(removing.id);
      notify(PASSKEY_TEXTS.removed, { type: 'success' });
      await load();
    } catch (error) {
      notify(passkeyFailure(error, PASSKEY_TEXTS.addFailed), { type: 'error' });
    } finally {
      setBusy(false);
      setRemoving(undefined);
    }
  };

  return (
    <Box component="section" aria-labelledby="passkeys-title">
      <Typography variant="h6" component="h2" id="passkeys-title" gutterBottom>
        {PASSKEY_TEXTS.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {PASSKEY_TEXTS.intro}
      </Typography>
      {passkeys && passkeys.length === 0 && <Typography sx={{ my: 1 }}>{PASSKEY_TEXTS.none}</Typography>}
      {passkeys && passkeys.length > 0 && (
        <List aria-label={PASSKEY_TEXTS.title}>
          {passkeys.map((passkey) => (
            <ListItem
              key={passkey.id}
              disableGutters
              secondaryAction={
                <IconButton edge="end" aria-label={`${PASSKEY_TEXTS.remove} ${passkey.name}`} onClick={() => setRemoving(passkey)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <KeyIcon />
              </ListItemIcon>
              <ListItemText
                primary={passkey.name}
                secondary={`${PASSKEY_TEXTS.addedOn(formatDateTime(passkey.createdAt))} · ${passkey.lastUsedAt ? PASSKEY_TEXTS.lastUsed(formatDateTime(passkey.lastUsedAt)) : PASSKEY_TEXTS.neverUsed}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Stack component="form" onSubmit={add} noValidate direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { sm: 'flex-start' } }}>
        <TextField
          name="passkeyName"
          label={PASSKEY_TEXTS.name}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(nameError)}
          helperText={nameError ?? PASSKEY_TEXTS.nameHelp}
          slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
          size="small"
          sx={{ flex: 1, maxWidth: { sm: 360 } }}
        />
        <Button type="submit" variant="contained" startIcon={<KeyIcon />} disabled={adding} sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, mt: { sm: '2px' } }}>
          {PASSKEY_TEXTS.add}
        </Button>
      </Stack>
      <ConfirmDialog
        open={Boolean(removing)}
        title={PASSKEY_TEXTS.removeTitle(removing?.name ?? '')}
        content={PASSKEY_TEXTS.removeBody}
        confirmLabel={PASSKEY_TEXTS.remove}
        busy={busy}
        onConfirm={remove}
        onClose={() => setRemoving(undefined)}
      />
    </Box>
  );
}

/** The section, where it can work: a browser with WebAuthn in a secure context, against the API. */
export const showPasskeys = () => !FAKE_API && passkeysSupported();
