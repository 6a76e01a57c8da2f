/**
 * /users/{id}, 'User Details', where the old /user/{id}/view and /user/{id}/edit land: the user's facts,
 * and Deactivate or Activate (the provider's `setUserActive`, PUT /admin/users/{id}); the server's
 * message is toasted and the user re-read.
 */
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useShowContext } from 'react-admin';
import { ActiveBadge, detailTexts, Fact, formatDate, ResourceShow } from '../../common';
import { GENERIC, USER_TEXTS } from '../../domain';
import { users } from '../../domain/entities';
import type { CreaseDataProvider } from '../../providers';
import { ageOf, lastSignInOf, sourceOf, type AppUser } from './UserParts';

function ActiveButton() {
  const { record, refetch } = useShowContext<AppUser>();
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
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

function UserDetails() {
  const user = useRecordContext<AppUser>()!;
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {user.name}
          </Typography>
          <ActiveButton />
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))' }}>
          <Fact label={users.fields.email.label}>
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Box>
          </Fact>
          <Fact label={users.fields.age.label}>{ageOf(user)}</Fact>
          <Fact label={users.fields.isActive.label}>
            <ActiveBadge active={user.isActive} />
          </Fact>
          <Fact label={users.fields.source.label}>{sourceOf(user)}</Fact>
          <Fact label={users.fields.lastSignInAt.label}>{lastSignInOf(user)}</Fact>
          <Fact label={USER_TEXTS.columnCreated}>{formatDate(user.createdAt)}</Fact>
        </Box>
      </CardContent>
    </Card>
  );
}

export const UserShow = () => (
  <ResourceShow texts={detailTexts(USER_TEXTS, USER_TEXTS.notFound)} editLabel={false}>
    <UserDetails />
  </ResourceShow>
);
