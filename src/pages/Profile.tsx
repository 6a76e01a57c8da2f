/**
 * /profile (the user menu's Profile and Settings): the signed-in admin's details, their own first
 * and last name, and their own password (current, new, repeated). A password change ends their
 * other sessions and keeps this one on the fresh token the server answers. An admin given a first
 * password by another sees only the password part, under 'Choose Your Password', until they have.
 * Below, the admin's sessions (ProfileSessions).
 */
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Form, PasswordInput, SaveButton, TextInput, Title, useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { failureMessage, submissionErrors, validators } from '../common';
import { PASSWORD_CHANGE_RULES, PROFILE_NAME_RULES, PROFILE_TEXTS, ROLE_LABELS, SCREEN_TITLES, SHELL, SHELL_EXTRA, VALIDATION } from '../domain';
import type { CreaseDataProvider } from '../providers';
import { roleOf } from '../providers/access';
import { getToken, getUser, saveSession } from '../providers/session';
import { ProfileSessions } from './ProfileSessions';

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

/** The page; `choosing` when the admin must choose their own password first (see Layout). */
export function Profile({ choosing = false }: { choosing?: boolean }) {
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ p: { xs: 1, sm: 3 }, display: 'grid', gap: 2, maxWidth: 720 }}>
      <Title title={SCREEN_TITLES.profile} />
      <Typography variant="h4" component="h1">
        {SCREEN_TITLES.profile}
      </Typography>
      {!choosing && (
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
      {!choosing && (
        <Card variant="outlined">
          <CardContent>
            <NameForm />
          </CardContent>
        </Card>
      )}
      <Card variant="outlined">
        <CardContent>
          <PasswordForm choosing={choosing} />
        </CardContent>
      </Card>
      {!choosing && (
        <Card variant="outlined">
          <CardContent>
            <ProfileSessions />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
