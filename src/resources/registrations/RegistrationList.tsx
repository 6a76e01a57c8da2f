/**
 * /registrations, 'Registrations' on the shared list frame: 'Total
 * Registrations', status tabs with their counts, search over name, e-mail and phone, filters for
 * state → district → city and playing role, table or grid, rows selected for a bulk Approve or
 * Reject with Undo, and the CSV of the current search and filters.
 */
import { Box, CardContent, Typography } from '@mui/material';
import { FunctionField, SelectInput, useRecordContext } from 'react-admin';
import { ExportCsvButton, Fact, formatDate, ListTabs, listTexts, RecordActions, ResourceList, ResourceStats, StatusChip, useTabCounts } from '../../common';
import { ACTIONS, PLAYER_ROLES, REGISTRATION_TEXTS, toChoices } from '../../domain';
import { registrations } from '../../domain/entities';
import { BulkStatusButtons, formatDay, fullName, orNA, PlaceInput, type Registration } from './RegistrationParts';

const T = REGISTRATION_TEXTS;
const { fields } = registrations;

const filters = [
  <PlaceInput key="state" source="state" reference="state" label={fields.state.label} clears={['district', 'city']} emptyText={ACTIONS.clearFilter} />,
  <PlaceInput key="district" source="district" reference="district" parent="state" label={fields.district.label} clears={['city']} emptyText={ACTIONS.clearFilter} />,
  <PlaceInput key="city" source="city" reference="city" parent="district" label={fields.city.label} emptyText={ACTIONS.clearFilter} />,
  <SelectInput key="playingRole" source="playingRole" label={fields.playingRole.label} choices={toChoices(PLAYER_ROLES)} emptyText={ACTIONS.clearFilter} />,
];

const columns = [
  <FunctionField<Registration>
    key="name"
    label={T.columnFullName}
    sortBy="firstName"
    render={(record) => (
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {fullName(record)}
      </Typography>
    )}
  />,
  <FunctionField<Registration>
    key="email"
    label={fields.email.label}
    sortable={false}
    // A long address breaks anywhere rather than widening the table past the screen.
    render={(record) => (
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {orNA(record.email)}
      </Box>
    )}
  />,
  <FunctionField<Registration> key="dob" label={fields.DOB.label} sortable={false} render={(record) => formatDay(record.DOB)} />,
  <FunctionField<Registration> key="phone" label={fields.phone.label} sortable={false} render={(record) => orNA(record.phone)} />,
  <FunctionField<Registration> key="city" label={fields.city.label} sortable={false} render={(record) => orNA(record.city?.name)} />,
  <FunctionField<Registration> key="role" label={fields.playingRole.label} sortable={false} render={(record) => orNA(record.playingRole)} />,
  <FunctionField<Registration> key="status" label={fields.status.label} sortable={false} render={(record) => <StatusChip status={record.status} />} />,
  <FunctionField<Registration> key="created" label={T.columnCreated} sortBy="createdAt" render={(record) => formatDate(record.createdAt)} />,
];

function RegistrationCard() {
  const record = useRecordContext<Registration>()!;
  return (
    <CardContent sx={{ flex: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {fullName(record)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {orNA(record.email)}
          </Typography>
        </Box>
        <StatusChip status={record.status} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
        <Fact label={fields.phone.label}>{orNA(record.phone)}</Fact>
        <Fact label={fields.DOB.label}>{formatDay(record.DOB)}</Fact>
        <Fact label={fields.city.label}>{orNA(record.city?.name)}</Fact>
        <Fact label={fields.playingRole.label}>{orNA(record.playingRole)}</Fact>
        <Fact label={T.columnCreated}>{formatDate(record.createdAt)}</Fact>
      </Box>
    </CardContent>
  );
}

/** Pending, Approved, Rejected and All, each counted by the server over the search and filters; then Export. */
function StatusTabs() {
  const data = useTabCounts('status');
  return (
    <>
      <ListTabs
        source="status"
        label={T.tabsLabel}
        tabs={[
          { label: T.tabPending, value: 'pending', count: data?.pending },
          { label: T.tabApproved, value: 'approved', count: data?.approved },
          { label: T.tabRejected, value: 'rejected', count: data?.rejected },
          { label: T.tabAll, count: data?.total },
        ]}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pt: 1 }}>
        <ExportCsvButton texts={{ label: T.exportCsv, fileName: T.exportFileName, failure: T.exportFailure }} />
      </Box>
    </>
  );
}

export function RegistrationList() {
  return (
    <ResourceList
      texts={listTexts(T)}
      emptyTexts={{ empty: { title: T.emptyTitle }, searching: { title: T.emptyTitle, hint: T.emptyHint } }}
      stats={<ResourceStats figures={[{ key: 'total', label: T.statTotal }]} />}
      tabs={<StatusTabs />}
      filters={filters}
      sortFields={['createdAt', 'firstName']}
      columns={columns}
      card={<RegistrationCard />}
      actions={<RecordActions />}
      bulkActionButtons={<BulkStatusButtons />}
    />
  );
}
