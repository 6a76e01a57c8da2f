/**
 * /activity: every change made through the API, newest first, with who made it (an admin, a fan in
 * the app, Crease itself) and each changed field before → after; filters for the admin, resource,
 * action and dates, a search over record titles and names, and the CSV of what they select. Cards on a phone.
 */
import { Box } from '@mui/material';
import { DateInput, FunctionField, Link, SelectInput, useCreatePath, useGetList, useRecordContext } from 'react-admin';
import {
  ActivityActor,
  ActivityCardContent,
  ActivityChanges,
  ExportCsvButton,
  formatDateTime,
  ResourceList,
  type ActivityEntry,
} from '../../common';
import { ACTIONS, ACTIVITY_ACTIONS, ACTIVITY_TEXTS, activityAction, activityResource, LOGGED_RESOURCES, loggedResourceLabel, MAX_PAGE_SIZE } from '../../domain';

const T = ACTIVITY_TEXTS;

/** What a record no longer exists after: its delete, and a deleted fan's redaction (written with the deletion). */
const GONE_AFTER = ['delete', 'redact'];

/** The record's label, a link to it while it still exists. */
function RecordLink({ entry }: { entry: ActivityEntry }) {
  const createPath = useCreatePath();
  const label = entry.recordLabel ?? '';
  if (!entry.recordId || GONE_AFTER.includes(entry.action) || entry.resource === 'slides') return <>{label}</>;
  return <Link to={createPath({ resource: entry.resource, id: entry.recordId, type: 'show' })}>{label || entry.recordId}</Link>;
}

/** The admins to filter by, by name. */
function AdminFilter(props: { source: string; label: string }) {
  const { data = [] } = useGetList('admins', { pagination: { page: 1, perPage: MAX_PAGE_SIZE }, sort: { field: 'firstName', order: 'ASC' } });
  const choices = data.map((admin) => ({ id: admin.id, name: [admin.firstName, admin.lastName].filter(Boolean).join(' ') }));
  return <SelectInput {...props} choices={choices} emptyText={ACTIONS.clearFilter} />;
}

const filters = [
  <AdminFilter key="adminId" source="adminId" label={T.admin} />,
  <SelectInput key="resource" source="resource" label={T.resource} choices={LOGGED_RESOURCES.map((id) => ({ id, name: loggedResourceLabel(id) }))} emptyText={ACTIONS.clearFilter} />,
  <SelectInput key="action" source="action" label={T.action} choices={ACTIVITY_ACTIONS.map((id) => ({ id, name: T.actions[id] }))} emptyText={ACTIONS.clearFilter} />,
  <DateInput key="from" source="from" label={T.from} />,
  <DateInput key="to" source="to" label={T.to} />,
];

const columns = [
  <FunctionField<ActivityEntry> key="at" label={T.when} sortable={false} render={(entry) => formatDateTime(entry.at)} />,
  <FunctionField<ActivityEntry> key="admin" label={T.admin} sortable={false} render={(entry) => <ActivityActor entry={entry} />} />,
  <FunctionField<ActivityEntry> key="action" label={T.action} sortable={false} render={activityAction} />,
  <FunctionField<ActivityEntry> key="resource" label={T.resource} sortable={false} render={activityResource} />,
  <FunctionField<ActivityEntry> key="record" label={T.record} sortable={false} render={(entry) => <RecordLink entry={entry} />} />,
  <FunctionField<ActivityEntry> key="changes" label={T.changes} sortable={false} render={(entry) => <ActivityChanges changes={entry.changes} />} />,
];

function EntryCard() {
  const entry = useRecordContext<ActivityEntry>()!;
  return <ActivityCardContent entry={entry} />;
}

export function ActivityList() {
  return (
    <ResourceList
      texts={{ title: T.listTitle, search: T.searchPlaceholder, loading: T.loading }}
      emptyTexts={{ empty: { title: T.emptyTitle } }}
      filters={filters}
      columns={columns}
      card={<EntryCard />}
      actions={null}
      rowClick={false}
      tabs={
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pt: 1 }}>
          <ExportCsvButton texts={{ label: T.exportCsv, fileName: T.exportFileName, failure: T.exportFailure }} />
        </Box>
      }
    />
  );
}
