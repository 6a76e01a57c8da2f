/**
 * What the registration screens share: the record type, its name and missing values as
 * 'N/A', the delete texts, the status changes (one from the detail page, many from the list, with
 * Undo as react-admin's demo moderates reviews), and the cascading state → district → city choices.
 */
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button as MuiButton } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  Button,
  ReferenceInput,
  SelectInput,
  useCanAccess,
  useListContext,
  useNotify,
  useRecordContext,
  useUnselectAll,
  useUpdate,
  useUpdateMany,
  type RaRecord,
} from 'react-admin';
import { failureMessage, statusOf, type DeleteRecordButtonProps } from '../../common';
import { GENERIC, REGISTRATION_TEXTS, type RecordOf, type RegistrationNotice, type RegistrationStatus } from '../../domain';
import type { registrations } from '../../domain/entities/registrations';

export type RegistrationPlayer = {
  _id: string;
  firstName: string;
  lastName?: string | null;
  dob?: string | null;
  playingRole?: string | null;
  battingStyle?: string | null;
  bowlingStyle?: string | null;
  photo?: string | null;
};

type Place = { _id: string; name: string } | null;

/** A registration as the API answers it (src/domain/entities/registrations.ts): its places named, and its players. */
export type Registration = RaRecord &
  Omit<RecordOf<typeof registrations>, 'state' | 'district' | 'city'> & {
    state: Place;
    district: Place;
    city: Place;
    players?: RegistrationPlayer[];
    /** The fan who sent it from the app; null for the demo's, and a deleted fan's. */
    submittedBy?: { _id: string; name: string } | null;
    /** Whether the fan who sent it was told of the decision (null: no fan sent it, or none was made). */
    notice?: RegistrationNotice | null;
  };

/** A value as the registration screens show it: 'N/A' when missing. */
export const orNA = (value?: string | number | null) => (value === null || value === undefined || value === '' ? GENERIC.notAvailable : String(value));

const dayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** A date of birth ('2001-02-03', a calendar day) as '3 Feb 2001' in any time zone; 'N/A' when missing. */
export const formatDay = (day?: string | null) => {
  const time = day ? Date.parse(day) : NaN;
  return Number.isNaN(time) ? GENERIC.notAvailable : dayFormat.format(time);
};

export const fullName = (person: { firstName?: string | null; lastName?: string | null }) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ') || GENERIC.notAvailable;

/** The delete's question and toasts; a failure shows the server's message, else 'Failed to delete registration'. */
export const registrationDeleteProps: DeleteRecordButtonProps = {
  confirmTitle: REGISTRATION_TEXTS.deleteTitle,
  confirmContent: REGISTRATION_TEXTS.deleteConfirm,
  busyLabel: REGISTRATION_TEXTS.deleting,
  successMessage: REGISTRATION_TEXTS.deleteSuccess,
  failureMessage: (error) => failureMessage(error, REGISTRATION_TEXTS.deleteFailure),
};

/**
 * The tab counts are their own query, which react-admin does not refresh after a status change; nor
 * does it refresh the detail page's record, as the change is sent with `meta` (part of its cache key),
 * nor the History the change adds to.
 */
const useRefreshCounts = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['registrations', 'getStats'] }),
      queryClient.invalidateQueries({ queryKey: ['registrations', 'getOne'] }),
      queryClient.invalidateQueries({ queryKey: ['activity'] }),
    ]);
};

