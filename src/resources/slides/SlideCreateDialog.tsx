/**
 * 'Add New Slide': a modal with the image picker and its preview, checked
 * from the file's bytes; 'Create Slide' stays disabled until an image is chosen. On success the
 * list reloads, the modal closes (its selection goes with it) and a toast confirms; a failure
 * toasts the server's message.
 * Loaded only when 'Add New Slide' is pressed (see AddSlideButton), so the list page does not
 * download the image picker and its file checks.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { Form, useCreate, useNotify, useRefresh } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { failureMessage, ImageUpload } from '../../common';
import { chosenFile } from '../../common/imagePayload';
import { SHELL, SLIDE_RULES, SLIDE_TEXTS } from '../../domain';

function CreateSlideActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const image = useWatch({ name: 'image' });
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        {SHELL.cancel}
      </Button>
      <Button type="submit" variant="contained" disabled={!chosenFile(image) || busy}>
        {busy ? SLIDE_TEXTS.createBusy : SLIDE_TEXTS.createSubmit}
      </Button>
    </DialogActions>
  );
}

export function SlideCreateDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const refresh = useRefresh();
  const save = (values: Record<string, unknown>) =>
    create(
      'slides',
      { data: { image: values.image } },
      {
        onSuccess: () => {
          refresh();
          onClose();
          notify(SLIDE_TEXTS.createSuccess, { type: 'success' });
        },
        onError: (error) => notify(failureMessage(error, SLIDE_TEXTS.createFailure), { type: 'error' }),
      },
    );
  return (
    <Dialog open onClose={isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Form onSubmit={save}>
        <DialogTitle id={titleId}>{SLIDE_TEXTS.addNew}</DialogTitle>
        <DialogContent>
          <ImageUpload source="image" label={SLIDE_TEXTS.fieldImage} hint={SLIDE_TEXTS.imageHint} rule={SLIDE_RULES.image} showCurrent={false} previewHeight={220} />
        </DialogContent>
        <CreateSlideActions busy={isPending} onCancel={onClose} />
      </Form>
    </Dialog>
  );
}
