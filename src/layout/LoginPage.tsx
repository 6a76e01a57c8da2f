/**
 * /login: e-mail and password, 'Remember me' (asks for the longer session), a
 * 'Forgot password' explanation, and 'Signing in...' on a disabled button while the call runs.
 * For an admin with a second factor, the password leads to a second step on the same card: a code
 * from their authenticator app, or a recovery code, or their passkey. 'Sign in with a passkey'
 * (PasskeyButton) signs in without a password where the browser can use one.
 *
 * Built on MUI alone, without react-admin: the browser opens it before any other page, so it
 * downloads only what it shows, and the admin app loads once the admin is signed in (main.tsx).
 */
import SportsCricketIcon from '@mui/icons-material/SportsCricket';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  Divider,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Link,
  Snackbar,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { TOAST_AUTO_CLOSE_MS } from '../domain/limits';
import { PASSKEY_TEXTS, SHELL, SHELL_EXTRA, TWO_FACTOR_TEXTS } from '../domain/messages';
import { checkField, LOGIN_RULES } from '../domain/rules';
import { needsSecondFactor, type Credentials, type SecondStep } from '../providers/authProvider';
import { forgetSessionEnded, hasValidSession, saveSession, sessionEndedReason } from '../providers/session';
import { PasskeyButton, type PasskeySignIn } from './PasskeyButton';

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

const errorsOf = ({ email, password }: Credentials): { email?: string; password?: string } => ({
  email: checkField(LOGIN_RULES.email, email),
  password: checkField(LOGIN_RULES.password, password),
});

/** The second step's form: the code, 'Verify', and the way back to the password. */
function SecondStepForm({ busy, onSubmit, onBack }: { busy: boolean; onSubmit: (code: string) => void; onBack: () => void }) {
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried && !code.trim();
  return (
    <Box
      component="form"
      noValidate
      sx={{ display: 'grid', gap: 2 }}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        setTried(true);
        if (code.trim()) onSubmit(code.trim());
      }}
    >
      <Typography variant="h6" component="h2">
        {TWO_FACTOR_TEXTS.stepTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {TWO_FACTOR_TEXTS.stepIntro}
      </Typography>
      <TextField
        name="code"
        label={TWO_FACTOR_TEXTS.stepCode}
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={missing}
        helperText={missing ? TWO_FACTOR_TEXTS.codeRequired : undefined}
        required
        autoFocus
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ textTransform: 'none' }}>
        {busy ? TWO_FACTOR_TEXTS.stepBusy : TWO_FACTOR_TEXTS.stepSubmit}
      </Button>
      <Link component="button" type="button" variant="body2" onClick={onBack} sx={{ justifySelf: 'center' }}>
        {TWO_FACTOR_TEXTS.stepBack}
      </Link>
    </Box>
  );
}

/**
 * Signs in with `login` (the auth provider's), or with `passkeySignIn` when given (the API's; the
 * in-memory league has no passkeys), then returns to the page asked for, or the dashboard.
 */
