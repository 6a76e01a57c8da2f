/** /admins: the league office's admin accounts (name, e-mail, active, last sign-in, created), with search. */
import { Box, CardContent, Typography } from '@mui/material';
import { FunctionField, useRecordContext } from 'react-admin';
import { ActiveBadge, activeFilter, Fact, formatDate, formatDateTime, listTexts, RecordActions, ResourceList } from '../../common';
import { ADMIN_TEXTS } from '../../domain';
import { adminName, type AdminAccount } from './AdminParts';

const T = ADMIN_TEXTS;
const lastSignIn = (admin: AdminAccount) => (admin.lastSignInAt ? formatDateTime(admin.lastSignInAt) : T.neverSignedIn);

const columns = [
  <FunctionField<AdminAccount>
    key="name"
    label={T.name}
    sortBy="firstName"
    render={(record) => (
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {adminName(record)}
      </Typography>
    )}
  />,
  <FunctionField<AdminAccount> key="email" label={T.email} sortBy="email" render={(record) => record.email} />,
  <FunctionField<AdminAccount> key="status" label={T.status} sortable={false} render={(record) => <ActiveBadge active={record.isActive} />} />,
  <FunctionField<AdminAccount> key="lastSignIn" label={T.lastSignIn} sortable={false} render={lastSignIn} />,
  <FunctionField<AdminAccount> key="created" label={T.created} sortBy="createdAt" render={(record) => formatDate(record.createdAt)} />,
];

function AdminCard() {
  const record = useRecordContext<AdminAccount>()!;
  return (
    <CardContent sx={{ flex: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {adminName(record)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {record.email}
        </Typography>
      </Box>
      <Box>
        <ActiveBadge active={record.isActive} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 1 }}>
        <Fact label={T.lastSignIn}>{lastSignIn(record)}</Fact>
        <Fact label={T.created}>{formatDate(record.createdAt)}</Fact>
      </Box>
    </CardContent>
  );
}

export function AdminList() {
  return (
    <ResourceList
      texts={listTexts(T)}
      emptyTexts={{ empty: { title: T.emptyTitle }, searching: { title: T.emptyTitle, hint: T.emptySearchHint } }}
      filters={[activeFilter(T.status)]}
      sortFields={['createdAt', 'firstName', 'email']}
      columns={columns}
      card={<AdminCard />}
      actions={<RecordActions />}
    />
  );
}
