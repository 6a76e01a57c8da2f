/**
 * Publish now, Unpublish and Schedule on a record outside a form: a slide's row or card (slides have
 * no edit page) and a detail page. Each calls the data provider's own method, toasts what became of
 * the record (or the server's refusal) and reads the page again.
 */
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ScheduleIcon from '@mui/icons-material/Schedule';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext, type RaRecord } from 'react-admin';
import { GENERIC, PUBLISHING_TEXTS } from '../../domain';
import type { CreaseDataProvider } from '../../providers/dataProvider';
import { Fact } from '../Fact';
import { failureMessage } from '../LoadError';
import { formatZonedTime } from '../zonedTime';
import { publishingOfRecord, PublishingState, type PublishingRecord } from './PublishingState';
import { ScheduleDialog, type ScheduleChoice } from './ScheduleDialog';

type Call = 'publish' | 'unpublish' | 'schedule';

const TOASTS: Record<Call, string> = {
  publish: PUBLISHING_TEXTS.published,
  unpublish: PUBLISHING_TEXTS.unpublished,
  schedule: PUBLISHING_TEXTS.scheduled,
};

export type PublishingActionsProps = {
  /** The record's name for screen readers where several are on one page ('Slide 3'): each button says whose it is. */
  name?: string;
  size?: 'small' | 'medium';
};

export function PublishingActions({ name, size = 'small' }: PublishingActionsProps) {
  const record = useRecordContext<RaRecord & PublishingRecord>();
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState<Call>();
  const [scheduling, setScheduling] = useState(false);
  // Publishing writes the record: a role that reads the content only sees its state.
  const { canAccess } = useCanAccess({ action: 'publish', resource, record });
  if (!record || !canAccess) return null;
  const current = publishingOfRecord(record);
  const run = async (call: Call, choice?: ScheduleChoice) => {
    setBusy(call);
    try {
      const id = record.id;
      const { data } =
        call === 'publish'
          ? await dataProvider.publishRecord(resource, { id })
          : call === 'unpublish'
            ? await dataProvider.unpublishRecord(resource, { id })
            : await dataProvider.scheduleRecord(resource, { id, ...choice });
      const after = publishingOfRecord(data as PublishingRecord).status;
      // A schedule whose time is this minute goes live at once; say what happened.
      notify(call === 'schedule' && after === 'published' ? PUBLISHING_TEXTS.published : TOASTS[call], { type: 'success' });
      setScheduling(false);
      refresh();
    } catch (error) {
      notify(failureMessage(error, GENERIC.somethingWentWrong), { type: 'error' });
    } finally {
      setBusy(undefined);
    }
  };
  const label = (text: string) => (name ? `${text}: ${name}` : undefined);
  return (
    <>
      {current.status !== 'published' && (
        <Button size={size} startIcon={<CheckCircleOutlineIcon />} onClick={() => run('publish')} disabled={!!busy} aria-label={label(PUBLISHING_TEXTS.publishNow)}>
          {PUBLISHING_TEXTS.publishNow}
        </Button>
      )}
      {current.status !== 'draft' && (
        <Button size={size} startIcon={<UnpublishedIcon />} onClick={() => run('unpublish')} disabled={!!busy} aria-label={label(PUBLISHING_TEXTS.unpublish)}>
          {PUBLISHING_TEXTS.unpublish}
        </Button>
      )}
      <Button size={size} startIcon={<ScheduleIcon />} onClick={() => setScheduling(true)} disabled={!!busy} aria-label={label(PUBLISHING_TEXTS.schedule)}>
        {PUBLISHING_TEXTS.schedule}
      </Button>
      {scheduling && (
        <ScheduleDialog
          publishAt={current.status === 'scheduled' ? current.publishAt : undefined}
          unpublishAt={current.unpublishAt}
          endOnly={current.status === 'published'}
          busy={busy === 'schedule'}
          onClose={() => setScheduling(false)}
          onSchedule={(choice) => run('schedule', choice)}
        />
      )}
    </>
  );
}

/** A detail page's publishing card: the state, its times in the admin's time zone, and the actions. */
export function PublishingCard() {
  const record = useRecordContext<RaRecord & PublishingRecord>();
  const headingId = useId();
  if (!record) return null;
  const current = publishingOfRecord(record);
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="subtitle1" component="h2" id={headingId} sx={{ fontWeight: 600 }}>
          {PUBLISHING_TEXTS.status}
        </Typography>
        <PublishingState record={record} hideTime />
        {current.publishAt && <Fact label={PUBLISHING_TEXTS.publishAt}>{formatZonedTime(current.publishAt)}</Fact>}
        {current.unpublishAt && <Fact label={PUBLISHING_TEXTS.unpublishAt}>{formatZonedTime(current.unpublishAt)}</Fact>}
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          <PublishingActions size="small" />
        </Stack>
      </CardContent>
    </Card>
  );
}