export function LoginPage({ login, passkeySignIn }: { login: (params: Credentials | SecondStep) => Promise<unknown>; passkeySignIn?: PasskeySignIn }) {
  const navigate = useNavigate();
  const state = useLocation().state as { nextPathname?: string; nextSearch?: string } | null;
  // Checked once on arrival: after a fresh sign-in, the page navigates on its own.
  const [alreadySignedIn] = useState(hasValidSession);
  const [values, setValues] = useState<Credentials>({ email: '', password: '', remember: false });
  // Messages show once the admin has tried to sign in, then follow the typing.
  const [tried, setTried] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  // The server's message for a failed sign-in, or why the admin was sent here.
  const [failure, setFailure] = useState<string | undefined>(sessionEndedReason);
  // The second step's ticket, once the password was right for an admin with a second factor.
  const [ticket, setTicket] = useState<string | undefined>();
  // The second factors the admin has set up ('totp', 'passkey'): the step offers those.
  const [factors, setFactors] = useState<string[]>([]);

  if (alreadySignedIn) return <Navigate to="/dashboard" replace />;

  const dismiss = () => {
    setFailure(undefined);
    forgetSessionEnded();
  };

  const errors = tried ? errorsOf(values) : {};
  const change = (field: keyof Credentials) => (value: string | boolean) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = errorsOf(values);
    if (found.email || found.password) return;
    forgetSessionEnded();
    await attempt({ ...values, email: values.email.trim() });
  };

  // The page asked for is already in Crease's URL scheme (routing/specPaths.ts): it goes back as it was.
  const goOn = () => navigate(state?.nextPathname ? state.nextPathname + (state.nextSearch ?? '') : '/dashboard');

  /** A passkey's sign-in (alone, or as the second step): its session is kept as the auth provider keeps one. */
  const passkey = (props: { ticket?: string; label?: string; variant?: 'outlined' | 'contained' }) =>
    passkeySignIn && (
      <PasskeyButton
        signIn={passkeySignIn}
        remember={values.remember}
        {...props}
        onSignedIn={({ token, user }) => {
          saveSession(token, user);
          goOn();
        }}
        onFailure={(message) => {
          forgetSessionEnded();
          setFailure(message);
        }}
      />
    );

  /** One sign-in call: signed in (onwards), the second step's ticket (its form), or the server's message. */
  const attempt = async (params: Credentials | SecondStep) => {
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await login(params);
      if (needsSecondFactor(answer)) {
        setTicket(answer.ticket);
        setFactors(answer.secondFactor);
        setBusy(false);
        return;
      }
      goOn();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
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
          {ticket ? (
            factors.includes('totp') ? (
              <>
                <SecondStepForm busy={busy} onSubmit={(code) => void attempt({ ticket, code })} onBack={() => setTicket(undefined)} />
                {factors.includes('passkey') && passkeySignIn && (
                  <>
                    <Divider sx={{ my: 2 }}>{PASSKEY_TEXTS.orDivider}</Divider>
                    {passkey({ ticket, label: PASSKEY_TEXTS.secondStep })}
                  </>
                )}
              </>
            ) : (
              <Box sx={{ display: 'grid', gap: 2 }}>
                <Typography variant="h6" component="h2">
                  {PASSKEY_TEXTS.secondStep}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {PASSKEY_TEXTS.secondStepIntro}
                </Typography>
                {passkey({ ticket, label: PASSKEY_TEXTS.secondStep, variant: 'contained' })}
                <Link component="button" type="button" variant="body2" onClick={() => setTicket(undefined)} sx={{ justifySelf: 'center' }}>
                  {TWO_FACTOR_TEXTS.stepBack}
                </Link>
              </Box>
            )
          ) : (
            <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
              <TextField
                name="email"
                type="email"
                label={SHELL_EXTRA.emailLabel}
                autoComplete="username"
                value={values.email}
                onChange={(event) => change('email')(event.target.value)}
                error={Boolean(errors.email)}
                helperText={errors.email}
                required
                autoFocus
                fullWidth
              />
              <TextField
                name="password"
                type={showPassword ? 'text' : 'password'}
                label={SHELL_EXTRA.passwordLabel}
                autoComplete="current-password"
                value={values.password}
                onChange={(event) => change('password')(event.target.value)}
                error={Boolean(errors.password)}
                helperText={errors.password}
                required
                fullWidth
                slotProps={{
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <IconButton
                          aria-label={showPassword ? SHELL_EXTRA.hidePassword : SHELL_EXTRA.showPassword}
                          onClick={() => setShowPassword((shown) => !shown)}
                          edge="end"
                        >
                          {showPassword ? <VisibilityOff /> : <Visibility />}
                        </IconButton>
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <FormControlLabel
                  control={<Checkbox checked={Boolean(values.remember)} onChange={(event) => change('remember')(event.target.checked)} />}
                  label={SHELL.rememberMe}
                />
                <ForgotPassword />
              </Box>
              <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ textTransform: 'none' }}>
                {busy ? SHELL.signingIn : SHELL.signIn}
              </Button>
              {passkeySignIn && (
                <>
                  <Divider>{PASSKEY_TEXTS.orDivider}</Divider>
                  {passkey({})}
                </>
              )}
            </Box>
          )}
        </CardContent>
      </Card>
      {/* The same toast as the app's: top right, 5 s. */}
      <Snackbar
        open={Boolean(failure)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        autoHideDuration={TOAST_AUTO_CLOSE_MS}
        onClose={dismiss}
      >
        <Alert severity="error" variant="filled" onClose={dismiss}>
          {failure}
        </Alert>
      </Snackbar>
    </Box>
  );
}
