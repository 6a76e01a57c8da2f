/**
 * 'Add New Slide': a modal with the image picker and its preview, checked
 * from the file's bytes; 'Create Slide' (published at once), Save as draft and Schedule stay
 * disabled until an image is chosen. On success the
 * list reloads, the modal closes (its selection goes with it) and a toast confirms; a failure
 * toasts the server's message.
 * Loaded only when 'Add New Slide' is pressed (see AddSlideButton), so the list page does not
 * download the image picker and its file checks.
 */
import EditNoteIcon from '@mui/icons-material/EditNote';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { Form, useCreate, useNotify, useRefresh } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { failureMessage, ImageUpload, publishingPayload, publishingSuccess, ScheduleDialog, SUBMIT_INTENT, type PublishingIntent } from '../../common';
import { chosenFile } from '../../common/imagePayload';
import { TargetInputs, targetPayload } from '../../common/TargetInputs';
import { PUBLISHING_TEXTS, SHELL, SLIDE_RULES, SLIDE_TEXTS } from '../../domain';

/** Cancel, then the publishing choices beside 'Create Slide' (which publishes at once, as before). */
function CreateSlideActions({ busy, onCancel, onSave }: { busy: boolean; onCancel: () => void; onSave: (values: Record<string, unknown>, intent: PublishingIntent) => void }) {
  const image = useWatch({ name: 'image' });
  const { handleSubmit } = useFormContext();
  const [scheduling, setScheduling] = useState(false);
  const ready = !!chosenFile(image) && !busy;
  const saveAs = (intent: PublishingIntent) => handleSubmit((values) => onSave(values, intent))();
  return (
    <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
      <Button onClick={onCancel} disabled={busy}>
        {SHELL.cancel}
      </Button>
      <Button variant="outlined" startIcon={<EditNoteIcon />} disabled={!ready} onClick={() => saveAs({ kind: 'draft' })}>
        {PUBLISHING_TEXTS.saveAsDraft}
      </Button>
      <Button variant="outlined" startIcon={<ScheduleIcon />} disabled={!ready} onClick={() => setScheduling(true)}>
        {PUBLISHING_TEXTS.schedule}
      </Button>
      <Button type="submit" variant="contained" disabled={!ready}>
        {busy ? SLIDE_TEXTS.createBusy : SLIDE_TEXTS.createSubmit}
      </Button>
      {scheduling && (
        <ScheduleDialog
          onClose={() => setScheduling(false)}
          onSchedule={(choice) => {
            setScheduling(false);
            saveAs({ kind: 'schedule', ...choice });
          }}
        />
      )}
    </DialogActions>
  );
}

export function SlideCreateDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const refresh = useRefresh();
  const save = (values: Record<string, unknown>, intent?: PublishingIntent) =>
    create(
      'slides',
      { data: { image: values.image, ...targetPayload(values), ...publishingPayload(intent) } },
      {
        onSuccess: (slide) => {
          refresh();
          onClose();
          notify(intent ? publishingSuccess(SLIDE_TEXTS.createSuccess)(slide, { [SUBMIT_INTENT]: intent }) : SLIDE_TEXTS.createSuccess, { type: 'success' });
        },
        onError: (error) => notify(failureMessage(error, SLIDE_TEXTS.createFailure), { type: 'error' }),
      },
    );
  return (
    <Dialog open onClose={isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Form onSubmit={(values: Record<string, unknown>) => save(values)}>
        <DialogTitle id={titleId}>{SLIDE_TEXTS.addNew}</DialogTitle>
        <DialogContent>
          <ImageUpload source="image" label={SLIDE_TEXTS.fieldImage} hint={SLIDE_TEXTS.imageHint} rule={SLIDE_RULES.image} showCurrent={false} previewHeight={220} />
          <TargetInputs />
        </DialogContent>
        <CreateSlideActions busy={isPending} onCancel={onClose} onSave={save} />
      </Form>
    </Dialog>
  );
}
