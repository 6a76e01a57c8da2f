/**
 * /profile (the user menu's Profile and Settings): the signed-in admin's details, their own first
 * and last name, and their own password (current, new, repeated). A password change ends their
 * other sessions and keeps this one on the fresh token the server answers. An admin given a first
 * password by another sees only the password part, under 'Choose Your Password', until they have.
 * Two-factor authentication is turned on and off here (TwoFactor.tsx); an admin the league's policy
 * holds sees only that part, until they have set it up (a passkey, PasskeysSection, does as well).
 * Below, the admin's sessions (ProfileSessions).
 */
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Form, PasswordInput, SaveButton, TextInput, Title, useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { failureMessage, submissionErrors, validators } from '../common';
import { PASSWORD_CHANGE_RULES, PROFILE_NAME_RULES, PROFILE_TEXTS, ROLE_LABELS, SCREEN_TITLES, SHELL, SHELL_EXTRA, TWO_FACTOR_TEXTS, VALIDATION } from '../domain';
import type { CreaseDataProvider } from '../providers';
import { roleOf } from '../providers/access';
import { getToken, getUser, saveSession } from '../providers/session';
import { PasskeysSection, showPasskeys } from './PasskeysSection';
import { ProfileSessions } from './ProfileSessions';
import { TwoFactorSection } from './TwoFactor';

const nameRules = validators(PROFILE_NAME_RULES);
const passwordRules = validators(PASSWORD_CHANGE_RULES);

const Row = ({ label, value }: { label: string; value?: string }) => (
  <Stack direction="row" spacing={2}>
    <Typography sx={{ minWidth: 120 }} color="text.secondary">
      {label}
    </Typography>
    <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{value || '—'}</Typography>
  </Stack>
);

function NameForm() {
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const notify = useNotify();
  const { identity, refetch } = useGetIdentity();
  const user = getUser();
  const save = async (values: Record<string, unknown>) => {
    try {
      const { data } = await dataProvider.saveProfile({ firstName: String(values.firstName ?? ''), lastName: String(values.lastName ?? '') });
      const name = [data.firstName, data.lastName].filter(Boolean).join(' ');
      // The top bar and the dashboard read the session's user: they follow at once.
      if (user) saveSession(getToken() ?? '', { ...user, firstName: data.firstName, lastName: data.lastName, name });
      await refetch();
      notify(PROFILE_TEXTS.nameSaved, { type: 'success' });
      return undefined;
    } catch (error) {
      notify(failureMessage(error, PROFILE_TEXTS.nameFailed), { type: 'error' });
      return submissionErrors(error);
    }
  };
  return (
    <Form onSubmit={save} record={{ firstName: identity?.firstName ?? user?.firstName ?? '', lastName: identity?.lastName ?? user?.lastName ?? '' }} noValidate>
      <Typography variant="h6" component="h2" gutterBottom>
        {PROFILE_TEXTS.nameTitle}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <TextInput source="firstName" label={SHELL_EXTRA.firstNameLabel} validate={nameRules.firstName} autoComplete="given-name" />
        <TextInput source="lastName" label={SHELL_EXTRA.lastNameLabel} validate={nameRules.lastName} autoComplete="family-name" />
      </Stack>
      <SaveButton label={PROFILE_TEXTS.saveName} alwaysEnable />
    </Form>
  );
}

