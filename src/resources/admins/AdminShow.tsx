/** /admins/{id}: an admin's account, End All Sessions, Deactivate or Reactivate, Edit (names, password reset), and its History. */
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { ActiveBadge, detailTexts, Fact, formatDate, formatDateTime, ResourceShow } from '../../common';
import { ADMIN_TEXTS } from '../../domain';
import { ActiveSwitch, adminName, EndSessionsButton, roleLabelOf, type AdminAccount } from './AdminParts';

const T = ADMIN_TEXTS;

function AdminDetails() {
  const admin = useRecordContext<AdminAccount>()!;
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 3 }}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {adminName(admin)}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))' }}>
          <Fact label={T.email}>
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {admin.email}
            </Box>
          </Fact>
          <Fact label={T.role}>{roleLabelOf(admin)}</Fact>
          <Fact label={T.status}>
            <ActiveBadge active={admin.isActive} />
          </Fact>
          <Fact label={T.lastSignIn}>{admin.lastSignInAt ? formatDateTime(admin.lastSignInAt) : T.neverSignedIn}</Fact>
          <Fact label={T.created}>{formatDate(admin.createdAt)}</Fact>
        </Box>
      </CardContent>
    </Card>
  );
}

export const AdminShow = () => (
  <ResourceShow
    texts={detailTexts(T, T.notFound)}
    actions={
      <>
        <EndSessionsButton />
        <ActiveSwitch />
      </>
    }
  >
    <AdminDetails />
  </ResourceShow>
);
