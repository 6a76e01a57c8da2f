/** /admins: the league office's admin accounts (name, e-mail, active, last sign-in, created), with search, and the two-factor policy's switch. */
import { Typography } from '@mui/material';
import { FunctionField, SelectInput, useRecordContext } from 'react-admin';
import { ActiveBadge, activeFilter, formatDate, formatDateTime, listTexts, PersonCard, RecordActions, ResourceList } from '../../common';
import { ACTIONS, ADMIN_TEXTS } from '../../domain';
import { adminName, ROLE_CHOICES, roleLabelOf, type AdminAccount } from './AdminParts';
import { SecondFactorPolicy } from './SecondFactorPolicy';

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
  <FunctionField<AdminAccount> key="role" label={T.role} sortable={false} render={roleLabelOf} />,
  <FunctionField<AdminAccount> key="status" label={T.status} sortable={false} render={(record) => <ActiveBadge active={record.isActive} />} />,
  <FunctionField<AdminAccount> key="lastSignIn" label={T.lastSignIn} sortable={false} render={lastSignIn} />,
  <FunctionField<AdminAccount> key="created" label={T.created} sortBy="createdAt" render={(record) => formatDate(record.createdAt)} />,
];

function AdminCard() {
  const record = useRecordContext<AdminAccount>()!;
  return (
    <PersonCard
      name={adminName(record)}
      email={record.email}
      active={record.isActive}
      facts={[
        [T.role, roleLabelOf(record)],
        [T.lastSignIn, lastSignIn(record)],
        [T.created, formatDate(record.createdAt)],
      ]}
    />
  );
}

export function AdminList() {
  return (
    <ResourceList
      texts={listTexts(T)}
      emptyTexts={{ empty: { title: T.emptyTitle }, searching: { title: T.emptyTitle, hint: T.emptySearchHint } }}
      filters={[
        activeFilter(T.status),
        <SelectInput key="role" source="role" label={T.role} choices={ROLE_CHOICES} emptyText={ACTIONS.clearFilter} />,
      ]}
      sortFields={['createdAt', 'firstName', 'email']}
      columns={columns}
      card={<AdminCard />}
      actions={<RecordActions />}
      stats={<SecondFactorPolicy />}
    />
  );
}
