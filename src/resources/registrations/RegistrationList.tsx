/**
 * /registrations, 'Registrations': the declared list (src/common/declared/DeclaredList.tsx) with the
 * registration's own values ('N/A' for missing ones, the full name, the status badge), status tabs
 * with their counts and the CSV of the current search and filters, the state → district → city
 * filters that cascade, rows selected for a bulk Approve or Reject with Undo, and View and Edit only.
 */
import { Box, CardContent, Typography } from '@mui/material';
import { SelectInput, useRecordContext } from 'react-admin';
import { DeclaredList, ExportCsvButton, Fact, formatDate, ListTabs, RecordActions, StatusChip, useTabCounts, type OwnValues } from '../../common';
import { ACTIONS, PLAYER_ROLES, REGISTRATION_TEXTS, SHARED_TEXTS, toChoices } from '../../domain';
import { registrations } from '../../domain/entities';
import { BulkStatusButtons, formatDay, fullName, orNA, PlaceInput, type Registration } from './RegistrationParts';

const T = REGISTRATION_TEXTS;
const { fields } = registrations;

const filterInputs = {
  status: null,
  state: <PlaceInput key="state" source="state" reference="state" label={fields.state.label} clears={['district', 'city']} emptyText={ACTIONS.clearFilter} />,
  district: <PlaceInput key="district" source="district" reference="district" parent="state" label={fields.district.label} clears={['city']} emptyText={ACTIONS.clearFilter} />,
  city: <PlaceInput key="city" source="city" reference="city" parent="district" label={fields.city.label} emptyText={ACTIONS.clearFilter} />,
  playingRole: <SelectInput key="playingRole" source="playingRole" label={fields.playingRole.label} choices={toChoices(PLAYER_ROLES)} emptyText={ACTIONS.clearFilter} />,
};

/** A value of the registration in context, as its own function of the record. */
const Shown = ({ of }: { of: (record: Registration) => string }) => <>{of(useRecordContext<Registration>()!)}</>;

const Status = () => <StatusChip status={useRecordContext<Registration>()?.status} />;

const VALUES: OwnValues = {
  firstName: (
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      <Shown of={fullName} />
    </Typography>
  ),
  // A long address breaks anywhere rather than widening the table past the screen.
  email: (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      <Shown of={(record) => orNA(record.email)} />
    </Box>
  ),
  DOB: <Shown of={(record) => formatDay(record.DOB)} />,
  phone: <Shown of={(record) => orNA(record.phone)} />,
  city: <Shown of={(record) => orNA(record.city?.name)} />,
  playingRole: <Shown of={(record) => orNA(record.playingRole)} />,
  status: <Status />,
};

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
        {(['phone', 'DOB', 'city', 'playingRole'] as const).map((name) => (
          <Fact key={name} label={fields[name].label}>
            {VALUES[name]}
          </Fact>
        ))}
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
          { label: SHARED_TEXTS.allTab, count: data?.total },
        ]}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pt: 1 }}>
        <ExportCsvButton texts={{ label: T.exportCsv, fileName: T.exportFileName, failure: T.exportFailure }} />
      </Box>
    </>
  );
}

export const RegistrationList = () => (
  <DeclaredList
    entity={registrations}
    values={VALUES}
    card={<RegistrationCard />}
    filterInputs={filterInputs}
    tabs={<StatusTabs />}
    bulkActionButtons={<BulkStatusButtons />}
    actions={<RecordActions />}
    emptyTexts={{ empty: { title: T.emptyTitle } }}
  />
);
