/**
 * A notification's Delivery on its detail page: the state, a scheduled send's time, why a send was
 * not made or stopped, the counts and a progress bar, and the failures by FCM's reason. While a send
 * runs (or is about to start) the record is read again every 2 s, so the bar moves. Cancel send and
 * Reschedule act on a scheduled send, Retry failed on one with failures; each toasts the server's word.
 */
import ReplayIcon from '@mui/icons-material/Replay';
import ScheduleIcon from '@mui/icons-material/Schedule';
import CancelScheduleSendIcon from '@mui/icons-material/CancelScheduleSend';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { Confirm, useCanAccess, useDataProvider, useGetOne, useNotify, useRefresh, useShowContext, type Identifier } from 'react-admin';
import { failureMessage, formatCount } from '../../common';
import { GENERIC, PUSH_TEXTS, SHELL, type Delivery, type DeliveryState } from '../../domain';
import type { CreaseDataProvider } from '../../providers';
import { DeliveryChip, formatSendAt, localInputValue, sendAtError, sendAtInstant, type Notification } from './NotificationParts';

/** States of a send that began: its devices were counted, so the counts and the bar mean something. */
const STARTED: DeliveryState[] = ['sending', 'sent', 'partly-sent', 'failed'];

const FAST_POLL_MS = 2_000;
const SLOW_POLL_MS = 30_000;

/** How often to read the record again: fast while it sends or is due within a minute, slowly while it waits, never once it is done. */
function pollInterval(delivery: Delivery | undefined, now = Date.now()): number | false {
  if (delivery?.state === 'sending') return FAST_POLL_MS;
  if (delivery?.state !== 'scheduled') return false;
  const due = delivery.sendAt ? Date.parse(delivery.sendAt) - now : 0;
  return due < 60_000 ? FAST_POLL_MS : SLOW_POLL_MS;
}

type Call = 'cancel' | 'reschedule' | 'retry';

/** What each call asks the server, and its word when the server gives none. */
const CALLS: Record<Call, { done: string; send: (provider: CreaseDataProvider, id: Identifier, sendAt?: string) => Promise<{ message?: string }> }> = {
  cancel: { done: PUSH_TEXTS.cancelled, send: (provider, id) => provider.cancelNotification({ id }) },
  reschedule: { done: PUSH_TEXTS.rescheduled, send: (provider, id, sendAt) => provider.rescheduleNotification({ id, sendAt: sendAt! }) },
  retry: { done: PUSH_TEXTS.retried, send: (provider, id) => provider.retryNotification({ id }) },
};

/**
 * One of the notification's own calls: the server's message toasted either way, and the page
 * read again. Answers the refusal's words (a send time's own where the server names it), or undefined.
 */
function useDeliveryCall() {
  const { record } = useShowContext<Notification>();
  // The record and its History both change.
  const refresh = useRefresh();
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState<Call | null>(null);
  const run = async (call: Call, sendAt?: string): Promise<string | undefined> => {
    setBusy(call);
    try {
      const { message } = await CALLS[call].send(dataProvider, record!.id, sendAt);
      notify(message || CALLS[call].done, { type: 'success' });
      return undefined;
    } catch (error) {
      const message = failureMessage(error, GENERIC.somethingWentWrong);
      notify(message, { type: 'error' });
      return (error as { body?: { errors?: { sendAt?: string } } }).body?.errors?.sendAt ?? message;
    } finally {
      setBusy(null);
      // Also after a refusal (a 409): the send may have moved on meanwhile; show it as it is now.
      refresh();
    }
  };
  return { run, busy };
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 600 }} data-testid={`count-${label}`}>
        {formatCount(value)}
      </Typography>
    </Box>
  );
}

function Progress({ delivery }: { delivery: Delivery }) {
  const done = delivery.sent + delivery.failed + delivery.gone;
  const percent = delivery.targeted > 0 ? Math.round((done / delivery.targeted) * 100) : 100;
  const text = PUSH_TEXTS.progressOf(formatCount(done), formatCount(delivery.targeted));
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <LinearProgress variant="determinate" value={percent} aria-label={PUSH_TEXTS.progress} aria-valuetext={text} sx={{ height: 8, borderRadius: 4 }} />
      <Typography variant="caption" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}

