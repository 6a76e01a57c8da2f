/**
 * What every create and edit form shares: file checks the text rules cannot make, the save flow
 * with the spec's toasts and server field errors, and the toolbar with its busy label and upload bar.
 */
import CloseIcon from '@mui/icons-material/Close';
import { useCallback } from 'react';
import type { FieldValues } from 'react-hook-form';
import {
  ListButton,
  SaveButton,
  Toolbar,
  useNotify,
  useRedirect,
  useResourceContext,
  useSaveContext,
  type Validator,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { checkField, MAX_IMAGE_BYTES, SHELL, type FieldRule } from '../domain';
import { UploadProgressBar } from './media';

type FileValue = { rawFile?: unknown } | null | undefined;

/**
 * Validator for an ImageInput: the rule's 'required', then the chosen file's type and size with
 * the rule's messages. The browser only knows the declared type; the server checks the bytes again.
 */
export const imageValidator =
  (rule: FieldRule): Validator =>
  (value) => {
    const file = (value as FileValue)?.rawFile;
    if (!(file instanceof Blob)) return checkField(rule, value);
    if (!rule.image) return undefined;
    if (!file.type.startsWith('image/')) return rule.image.notAnImage;
    if (file.size > MAX_IMAGE_BYTES) return rule.image.tooLarge;
    return undefined;
  };

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
  /** Toast after a successful save, e.g. 'Video added successfully!'; the form then returns to the list. */
  success: string;
  /** Toast after a failed save, e.g. 'Failed to add video. Please try again.'. */
  failure: string;
  /** The file input that should carry an upload refusal. */
  fileField?: string;
};

/**
 * `onSubmit` for a form inside `<Create>` or `<Edit mutationMode="pessimistic">`: saves through
 * react-admin (so `transform` and the data provider apply), toasts the spec's texts, goes back to
 * the list, and hands field errors back to the form so they appear beside their inputs.
 */
export function useFormSubmit({ success, failure, fileField }: FormSubmitOptions) {
  const { save } = useSaveContext();
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return useCallback(
    async (values: FieldValues) => {
      let failed: unknown;
      let saved = false;
      const errors = await save?.(values, {
        onSuccess: () => {
          saved = true;
        },
        onError: (error: unknown) => {
          failed = error;
        },
      });
      if (saved) {
        notify(success, { type: 'success' });
        redirect('list', resource);
        return undefined;
      }
      notify(failure, { type: 'error' });
      return errors ?? submissionErrors(failed, fileField);
    },
    [save, notify, redirect, resource, success, failure, fileField],
  );
}

export type FormToolbarProps = {
  /** 'Add Video', 'Update Video'… */
  submitLabel: string;
  /** 'Adding...', 'Updating...': shown, with the button disabled, while the save runs. */
  busyLabel: string;
};

/** Cancel (back to the list), the upload progress bar while a file is sent, and the submit button. */
export function FormToolbar({ submitLabel, busyLabel }: FormToolbarProps) {
  const resource = useResourceContext() ?? '';
  const { isSubmitting } = useFormState();
  const { saving } = useSaveContext();
  const busy = isSubmitting || !!saving;
  return (
    <Toolbar sx={{ gap: 2, justifyContent: 'flex-end' }}>
      <ListButton label={SHELL.cancel} icon={<CloseIcon />} variant="outlined" />
      <UploadProgressBar resource={resource} />
      {/* Enabled on a pristine form too, so submitting an empty form shows every required message. */}
      <SaveButton label={busy ? busyLabel : submitLabel} alwaysEnable={!busy} />
    </Toolbar>
  );
}
