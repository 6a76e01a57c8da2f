/**
 * /users, 'User Management' on the shared list frame: 'Total users' counted by the
 * server, search by name or e-mail and an Active/Inactive filter on the server, table or grid, View
 * only (no add, edit or delete).
 */
import { Typography } from '@mui/material';
import { FunctionField, useRecordContext } from 'react-admin';
import { ActiveBadge, activeFilter, formatDate, listTexts, PersonCard, RecordActions, ResourceList, ResourceStats } from '../../common';
import { SHARED_TEXTS, USER_TEXTS } from '../../domain';
import { users } from '../../domain/entities';
import { ageOf, lastSignInOf, sourceOf, type AppUser } from './UserParts';

const columns = [
  <FunctionField<AppUser>
    key="name"
    label={users.fields.name.label}
    sortBy="name"
    render={(record) => (
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {record.name}
      </Typography>
    )}
  />,
  <FunctionField<AppUser> key="email" label={users.fields.email.label} sortable={false} render={(record) => record.email} />,
  <FunctionField<AppUser> key="age" label={users.fields.age.label} sortable={false} render={ageOf} />,
  <FunctionField<AppUser> key="source" label={users.fields.source.label} sortable={false} render={sourceOf} />,
  <FunctionField<AppUser> key="lastSignIn" label={users.fields.lastSignInAt.label} sortable={false} render={lastSignInOf} />,
  <FunctionField<AppUser> key="created" label={USER_TEXTS.columnCreated} sortBy="createdAt" render={(record) => formatDate(record.createdAt)} />,
  <FunctionField<AppUser> key="status" label={users.fields.isActive.label} sortable={false} render={(record) => <ActiveBadge active={record.isActive} />} />,
];

function UserCard() {
  const record = useRecordContext<AppUser>()!;
  return (
    <PersonCard
      name={record.name}
      email={record.email}
      active={record.isActive}
      facts={[
        [users.fields.age.label, ageOf(record)],
        [users.fields.source.label, sourceOf(record)],
        [users.fields.lastSignInAt.label, lastSignInOf(record)],
        [USER_TEXTS.columnCreated, formatDate(record.createdAt)],
      ]}
    />
  );
}

export function UserList() {
  return (
    <ResourceList
      texts={listTexts(USER_TEXTS)}
      emptyTexts={{ empty: { title: USER_TEXTS.emptyTitle }, searching: { title: USER_TEXTS.emptyTitle, hint: SHARED_TEXTS.tryAnotherSearch } }}
      stats={<ResourceStats figures={[{ key: 'total', label: USER_TEXTS.statTotal }]} />}
      filters={[activeFilter(users.fields.isActive.label)]}
      sortFields={['createdAt', 'name']}
      columns={columns}
      card={<UserCard />}
      actions={<RecordActions edit={false} />}
    />
  );
}
