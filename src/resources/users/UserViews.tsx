/**
 * A user's own parts on the generic screens: the e-mail as plain text, how they signed up, their
 * last sign-in (or Never), the person card, and Deactivate or Activate (the provider's
 * `setUserActive`, PUT /admin/users/{id}), whose answer is toasted before the user is read again.
 */
import { Box, Button } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useCanAccess, useDataProvider, useNotify, useRecordContext, useShowContext, type RaRecord } from 'react-admin';
import { DeclaredList, DeclaredShow, formatDate, PersonCard, ValueOf, type OwnValues } from '../../common';
import { GENERIC, USER_TEXTS } from '../../domain';
import { users } from '../../domain/entities';
import { USER_SOURCE_LABELS, type UserSource } from '../../domain/fans';
import type { CreaseDataProvider } from '../../providers';

type AppUser = RaRecord & { name: string; email: string; isActive: boolean; source?: UserSource | null; lastSignInAt?: string | null };

const Email = () => <Box component="span" sx={{ overflowWrap: 'anywhere' }}>{useRecordContext<AppUser>()?.email}</Box>;
const Source = () => <>{USER_SOURCE_LABELS[useRecordContext<AppUser>()?.source as UserSource] ?? GENERIC.notAvailable}</>;
const LastSignIn = () => <>{formatDate(useRecordContext<AppUser>()?.lastSignInAt ?? '') || USER_TEXTS.never}</>;

const USER_VALUES: OwnValues = { email: <Email />, source: <Source />, lastSignInAt: <LastSignIn /> };

function UserCard() {
  const user = useRecordContext<AppUser>()!;
  const facts = (['emailVerified', 'age', 'source', 'lastSignInAt'] as const).map((name): [string, ReactNode] => [users.fields[name].label, <ValueOf key={name} entity={users} name={name} values={USER_VALUES} />]);
  return <PersonCard name={user.name} email={user.email} active={user.isActive} facts={[...facts, [USER_TEXTS.columnCreated, formatDate(user.createdAt)]]} />;
}

function ActiveButton() {
  const { record, refetch } = useShowContext<AppUser>();
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const { canAccess } = useCanAccess({ action: 'status', resource: 'users', record });
  if (!record || !canAccess) return null;
  const set = async () => {
    setBusy(true);
    try {
      const { message } = await dataProvider.setUserActive({ id: record.id, value: !record.isActive });
      await refetch();
      if (message) notify(message, { type: 'success' });
    } catch (error) {
      notify((error as { message?: string }).message || GENERIC.somethingWentWrong, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={record.isActive ? 'outlined' : 'contained'} color={record.isActive ? 'error' : 'primary'} disabled={busy} onClick={() => void set()}>
      {record.isActive ? USER_TEXTS.deactivate : USER_TEXTS.activate}
    </Button>
  );
}

// Unsearched and empty: no hint to search otherwise.
export const UserList = () => <DeclaredList entity={users} values={USER_VALUES} card={<UserCard />} emptyTexts={{ empty: { title: USER_TEXTS.emptyTitle } }} />;
export const UserShow = () => <DeclaredShow entity={users} values={USER_VALUES} actions={<ActiveButton />} />;
