/**
 * "Sign in with a passkey": runs the browser's passkey ceremony and hands the session on. On the
 * sign-in page it signs in without a password; in the second step (with the password step's ticket)
 * it finishes that sign-in. Shown only where the browser can use passkeys.
 */
import KeyIcon from '@mui/icons-material/Key';
import { Button } from '@mui/material';
import { useState } from 'react';
import { PASSKEY_TEXTS } from '../domain/messages';
import type { LoginAnswer } from '../providers/authProvider';
import { passkeyFailure, passkeysSupported } from '../providers/passkeys';

export type PasskeySignIn = (params: { ticket?: string; remember?: boolean }) => Promise<LoginAnswer>;

export function PasskeyButton({
  signIn,
  ticket,
  remember,
  label = PASSKEY_TEXTS.signIn,
  variant = 'outlined',
  onSignedIn,
  onFailure,
}: {
  signIn: PasskeySignIn;
  ticket?: string;
  remember?: boolean;
  label?: string;
  variant?: 'outlined' | 'contained';
  onSignedIn: (answer: LoginAnswer) => void;
  onFailure: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;
  const start = async () => {
    setBusy(true);
    try {
      onSignedIn(await signIn({ ticket, remember }));
    } catch (error) {
      onFailure(passkeyFailure(error, PASSKEY_TEXTS.signInFailed));
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant={variant} size="large" fullWidth startIcon={<KeyIcon />} disabled={busy} onClick={start} sx={{ textTransform: 'none' }}>
      {label}
    </Button>
  );
}
