/**
 * Schedule: when a record goes live and, optionally, when it comes down, chosen in the admin's time
 * zone (named under the inputs) and handed on as UTC instants to the minute. A live record is asked
 * only when it comes down. Refused times are said under their input: none, one already past, or
 * an end not after the start.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { PUBLISHING_TEXTS, PUSH_TEXTS, SHELL } from '../../domain';
import { adminTimeZone, isPastMinute, localInputTime, localInputValue, localToInstant } from '../zonedTime';

/** The chosen times as the API takes them; `publishAt` left out when only the end was asked. */
export type ScheduleChoice = { publishAt?: string; unpublishAt: string | null };

type Errors = { publishAt?: string; unpublishAt?: string };

/**
 * What is wrong with the chosen local times ('2026-11-27T18:30'), field by field, as the server would
 * refuse them; `publishAt` undefined when it is not asked. An empty `unpublishAt` means it stays up.
 */
export function scheduleErrors(publishAt: string | undefined, unpublishAt: string, now = new Date()): Errors {
  const errors: Errors = {};
  if (publishAt !== undefined) {
    const start = localInputTime(publishAt);
    // A time in the current minute goes live at once; only an earlier one is past.
    if (!start) errors.publishAt = PUBLISHING_TEXTS.publishAtRequired;
    else if (isPastMinute(start, now)) errors.publishAt = PUSH_TEXTS.sendAtPast;
  }
  if (unpublishAt !== '') {
    const end = localInputTime(unpublishAt);
    if (!end) errors.unpublishAt = PUBLISHING_TEXTS.unpublishAtInvalid;
    // Kept to the minute, an end must fall after now to be ahead.
    else if (Date.parse(localToInstant(unpublishAt)) <= now.getTime()) errors.unpublishAt = PUBLISHING_TEXTS.unpublishAtPast;
    else if (publishAt && !errors.publishAt && localToInstant(unpublishAt) <= localToInstant(publishAt)) errors.unpublishAt = PUBLISHING_TEXTS.unpublishAtNotAfter;
  }
  return errors;
}

export type ScheduleDialogProps = {
  /** The record's current times (ISO), to start from when moving a schedule. */
  publishAt?: string | null;
  unpublishAt?: string | null;
  /** Ask only when it comes down (a live record). */
  endOnly?: boolean;
  busy?: boolean;
  onClose: () => void;
  /** Told the chosen instants; answers a refusal's message to show, or nothing when done. */
  onSchedule: (choice: ScheduleChoice) => void | Promise<void>;
};

/** Mount it only while open, so that each opening starts from the record's times as they are then. */
export function ScheduleDialog({ publishAt, unpublishAt, endOnly = false, busy = false, onClose, onSchedule }: ScheduleDialogProps) {
  const titleId = useId();
  const [start, setStart] = useState(() => localInputValue(publishAt));
  const [end, setEnd] = useState(() => localInputValue(unpublishAt));
  const [errors, setErrors] = useState<Errors>({});
  const min = localInputValue(new Date().toISOString());
  const hint = `${PUBLISHING_TEXTS.timeHint} (${adminTimeZone()})`;
  const save = async () => {
    const found = scheduleErrors(endOnly ? undefined : start, end);
    setErrors(found);
    if (found.publishAt || found.unpublishAt) return;
    await onSchedule({ ...(endOnly ? {} : { publishAt: localToInstant(start) }), unpublishAt: end ? localToInstant(end) : null });
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{PUBLISHING_TEXTS.schedule}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {!endOnly && (
            <TextField
              type="datetime-local"
              label={PUBLISHING_TEXTS.publishAt}
              value={start}
              onChange={(event) => setStart(event.target.value)}
              error={!!errors.publishAt}
              helperText={errors.publishAt ?? hint}
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min } }}
            />
          )}
          <TextField
            type="datetime-local"
            label={PUBLISHING_TEXTS.unpublishAt}
            value={end}
            onChange={(event) => setEnd(event.target.value)}
            error={!!errors.unpublishAt}
            helperText={errors.unpublishAt ?? (endOnly ? hint : undefined)}
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {SHELL.cancel}
        </Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {PUBLISHING_TEXTS.schedule}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
