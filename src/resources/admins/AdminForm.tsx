/**
 * 'Add Admin' (first name, last name, e-mail and a first password they replace at first sign-in)
 * and 'Edit Admin' (names, and a new password to reset theirs, which ends their sessions).
 */
import { Card, CardContent, Typography } from '@mui/material';
import { PasswordInput, required, SelectInput, TextInput } from 'react-admin';
import { ResourceForm, validators } from '../../common';
import { ADMIN_CREATE_RULES, ADMIN_TEXTS, ADMIN_UPDATE_RULES, DEFAULT_ROLE } from '../../domain';
import { LEGACY_ROLE } from '../../providers/access';
import { ROLE_CHOICES } from './AdminParts';

const T = ADMIN_TEXTS;
const create = validators(ADMIN_CREATE_RULES);
const update = validators(ADMIN_UPDATE_RULES);

/** Only what the API takes: on edit the names and the role, and a password only when one was typed. */
export const toAdminPayload = ({ firstName, lastName, email, role, password }: Record<string, unknown>) => ({
  firstName,
  lastName,
  ...(role !== undefined && { role }),
  ...(email !== undefined && { email }),
  ...(password ? { password } : {}),
});

export function AdminForm({ mode }: { mode: 'create' | 'edit' }) {
  const rules = mode === 'create' ? create : { ...update, firstName: create.firstName, lastName: create.lastName };
  return (
    <ResourceForm
      submit={{ success: mode === 'create' ? T.createSuccess : T.updated, failure: T.saveFailed, redirect: mode === 'create' ? 'list' : 'show' }}
      toolbar={mode === 'create' ? { submitLabel: T.createSubmit, busyLabel: T.createBusy } : { submitLabel: T.editSubmit, busyLabel: T.editBusy }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 640 }}>
        <CardContent sx={{ display: 'grid', gap: 1 }}>
          <TextInput source="firstName" label={T.firstName} validate={rules.firstName} autoComplete="off" />
          <TextInput source="lastName" label={T.lastName} validate={rules.lastName} autoComplete="off" />
          {mode === 'create' && <TextInput source="email" label={T.email} type="email" validate={create.email} autoComplete="off" />}
          {/* A new admin is an editor unless chosen otherwise; an admin from before roles is an owner. */}
          <SelectInput
            source="role"
            label={T.role}
            choices={ROLE_CHOICES}
            defaultValue={mode === 'create' ? DEFAULT_ROLE : LEGACY_ROLE}
            validate={required()}
            helperText={T.roleHint}
          />
          <PasswordInput
            source="password"
            label={mode === 'create' ? T.firstPassword : T.newPassword}
            validate={mode === 'create' ? create.password : update.password}
            autoComplete="new-password"
          />
          <Typography variant="body2" color="text.secondary">
            {mode === 'create' ? T.firstPasswordHint : T.resetHint}
          </Typography>
        </CardContent>
      </Card>
    </ResourceForm>
  );
}
