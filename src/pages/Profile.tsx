/** /profile: the signed-in admin's details (the user menu's Profile and Settings both open it). */
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity } from 'react-admin';
import { SCREEN_TITLES, SHELL, SHELL_EXTRA } from '../domain';

const Row = ({ label, value }: { label: string; value?: string }) => (
  <Stack direction="row" spacing={2}>
    <Typography sx={{ minWidth: 120 }} color="text.secondary">
      {label}
    </Typography>
    <Typography>{value || '—'}</Typography>
  </Stack>
);

export function Profile() {
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ p: 3 }}>
      <Title title={SCREEN_TITLES.profile} />
      <Typography variant="h4" component="h1" gutterBottom>
        {SCREEN_TITLES.profile}
      </Typography>
      <Card variant="outlined" sx={{ maxWidth: 560 }}>
        <CardContent>
          <Stack spacing={1.5}>
            <Row label={SHELL_EXTRA.nameLabel} value={identity?.fullName ?? SHELL.defaultName} />
            <Row label={SHELL_EXTRA.emailLabel} value={identity?.email} />
            <Row label={SHELL_EXTRA.roleLabel} value={identity?.role} />
            <Row label={SHELL_EXTRA.userIdLabel} value={identity?.id?.toString()} />
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
