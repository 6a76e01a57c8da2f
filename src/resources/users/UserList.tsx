/**
 * /users, 'User Management' on the shared list frame: 'Total users' counted by the
 * server, search by name or e-mail and an Active/Inactive filter on the server, table or grid, View
 * only (no add, edit or delete).
 */
import { Box, CardContent, Typography } from '@mui/material';
import { FunctionField, useRecordContext } from 'react-admin';
import { ActiveBadge, activeFilter, Fact, formatDate, listTexts, RecordActions, ResourceList, ResourceStats } from '../../common';
import { USER_TEXTS } from '../../domain';
import { ageOf, type AppUser } from './UserParts';

const columns = [
  <FunctionField<AppUser>
    key="name"
    label={USER_TEXTS.columnName}
    sortBy="name"
    render={(record) => (
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {record.name}
      </Typography>
    )}
  />,
  <FunctionField<AppUser> key="email" label={USER_TEXTS.columnEmail} sortable={false} render={(record) => record.email} />,
  <FunctionField<AppUser> key="age" label={USER_TEXTS.columnAge} sortable={false} render={ageOf} />,
  <FunctionField<AppUser> key="created" label={USER_TEXTS.columnCreated} sortBy="createdAt" render={(record) => formatDate(record.createdAt)} />,
  <FunctionField<AppUser> key="status" label={USER_TEXTS.columnStatus} sortable={false} render={(record) => <ActiveBadge active={record.isActive} />} />,
];

function UserCard() {
  const record = useRecordContext<AppUser>()!;
  return (
    <CardContent sx={{ flex: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {record.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {record.email}
        </Typography>
      </Box>
      <Box>
        <ActiveBadge active={record.isActive} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 1 }}>
        <Fact label={USER_TEXTS.columnAge}>{ageOf(record)}</Fact>
        <Fact label={USER_TEXTS.columnCreated}>{formatDate(record.createdAt)}</Fact>
      </Box>
    </CardContent>
  );
}

export function UserList() {
  return (
    <ResourceList
      texts={listTexts(USER_TEXTS)}
      emptyTexts={{ empty: { title: USER_TEXTS.emptyTitle }, searching: { title: USER_TEXTS.emptyTitle, hint: USER_TEXTS.emptySearchHint } }}
      stats={<ResourceStats figures={[{ key: 'total', label: USER_TEXTS.statTotal }]} />}
      filters={[activeFilter(USER_TEXTS.statusFilter)]}
      sortFields={['createdAt', 'name']}
      columns={columns}
      card={<UserCard />}
      actions={<RecordActions edit={false} />}
    />
  );
}