function Reasons({ reasons }: { reasons: Record<string, number> }) {
  const headingId = useId();
  const rows = Object.entries(reasons).sort(([, a], [, b]) => b - a);
  if (rows.length === 0) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" id={headingId} sx={{ mb: 0.5 }}>
        {PUSH_TEXTS.reasons}
      </Typography>
      <Table size="small" aria-labelledby={headingId} sx={{ maxWidth: 420 }}>
        <TableHead>
          <TableRow>
            <TableCell>{PUSH_TEXTS.reason}</TableCell>
            <TableCell align="right">{PUSH_TEXTS.reasonCount}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([reason, count]) => (
            <TableRow key={reason}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Box component="code" sx={{ fontSize: '0.8125rem' }}>
                  {reason}
                </Box>
                {PUSH_TEXTS.reasonHints[reason] && (
                  <Typography variant="caption" color="text.secondary" component="p">
                    {PUSH_TEXTS.reasonHints[reason]}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{formatCount(count)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A datetime input in a dialog, starting at the current send time; refused times are said under it. */
function RescheduleDialog({ delivery, open, onClose }: { delivery: Delivery; open: boolean; onClose: () => void }) {
  const { run, busy } = useDeliveryCall();
  const [value, setValue] = useState(() => localInputValue(delivery.sendAt));
  const [error, setError] = useState<string>();
  const titleId = useId();
  const save = async () => {
    const refused = sendAtError(value);
    setError(refused);
    if (refused) return;
    const failed = await run('reschedule', sendAtInstant(value));
    setError(failed);
    if (!failed) onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{PUSH_TEXTS.reschedule}</DialogTitle>
      <DialogContent>
        <TextField
          type="datetime-local"
          label={PUSH_TEXTS.sendAt}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={!!error}
          helperText={error ?? PUSH_TEXTS.rescheduleHint}
          fullWidth
          margin="dense"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localInputValue(new Date().toISOString()) } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{SHELL.cancel}</Button>
        <Button variant="contained" onClick={save} disabled={busy !== null}>
          {PUSH_TEXTS.reschedule}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeliveryActions({ delivery }: { delivery: Delivery }) {
  const { run, busy } = useDeliveryCall();
  const [confirming, setConfirming] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const scheduled = delivery.state === 'scheduled';
  const retryable = (delivery.state === 'partly-sent' || delivery.state === 'failed') && delivery.failed > 0;
  // Moving, cancelling and retrying a send write it: a role that reads the content only sees the delivery.
  const { canAccess } = useCanAccess({ action: 'send', resource: 'notifications' });
  if ((!scheduled && !retryable) || !canAccess) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {scheduled && (
        <>
          <Button variant="outlined" size="small" startIcon={<ScheduleIcon />} onClick={() => setRescheduling(true)} disabled={busy !== null}>
            {PUSH_TEXTS.reschedule}
          </Button>
          <Button variant="outlined" size="small" color="error" startIcon={<CancelScheduleSendIcon />} onClick={() => setConfirming(true)} disabled={busy !== null}>
            {PUSH_TEXTS.cancel}
          </Button>
          {/* Mounted only while open, so it starts from the send time as it is then. */}
          {rescheduling && <RescheduleDialog delivery={delivery} open onClose={() => setRescheduling(false)} />}
          <Confirm
            isOpen={confirming}
            loading={busy === 'cancel'}
            title={PUSH_TEXTS.cancel}
            content={PUSH_TEXTS.cancelConfirm}
            confirm={PUSH_TEXTS.cancel}
            confirmColor="warning"
            cancel={PUSH_TEXTS.keepScheduled}
            onConfirm={async () => {
              await run('cancel');
              setConfirming(false);
            }}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
      {retryable && (
        <Button variant="outlined" size="small" startIcon={<ReplayIcon />} onClick={() => run('retry')} disabled={busy !== null}>
          {PUSH_TEXTS.retry}
        </Button>
      )}
    </Stack>
  );
}

export function NotificationDelivery() {
  const { record } = useShowContext<Notification>();
  // The same query as the page's own: reading it again refreshes the whole page.
  useGetOne<Notification>('notifications', { id: record!.id }, { refetchInterval: pollInterval(record?.delivery) });
  const headingId = useId();
  const delivery = record?.delivery;
  if (!delivery) return null;
  const alert = delivery.state === 'not-configured' ? 'info' : delivery.state === 'failed' ? 'error' : 'warning';
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id={headingId}>
            {PUSH_TEXTS.delivery}
          </Typography>
          <DeliveryChip state={delivery.state} />
          <Box sx={{ flex: 1 }} />
          <DeliveryActions delivery={delivery} />
        </Stack>
        {delivery.state === 'scheduled' && delivery.sendAt && (
          <Typography variant="body2">
            {PUSH_TEXTS.scheduledFor} <strong>{formatSendAt(delivery.sendAt)}</strong>
          </Typography>
        )}
        {delivery.message && <Alert severity={alert}>{delivery.message}</Alert>}
        {STARTED.includes(delivery.state) && (
          <>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' } }}>
              <Count label={PUSH_TEXTS.targeted} value={delivery.targeted} />
              <Count label={PUSH_TEXTS.sent} value={delivery.sent} />
              <Count label={PUSH_TEXTS.failed} value={delivery.failed} />
              <Count label={PUSH_TEXTS.gone} value={delivery.gone} />
              <Count label={PUSH_TEXTS.pending} value={delivery.pending} />
            </Box>
            <Progress delivery={delivery} />
            <Reasons reasons={delivery.reasons} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
