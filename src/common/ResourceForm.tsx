/**
 * What every create and edit form shares: the save flow with each screen's toasts, server field
 * errors beside their inputs and navigation, the toolbar with Cancel, the busy label and the
 * upload bar, and the form itself with its image inputs and the unsaved-changes warning.
 */
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box } from '@mui/material';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  ListButton,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  useSaveContext,
  type RaRecord,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useFormContext, useFormState } from 'react-hook-form';
import { SHELL } from '../domain';
import { ConflictAlert, isConflict } from './ConflictAlert';
import { imagePayload } from './imagePayload';
import { UploadProgressBar } from './media';

type SaveError = { status?: number; message?: string; body?: { errors?: Record<string, string> } };

/**
 * Field errors to show beside the inputs after a failed save: the server's `errors` map, or an
 * upload refusal (413 too large, 415 not an image), which the server answers without a field name.
 */
export function submissionErrors(error: unknown, fileField?: string): Record<string, string> | undefined {
  const { status, message, body } = (error ?? {}) as SaveError;
  if (body?.errors && Object.keys(body.errors).length > 0) return body.errors;
  if (fileField && message && (status === 413 || status === 415)) return { [fileField]: message };
  return undefined;
}

export type FormSubmitOptions = {
  /** Toast after a successful save, e.g. 'Video added successfully!', or one worded from the saved record and the values sent. */
  success: string | ((record: RaRecord, values: FieldValues) => string);
  /** Toast after a failed save: a fixed text, or one built from the error (e.g. 'Error creating team: ' + its message). */
  failure: string | ((error: unknown) => string);
  /** The file input that should carry an upload refusal. */
  fileField?: string;
  /** Where a saved record goes: its list (most screens' way), its detail page, or nowhere. */
  redirect?: 'list' | 'show' | false;
  /** The form's image inputs: only chosen files are sent, and removed ones by name. */
  images?: readonly string[];
  /** Also told the failure text, e.g. to show it in a box above the form. */
  onFailure?: (message: string) => void;
  /** A button in the success toast, made for the saved record (e.g. one that opens it). */
  successAction?: (record: RaRecord) => ReactNode;
  /** After a successful save the form starts again, empty (a create that stays on its page). */
  resetOnSuccess?: boolean;
  /** Also told the saved record. */
  onSuccess?: (record: RaRecord) => void;
  /** Told when the save was refused because someone else changed the record since it was read (409). */
  onConflict?: () => void;
};

/**
 * `onSubmit` for a form inside a create or a pessimistic edit: saves through react-admin (so
 * `transform` and the data provider apply), toasts, navigates, and hands field errors back to the
 * form so they appear beside their inputs.
 */
export function useFormSubmit({
  success,
  failure,
  fileField,
  redirect: target = 'list',
  images = [],
  onFailure,
  successAction,
  onSuccess,
  onConflict,
}: FormSubmitOptions) {
  const { save } = useSaveContext();
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return useCallback(
    async (values: FieldValues) => {
      let failed: unknown;
      let saved: RaRecord | undefined;
      const errors = await save?.(imagePayload(values, images), {
        onSuccess: (record: RaRecord) => {
          saved = record;
        },
        onError: (error: unknown) => {
          failed = error;
        },
      });
      if (saved) {
        notify(typeof success === 'function' ? success(saved, values) : success, { type: 'success', ...(successAction ? { action: successAction(saved) } : {}) });
        onSuccess?.(saved);
        if (target) redirect(target, resource, saved.id);
        return undefined;
      }
      const message = typeof failure === 'function' ? failure(failed) : failure;
      notify(message, { type: 'error' });
      onFailure?.(message);
      if (isConflict(failed)) onConflict?.();
      return errors ?? submissionErrors(failed, fileField);
    },
    [save, notify, redirect, resource, success, failure, fileField, target, images, onFailure, successAction, onSuccess, onConflict],
  );
}

export type FormToolbarProps = {
  /** 'Add Video', 'Update Video'… */
  submitLabel: string;
  /** 'Adding...', 'Updating...': shown, with the button disabled, while the save runs. */
  busyLabel: string;
  /**
   * More ways to save, between Cancel and the submit button (e.g. Save as draft, Schedule). Each
   * sets `SUBMIT_INTENT` before it submits; the submit button clears it, so a plain submit keeps its own flow.
   */
  extra?: ReactNode;
};

