/**
 * How an activity-log entry reads, on the Activity page and in each record's History: who, what,
 * when, and each change as before → after (an image by its address, shown small).
 */
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useCanAccess, useCreatePath, useGetList, useRecordContext, useResourceContext, type RaRecord } from 'react-admin';
import {
  activityAction,
  activityAdmin,
  activityResource,
  activityValue,
  ACTIVITY_TEXTS,
  DEFAULT_PAGE_SIZE,
  LOGGED_RESOURCES,
  type ActivityChange,
  type ActivityEntryRecord,
} from '../domain';
import { formatDateTime } from './format';
import { PaginationBar } from './ListPagination';

export type ActivityEntry = RaRecord & Omit<ActivityEntryRecord, '_id'>;

const T = ACTIVITY_TEXTS;

/** Each change on its own line: 'field: before → after'. */
export function ActivityChanges({ changes }: { changes: ActivityChange[] }) {
  if (changes.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
      {changes.map((change) => (
        <Typography key={change.field} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {change.field}
          </Box>
          : {activityValue(change.before)} → {activityValue(change.after)}
        </Typography>
      ))}
    </Box>
  );
}

/** Who made the entry; a fan's name links to their page in Users while their account exists. */
export function ActivityActor({ entry }: { entry: Pick<ActivityEntry, 'admin' | 'fan' | 'action'> }) {
  const createPath = useCreatePath();
  const fan = !entry.admin && entry.fan?.name ? entry.fan : undefined;
  if (!fan) return <>{activityAdmin(entry)}</>;
  return <Link to={createPath({ resource: 'users', id: fan._id, type: 'show' })}>{activityAdmin(entry)}</Link>;
}

/** One entry as a card's content: the History section's rows, and the Activity list on a phone. */
export function ActivityCardContent({ entry, withRecord = true }: { entry: ActivityEntry; withRecord?: boolean }) {
  return (
    <CardContent sx={{ display: 'grid', gap: 1 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {activityAction(entry)} · <ActivityActor entry={entry} />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(entry.at)}
        </Typography>
      </Stack>
      {withRecord && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {activityResource(entry)}
          {entry.recordLabel ? `: ${entry.recordLabel}` : ''}
        </Typography>
      )}
      <ActivityChanges changes={entry.changes} />
    </CardContent>
  );
}

/** A detail page's History: the record's entries, newest first, a page at a time; only for a role that reads the activity log. */
export function RecordHistory() {
  const resource = useResourceContext();
  const record = useRecordContext();
  const [page, setPage] = useState(1);
  const { canAccess } = useCanAccess({ resource: 'activity', action: 'list' });
  const logged = LOGGED_RESOURCES.includes(resource ?? '') && canAccess === true;
  const { data, total = 0, isPending, error } = useGetList<ActivityEntry>(
    'activity',
    { filter: { resource, recordId: record?.id }, pagination: { page, perPage: DEFAULT_PAGE_SIZE } },
    { enabled: logged && record?.id !== undefined },
  );
  if (!logged || !record) return null;
  return (
    <Box component="section" aria-labelledby="record-history" sx={{ mt: 3, display: 'grid', gap: 1.5 }}>
      <Typography id="record-history" variant="h6" component="h2">
        {T.history}
      </Typography>
      {error ? (
        <Typography color="error">{T.historyFailure}</Typography>
      ) : isPending ? null : data?.length ? (
        <>
          {data.map((entry) => (
            <Card key={entry.id} variant="outlined" component="article">
              <ActivityCardContent entry={entry} withRecord={false} />
            </Card>
          ))}
          {total > DEFAULT_PAGE_SIZE && <PaginationBar page={page} pageCount={Math.ceil(total / DEFAULT_PAGE_SIZE)} total={total} onChange={setPage} />}
        </>
      ) : (
        <Typography color="text.secondary">{T.historyEmpty}</Typography>
      )}
    </Box>
  );
}
