/**
 * The publishing part of a create or edit form, beside its submit button (which keeps its own
 * text and flow: a create publishes at once, an edit keeps the state).
 * - Create: Save as draft, and Schedule (a time to go live, optionally one to come down).
 * - Edit: the state above the fields (`PublishingFormState`), and Publish now or Unpublish, and Schedule.
 * Each button saves the whole form, so the admin's changes go with it; it says its choice through
 * `SUBMIT_INTENT`, which `withPublishing` turns into the API's `status`, `publishAt` and `unpublishAt`.
 */
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ScheduleIcon from '@mui/icons-material/Schedule';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import { Box, Button, Typography } from '@mui/material';
import { useRef, useState, type ReactNode } from 'react';
import { useRecordContext, useSaveContext, type RaRecord } from 'react-admin';
import { useFormContext, useFormState, type FieldValues } from 'react-hook-form';
import { PUBLISHING_TEXTS } from '../../domain';
import { SUBMIT_INTENT } from '../ResourceForm';
import { publishingOfRecord, PublishingState, type PublishingRecord } from './PublishingState';
import { ScheduleDialog, type ScheduleChoice } from './ScheduleDialog';

/** The way to save an admin chose, kept in the form under SUBMIT_INTENT. */
export type PublishingIntent = { kind: 'draft' | 'publish' | 'unpublish' } | ({ kind: 'schedule' } & ScheduleChoice);

/** The API's publishing fields for a chosen way to save; none for the submit button's own. */
export function publishingPayload(intent: PublishingIntent | undefined): Record<string, unknown> {
  switch (intent?.kind) {
    case 'draft':
    case 'unpublish':
      return { status: 'draft' };
    case 'publish':
      return { status: 'published' };
    case 'schedule':
      return intent.publishAt === undefined
        ? { unpublishAt: intent.unpublishAt }
        : { status: 'scheduled', publishAt: intent.publishAt, unpublishAt: intent.unpublishAt };
    default:
      return {};
  }
}

/** A resource's `transform` with the publishing fields of the chosen way to save added. */
export const withPublishing =
  <T extends Record<string, unknown>>(transform: (values: T) => Record<string, unknown>) =>
  (values: T) => ({ ...transform(values), ...publishingPayload(values[SUBMIT_INTENT] as PublishingIntent | undefined) });

/** The success toast: the screen's own after the submit button, else what became of the record. */
export const publishingSuccess =
  (specText: string) =>
  (record: RaRecord, values: FieldValues): string => {
    const intent = values[SUBMIT_INTENT] as PublishingIntent | undefined;
    if (!intent) return specText;
    if (intent.kind === 'draft') return PUBLISHING_TEXTS.savedAsDraft;
    if (intent.kind === 'unpublish') return PUBLISHING_TEXTS.unpublished;
    const { status } = publishingOfRecord(record as PublishingRecord);
    return status === 'scheduled' ? PUBLISHING_TEXTS.scheduled : status === 'draft' ? PUBLISHING_TEXTS.unpublished : PUBLISHING_TEXTS.published;
  };

/** Sets the intent, then submits the form as its submit button would (validation first). */
function useSubmitWith() {
  const { setValue } = useFormContext();
  const anchor = useRef<HTMLSpanElement>(null);
  const submitWith = (intent: PublishingIntent) => {
    setValue(SUBMIT_INTENT, intent);
    anchor.current?.closest('form')?.requestSubmit();
  };
  return { anchor, submitWith };
}

function useBusy() {
  const { isSubmitting } = useFormState();
  const { saving } = useSaveContext();
  return isSubmitting || !!saving;
}

type IntentButtonProps = { icon: ReactNode; children: ReactNode; onClick: () => void; disabled: boolean; size: 'small' | 'medium' };

function IntentButton({ icon, children, onClick, disabled, size }: IntentButtonProps) {
  return (
    <Button variant="outlined" size={size} startIcon={icon} onClick={onClick} disabled={disabled}>
      {children}
    </Button>
  );
}

/**
 * The publishing buttons: on create, the toolbar's (pass as its `extra`); on edit, those under the
 * state (`PublishingFormState` shows them), so that the toolbar keeps one row on a phone.
 */
export function PublishingFormButtons({ mode }: { mode: 'create' | 'edit' }) {
  const size = mode === 'create' ? 'medium' : 'small';
  const record = useRecordContext<RaRecord & PublishingRecord>();
  const busy = useBusy();
  const { anchor, submitWith } = useSubmitWith();
  const [scheduling, setScheduling] = useState(false);
  const current = mode === 'edit' ? publishingOfRecord(record) : undefined;
  const live = current?.status === 'published';
  const schedule = (choice: ScheduleChoice) => {
    setScheduling(false);
    submitWith({ kind: 'schedule', ...choice });
  };
  return (
    <>
      <span ref={anchor} hidden />
      {mode === 'create' && (
        <IntentButton icon={<EditNoteIcon />} onClick={() => submitWith({ kind: 'draft' })} disabled={busy} size={size}>
          {PUBLISHING_TEXTS.saveAsDraft}
        </IntentButton>
      )}
      {current && current.status !== 'published' && (
        <IntentButton icon={<CheckCircleOutlineIcon />} onClick={() => submitWith({ kind: 'publish' })} disabled={busy} size={size}>
          {PUBLISHING_TEXTS.publishNow}
        </IntentButton>
      )}
      {current && current.status !== 'draft' && (
        <IntentButton
          icon={<UnpublishedIcon />}
          onClick={() => submitWith({ kind: 'unpublish' })}
          disabled={busy}
          size={size}
        >
          {PUBLISHING_TEXTS.unpublish}
        </IntentButton>
      )}
      <IntentButton icon={<ScheduleIcon />} onClick={() => setScheduling(true)} disabled={busy} size={size}>
        {PUBLISHING_TEXTS.schedule}
      </IntentButton>
      {scheduling && (
        <ScheduleDialog
          publishAt={current?.status === 'scheduled' ? current.publishAt : undefined}
          unpublishAt={current?.unpublishAt}
          endOnly={live}
          onClose={() => setScheduling(false)}
          onSchedule={schedule}
        />
      )}
    </>
  );
}

/**
 * An edit form's first part: the record's state as it is saved now, and Publish now or Unpublish, and
 * Schedule, each saving the form with the admin's changes.
 */
export function PublishingFormState() {
  const record = useRecordContext<RaRecord & PublishingRecord>();
  return (
    <Box
      component="section"
      aria-label={PUBLISHING_TEXTS.status}
      sx={{ display: 'flex', alignItems: 'center', columnGap: 2, rowGap: 1, flexWrap: 'wrap', mb: 2, width: '100%' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" component="span">
          {PUBLISHING_TEXTS.status}
        </Typography>
        <PublishingState record={record} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <PublishingFormButtons mode="edit" />
      </Box>
    </Box>
  );
}