/**
 * The form value saying which of the toolbar's ways to save was chosen (see `extra`); undefined for
 * the submit button's own. A `transform` reads it; it is never sent as it is.
 */
export const SUBMIT_INTENT = 'submitIntent';

/** Cancel (back to the list), the upload progress bar while a file is sent, and the submit button. */
export function FormToolbar({ submitLabel, busyLabel, extra }: FormToolbarProps) {
  const resource = useResourceContext() ?? '';
  const { isSubmitting } = useFormState();
  const { setValue } = useFormContext();
  const { saving } = useSaveContext();
  const busy = isSubmitting || !!saving;
  return (
    <Toolbar sx={{ gap: { xs: 1, sm: 2 }, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <ListButton label={SHELL.cancel} icon={<CloseIcon />} variant="outlined" />
      <UploadProgressBar resource={resource} />
      {extra && (
        // On a phone the extra buttons share a row of their own, above Cancel and the submit button.
        <Box sx={{ display: 'flex', gap: 1, order: { xs: -1, sm: 0 }, width: { xs: '100%', sm: 'auto' }, '& > .MuiButton-root': { flex: { xs: '1 1 0', sm: '0 0 auto' } } }}>{extra}</Box>
      )}
      {/* Enabled on a pristine form too, so submitting an empty form shows every required message. */}
      <SaveButton
        label={busy ? busyLabel : submitLabel}
        alwaysEnable={!busy}
        onClick={extra ? () => setValue(SUBMIT_INTENT, undefined) : undefined}
      />
    </Toolbar>
  );
}

export type ResourceFormProps = {
  submit: FormSubmitOptions;
  toolbar: FormToolbarProps;
  /** Show the failure in a box above the form as well as in the toast (the news form's error box). */
  errorBox?: boolean;
  /** Starting values of a create form. */
  defaultValues?: Record<string, unknown>;
  /**
   * Fields the record holds as populated references (`sport: { _id, name }`) but the form edits by
   * id, so that a select or a ReferenceInput finds the current choice: each becomes its `_id`.
   */
  references?: readonly string[];
  children: ReactNode;
};

/** The record with the named populated references turned into their ids (null when there is none). */
function useFormRecord(references: readonly string[]) {
  const record = useRecordContext();
  const key = references.join(',');
  return useMemo(() => {
    if (!record || key === '') return record;
    const ids = key.split(',').map((field) => {
      const value = record[field] as { _id?: unknown } | string | null | undefined;
      return [field, value && typeof value === 'object' ? (value._id ?? null) : (value ?? null)];
    });
    return { ...record, ...Object.fromEntries(ids) };
  }, [record, key]);
}

/**
 * react-admin's SimpleForm with the shared save flow and toolbar. `noValidate`: the browser's own
 * bubbles (type="url", "email") would pre-empt the forms' own messages. It warns before the admin
 * leaves with unsaved changes.
 */
export function ResourceForm({ submit, toolbar, errorBox = false, defaultValues, references = [], children }: ResourceFormProps) {
  const [failure, setFailure] = useState<string>();
  const [conflict, setConflict] = useState(false);
  // Each successful save of a `resetOnSuccess` form starts a new round: a fresh form with its defaults.
  const [round, setRound] = useState(0);
  const onSuccess = submit.resetOnSuccess
    ? (saved: RaRecord) => {
        setFailure(undefined);
        setRound((count) => count + 1);
        submit.onSuccess?.(saved);
      }
    : submit.onSuccess;
  const record = useFormRecord(references);
  const onSubmit = useFormSubmit({
    ...submit,
    onSuccess,
    onFailure: errorBox ? setFailure : submit.onFailure,
    // Only an edit has a version to be stale; a create's 409 (e.g. a taken name) is a plain failure.
    onConflict: record?.id !== undefined ? () => setConflict(true) : undefined,
  });
  // After Reload the form starts over from the record as it is now, like after a reset.
  const reloaded = () => {
    setConflict(false);
    setFailure(undefined);
    setRound((count) => count + 1);
  };
  return (
    <SimpleForm
      key={round}
      record={record}
      onSubmit={onSubmit}
      defaultValues={defaultValues}
      toolbar={<FormToolbar {...toolbar} />}
      noValidate
      warnWhenUnsavedChanges
    >
      {conflict && <ConflictAlert onReloaded={reloaded} />}
      {failure && (
        <Alert severity="error" sx={{ width: '100%', mb: 2 }}>
          {failure}
        </Alert>
      )}
      {children}
    </SimpleForm>
  );
}
