/**
 * /login (SPEC §2.1): e-mail and password, 'Remember me' (asks for the longer session), a
 * 'Forgot password' explanation, and 'Signing in...' on a disabled button while the call runs.
 */
import SportsCricketIcon from '@mui/icons-material/SportsCricket';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, PasswordInput, TextInput, useAuthProvider, useInput, useNotificationContext, useNotify } from 'react-admin';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { LOGIN_RULES, SHELL, SHELL_EXTRA } from '../domain';
import { validators } from '../common/validation';
import type { Credentials } from '../providers/authProvider';
import { hasValidSession } from '../providers/session';

const validate = validators(LOGIN_RULES);

function RememberMe() {
  const { field } = useInput({ source: 'remember', defaultValue: false });
  return (
    <FormControlLabel
      control={<Checkbox checked={!!field.value} onChange={(event) => field.onChange(event.target.checked)} />}
      label={SHELL.rememberMe}
    />
  );
}

function ForgotPassword() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link component="button" type="button" variant="body2" onClick={() => setOpen(true)}>
        {SHELL.forgotPassword}
      </Link>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="forgot-password-title">
        <DialogTitle id="forgot-password-title">{SHELL_EXTRA.forgotPasswordTitle}</DialogTitle>
        <DialogContent>
          <Typography>{SHELL_EXTRA.forgotPasswordBody}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{SHELL_EXTRA.close}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * react-admin's useLogin, except that the way back to the page asked for skips the spec-path
 * rewrite: that page is already a spec URL, and `/videos/7` rewritten would become its edit form.
 */
function useSignIn() {
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const { resetNotifications } = useNotificationContext();
  const navigate = useNavigate();
  const state = useLocation().state as { nextPathname?: string; nextSearch?: string } | null;
  return async (credentials: Credentials) => {
    await authProvider!.login(credentials);
    resetNotifications();
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    navigate(state?.nextPathname ? state.nextPathname + (state.nextSearch ?? '') : '/dashboard');
  };
}

export function LoginPage() {
  const [busy, setBusy] = useState(false);
  const login = useSignIn();
  const notify = useNotify();
  // Checked once on arrival: after a fresh sign-in, react-admin itself returns to the page asked for.
  const [alreadySignedIn] = useState(hasValidSession);

  if (alreadySignedIn) return <Navigate to="/dashboard" replace />;

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      await login(values as Credentials);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ textAlign: 'center', mb: 3 }}>
            <SportsCricketIcon color="primary" sx={{ fontSize: 48 }} />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {SHELL.loginTitle}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {SHELL.loginSubtitle}
            </Typography>
          </Box>
          <Form onSubmit={submit} noValidate>
            <TextInput
              source="email"
              type="email"
              label={SHELL_EXTRA.emailLabel}
              autoComplete="username"
              validate={validate.email}
              autoFocus
              fullWidth
            />
            <PasswordInput
              source="password"
              label={SHELL_EXTRA.passwordLabel}
              autoComplete="current-password"
              validate={validate.password}
              fullWidth
            />
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
              <RememberMe />
              <ForgotPassword />
            </Box>
            <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ textTransform: 'none' }}>
              {busy ? SHELL.signingIn : SHELL.signIn}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