function PasswordForm({ choosing }: { choosing: boolean }) {
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const { refetch } = useGetIdentity();
  const save = async (values: Record<string, unknown>) => {
    const params = { currentPassword: String(values.currentPassword ?? ''), newPassword: String(values.newPassword ?? ''), repeatPassword: String(values.repeatPassword ?? '') };
    if (params.newPassword !== params.repeatPassword) return { repeatPassword: VALIDATION.passwordsDiffer };
    try {
      const { data } = await dataProvider.changePassword(params);
      saveSession(data.token, data.user);
      await refetch();
      notify(PROFILE_TEXTS.passwordChanged, { type: 'success' });
      if (choosing) navigate('/dashboard');
      return undefined;
    } catch (error) {
      notify(failureMessage(error, PROFILE_TEXTS.passwordFailed), { type: 'error' });
      return submissionErrors(error);
    }
  };
  return (
    <Form onSubmit={save} noValidate>
      <Typography variant="h6" component="h2" gutterBottom>
        {choosing ? PROFILE_TEXTS.choosePasswordTitle : PROFILE_TEXTS.passwordTitle}
      </Typography>
      {choosing && <Alert severity="info" sx={{ mb: 2 }}>{PROFILE_TEXTS.choosePasswordIntro}</Alert>}
      <Stack sx={{ maxWidth: 400 }}>
        <PasswordInput source="currentPassword" label={PROFILE_TEXTS.currentPassword} validate={passwordRules.currentPassword} autoComplete="current-password" />
        <PasswordInput source="newPassword" label={PROFILE_TEXTS.newPassword} validate={passwordRules.newPassword} autoComplete="new-password" />
        <PasswordInput source="repeatPassword" label={PROFILE_TEXTS.repeatPassword} validate={passwordRules.repeatPassword} autoComplete="new-password" />
      </Stack>
      <SaveButton label={PROFILE_TEXTS.savePassword} alwaysEnable />
    </Form>
  );
}

/** Held by the league's policy: the two-factor set-up alone; once done, the session's user no longer says so. */
function SettingUpSecondFactor() {
  const navigate = useNavigate();
  const { refetch } = useGetIdentity();
  const done = async () => {
    const user = getUser();
    if (user) saveSession(getToken() ?? '', { ...user, mustSetUpSecondFactor: undefined });
    await refetch();
    navigate('/dashboard');
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {TWO_FACTOR_TEXTS.setUpFirst}
        </Alert>
        <TwoFactorSection onDone={() => void done()} />
        {showPasskeys() && (
          <Box sx={{ mt: 3 }}>
            <PasskeysSection onAdded={() => void done()} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The page; `choosing` when the admin must choose their own password first, `settingUp` when the
 * league requires a second factor they have not set up (see Layout).
 */
export function Profile({ choosing = false, settingUp = false }: { choosing?: boolean; settingUp?: boolean }) {
  const { identity } = useGetIdentity();
  const title = settingUp ? TWO_FACTOR_TEXTS.setUpTitle : SCREEN_TITLES.profile;
  const full = !choosing && !settingUp;
  return (
    <Box sx={{ p: { xs: 1, sm: 3 }, display: 'grid', gap: 2, maxWidth: 720 }}>
      <Title title={title} />
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {settingUp && <SettingUpSecondFactor />}
      {full && (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={1.5}>
              <Row label={SHELL_EXTRA.nameLabel} value={identity?.fullName ?? SHELL.defaultName} />
              <Row label={SHELL_EXTRA.emailLabel} value={identity?.email} />
              <Row label={SHELL_EXTRA.roleLabel} value={identity ? ROLE_LABELS[roleOf(identity)] : undefined} />
              <Row label={SHELL_EXTRA.userIdLabel} value={identity?.id?.toString()} />
            </Stack>
          </CardContent>
        </Card>
      )}
      {full && (
        <Card variant="outlined">
          <CardContent>
            <NameForm />
          </CardContent>
        </Card>
      )}
      {!settingUp && (
        <Card variant="outlined">
          <CardContent>
            <PasswordForm choosing={choosing} />
          </CardContent>
        </Card>
      )}
      {full && (
        <Card variant="outlined">
          <CardContent>
            <TwoFactorSection />
          </CardContent>
        </Card>
      )}
      {full && showPasskeys() && (
        <Card variant="outlined">
          <CardContent>
            <PasskeysSection />
          </CardContent>
        </Card>
      )}
      {full && (
        <Card variant="outlined">
          <CardContent>
            <ProfileSessions />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