/** Approve and Reject on the detail page: PUT /admin/registrations/{id}/status, then the badge shows the new status. */
export function StatusButtons() {
  const record = useRecordContext<Registration>();
  const notify = useNotify();
  const refreshCounts = useRefreshCounts();
  const [update, { isPending }] = useUpdate();
  const { canAccess } = useCanAccess({ action: 'status', resource: 'registrations', record });
  if (!record || !canAccess) return null;
  const current = statusOf(record.status);
  const change = (status: RegistrationStatus, done: string) =>
    update(
      'registrations',
      { id: record.id, data: { status }, previousData: record, meta: { path: 'status' } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(done, { type: 'success' }),
        onError: (error) => notify(failureMessage(error, REGISTRATION_TEXTS.statusFailure), { type: 'error' }),
        onSettled: () => void refreshCounts(),
      },
    );
  // MUI's own buttons keep their text on a phone (react-admin's turn into icons, unnamed when disabled).
  return (
    <>
      <MuiButton
        variant="contained"
        color="success"
        size="small"
        startIcon={<CheckIcon />}
        disabled={isPending || current === 'approved'}
        onClick={() => change('approved', REGISTRATION_TEXTS.approved)}
      >
        {REGISTRATION_TEXTS.approve}
      </MuiButton>
      <MuiButton
        variant="outlined"
        color="error"
        size="small"
        startIcon={<CloseIcon />}
        disabled={isPending || current === 'rejected'}
        onClick={() => change('rejected', REGISTRATION_TEXTS.rejected)}
      >
        {REGISTRATION_TEXTS.reject}
      </MuiButton>
    </>
  );
}

/**
 * Approve or Reject the selected rows in one call (PUT /admin/registrations/status). As in
 * react-admin's demo the change shows at once and the toast offers Undo; the server is asked only
 * when the toast closes without it.
 */
function BulkStatusButton({ status, label, done, icon }: { status: RegistrationStatus; label: string; done: (count: number) => string; icon: React.ReactElement }) {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const unselectAll = useUnselectAll('registrations');
  const refreshCounts = useRefreshCounts();
  const [updateMany, { isPending }] = useUpdateMany();
  const run = () => {
    const count = selectedIds.length;
    updateMany(
      'registrations',
      { ids: selectedIds, data: { status }, meta: { path: 'status' } },
      {
        mutationMode: 'undoable',
        onSuccess: () => {
          notify(done(count), { type: 'info', undoable: true });
          unselectAll();
        },
        onError: (error) => notify(failureMessage(error, REGISTRATION_TEXTS.statusFailure), { type: 'error' }),
        onSettled: () => void refreshCounts(),
      },
    );
  };
  return (
    <Button label={label} onClick={run} disabled={isPending}>
      {icon}
    </Button>
  );
}

export const BulkStatusButtons = () => (
  <>
    <BulkStatusButton status="approved" label={REGISTRATION_TEXTS.approve} done={REGISTRATION_TEXTS.bulkApproved} icon={<CheckIcon />} />
    <BulkStatusButton status="rejected" label={REGISTRATION_TEXTS.reject} done={REGISTRATION_TEXTS.bulkRejected} icon={<CloseIcon />} />
  </>
);

/**
 * One choice of the state → district → city cascade, in a form or in the list's filters: it lists
 * only the children of the choice above it (`/admin/district?state=`), waits for that choice, and
 * clears the choices below it when its own changes.
 */
export function PlaceInput({
  source,
  reference,
  label,
  parent,
  clears = [],
  emptyText,
}: {
  source: string;
  reference: 'state' | 'district' | 'city';
  label: string;
  /** The field above it, also the lookup's filter ('state' for districts). */
  parent?: string;
  /** The fields below it, emptied when this one changes. */
  clears?: string[];
  /** The empty choice's text ('All' in the filters). */
  emptyText?: string;
}) {
  const { setValue } = useFormContext();
  const parentValue = useWatch({ name: parent ?? source });
  const value = useWatch({ name: source });
  const previous = useRef(value);
  useEffect(() => {
    // Only a change the admin makes: the first value (the record's, the URL's) is kept.
    if (previous.current === value) return;
    previous.current = value;
    for (const field of clears) setValue(field, '', { shouldDirty: true });
  }, [value, clears, setValue]);
  const waiting = parent !== undefined && !parentValue;
  return (
    <ReferenceInput
      source={source}
      reference={reference}
      filter={parent ? { [parent]: parentValue ?? '' } : {}}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={1000}
      enableGetChoices={() => !waiting}
    >
      <SelectInput label={label} optionText="name" disabled={waiting} emptyText={emptyText ?? ''} />
    </ReferenceInput>
  );
}
