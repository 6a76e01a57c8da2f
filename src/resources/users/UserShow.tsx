/** /users/{id}, 'User Details': read-only, where the old /user/{id}/view and /user/{id}/edit land. */
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { ActiveBadge, detailTexts, Fact, formatDate, ResourceShow } from '../../common';
import { USER_TEXTS } from '../../domain';
import { ageOf, type AppUser } from './UserParts';

function UserDetails() {
  const user = useRecordContext<AppUser>()!;
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 3 }}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {user.name}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))' }}>
          <Fact label={USER_TEXTS.columnEmail}>
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Box>
          </Fact>
          <Fact label={USER_TEXTS.columnAge}>{ageOf(user)}</Fact>
          <Fact label={USER_TEXTS.columnStatus}>
            <ActiveBadge active={user.isActive} />
          </Fact>
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
