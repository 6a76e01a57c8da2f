/**
 * /notifications/create, 'Create Notification': title, body and an optional
 * picture (sent as `logo`), beside a live preview of the push on a phone's lock screen.
 * Success toasts and returns to /notifications; a failure toasts the server's message.
 */
import { Grid, Typography } from '@mui/material';
import { TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { failureMessage, ImageUpload, ResourceCreate, ResourceForm, validators } from '../../common';
import { IMAGE_HINT, NOTIFICATION_RULES, NOTIFICATION_TEXTS } from '../../domain';
import { PhonePreview } from './NotificationParts';

const validate = validators(NOTIFICATION_RULES);
const IMAGES = ['logo'] as const;

const submit = {
  success: NOTIFICATION_TEXTS.createSuccess,
  failure: (error: unknown) => failureMessage(error, NOTIFICATION_TEXTS.createFailure),
  fileField: 'logo',
  images: IMAGES,
};
const toolbar = { submitLabel: NOTIFICATION_TEXTS.createSubmit, busyLabel: NOTIFICATION_TEXTS.createBusy };

type NotificationFormValues = { title?: string; body?: string; logo?: { rawFile?: File; src?: string } | null };

/** Only what the API takes: the title, the body and a chosen picture. Pass as `transform`. */
const toNotificationPayload = ({ title, body, logo }: NotificationFormValues) => ({
  title,
  body,
  ...(logo?.rawFile ? { logo } : {}),
});

/** The push as the form stands, redrawn on every keystroke. */
function LivePreview() {
  const [title, body, logo] = useWatch<NotificationFormValues>({ name: ['title', 'body', 'logo'] }) as [
    string | undefined,
    string | undefined,
    NotificationFormValues['logo'],
  ];
  return <PhonePreview title={title} body={body} image={logo?.src} />;
}

export const NotificationCreate = () => (
  <ResourceCreate title={NOTIFICATION_TEXTS.createTitle} transform={toNotificationPayload}>
    <ResourceForm submit={submit} toolbar={toolbar}>
      <Grid container spacing={3} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <TextInput source="title" label={NOTIFICATION_TEXTS.fieldTitle} validate={validate.title} fullWidth />
          <TextInput source="body" label={NOTIFICATION_TEXTS.fieldBody} validate={validate.body} multiline minRows={4} fullWidth />
          <ImageUpload source="logo" label={NOTIFICATION_TEXTS.fieldImage} hint={IMAGE_HINT} rule={NOTIFICATION_RULES.logo} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }} component="section" aria-label={NOTIFICATION_TEXTS.previewHeading}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {NOTIFICATION_TEXTS.previewHeading}
          </Typography>
          <LivePreview />
        </Grid>
      </Grid>
    </ResourceForm>
  </ResourceCreate>
);
