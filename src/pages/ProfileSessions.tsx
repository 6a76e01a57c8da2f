/**
 * The profile's Sessions: where the admin is signed in (device, address, last use), this session
 * marked. Any other one can be ended, or all of them at once; this one ends by signing out. MUI's
 * buttons, not react-admin's: those show only their icon on a phone, and these have none.
 */
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { failureMessage, formatDateTime } from '../common';
import { deviceName } from '../common/deviceName';
import { SESSION_TEXTS as T } from '../domain';
import type { CreaseDataProvider } from '../providers';

const QUERY_KEY = ['profile', 'sessions'];

export function ProfileSessions() {
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: sessions, isPending, error } = useQuery({ queryKey: QUERY_KEY, queryFn: async () => (await dataProvider.getSessions()).data });
  const reload = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });

  const endOne = async (id: string) => {
    try {
      await dataProvider.endSession({ id });
      notify(T.ended, { type: 'success' });
    } catch (failure) {
      notify(failureMessage(failure, T.endFailed), { type: 'error' });
    }
    await reload();
  };
  const endOthers = async () => {
    try {
      const { data } = await dataProvider.endOtherSessions();
      notify(T.othersEnded(data.ended), { type: 'success' });
    } catch (failure) {
      notify(failureMessage(failure, T.endFailed), { type: 'error' });
    }
    await reload();
  };

  const others = sessions?.filter((session) => !session.current).length ?? 0;
  return (
    <Box component="section" aria-labelledby="sessions-title">
      <Typography variant="h6" component="h2" id="sessions-title" gutterBottom>
        {T.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {T.intro}
      </Typography>
      {error ? <Alert severity="error">{T.loadFailed}</Alert> : null}
      {!isPending && sessions && (
        <List aria-labelledby="sessions-title" disablePadding>
          {sessions.map((session) => {
            const device = deviceName(session.device) || T.unknownDevice;
            return (
              <ListItem key={session._id} divider disableGutters sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                <ListItemText
                  sx={{ minWidth: 0, flex: '1 1 240px' }}
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <span>{device}</span>
                      {session.current && <Chip size="small" color="success" label={T.thisSession} />}
                    </Stack>
                  }
                  secondary={`${T.address}: ${session.address || '—'} · ${T.lastUsed}: ${formatDateTime(session.lastUsedAt)}`}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                {!session.current && (
                  <Button color="error" aria-label={T.endLabel(device)} onClick={() => void endOne(session._id)}>
                    {T.end}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
      <Box sx={{ mt: 2 }}>
        <Button variant="outlined" color="error" disabled={others === 0} onClick={() => void endOthers()}>
          {T.endOthers}
        </Button>
      </Box>
    </Box>
  );
}
