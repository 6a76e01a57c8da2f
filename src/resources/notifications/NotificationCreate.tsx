/**
 * /notifications/create, 'Create Notification': title, body and an optional
 * picture (sent as `logo`), beside a live preview of the push on a phone's lock screen.
 * Send now (the original panel's only flow, chosen at first) or Schedule, which asks for a time in the admin's
 * time zone and sends it as a UTC instant to the minute. Where push delivery is not set up, a note
 * says so and how to set it up. Success toasts and returns to /notifications; a failure toasts the
 * server's message.
 */
import { Alert, Grid, Typography } from '@mui/material';
import { DateTimeInput, RadioButtonGroupInput, TextInput, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { failureMessage, ImageUpload, ResourceCreate, ResourceForm, usePushSetup, validators } from '../../common';
import { TargetInputs, targetPayload, useChosenTargetLabel } from '../../common/TargetInputs';
import { IMAGE_HINT, NOTIFICATION_RULES, NOTIFICATION_TEXTS, PUSH_TEXTS } from '../../domain';
import { notifications } from '../../domain/entities';
import { localInputValue, PhonePreview, sendAtError, sendAtInstant, type Notification } from './NotificationParts';

const validate = validators(NOTIFICATION_RULES);
const IMAGES = ['logo'] as const;

const submit = {
  success: (record: RaRecord) => ((record as Notification).delivery?.state === 'scheduled' ? PUSH_TEXTS.scheduled : NOTIFICATION_TEXTS.createSuccess),
  failure: (error: unknown) => failureMessage(error, NOTIFICATION_TEXTS.createFailure),
  fileField: 'logo',
  images: IMAGES,
};
const toolbar = { submitLabel: NOTIFICATION_TEXTS.createSubmit, busyLabel: NOTIFICATION_TEXTS.createBusy };

type When = 'now' | 'schedule';
const WHEN_CHOICES: { id: When; name: string }[] = [
  { id: 'now', name: PUSH_TEXTS.sendNow },
  { id: 'schedule', name: PUSH_TEXTS.schedule },
];

type NotificationFormValues = {
  title?: string;
  body?: string;
  logo?: { rawFile?: File; src?: string } | null;
  when?: When;
  /** As the datetime input holds it: local time, '2026-11-27T18:30'. */
  sendAt?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  targetUrl?: string | null;
};

/** Only what the API takes: the title, the body, a chosen picture, a scheduled send's instant, and what it opens. Pass as `transform`. */
const toNotificationPayload = (values: NotificationFormValues) => ({
  title: values.title,
  body: values.body,
  ...(values.logo?.rawFile ? { logo: values.logo } : {}),
  ...(values.when === 'schedule' && values.sendAt ? { sendAt: sendAtInstant(values.sendAt) } : {}),
  ...targetPayload(values),
});

const validateSendAt = (value: unknown, values: NotificationFormValues) => (values.when === 'schedule' ? sendAtError(value) : undefined);

const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The push as the form stands, redrawn on every keystroke; a scheduled one at its time. */
function LivePreview() {
  const [title, body, logo, when, sendAt] = useWatch<NotificationFormValues>({ name: ['title', 'body', 'logo', 'when', 'sendAt'] }) as [
    string | undefined,
    string | undefined,
    NotificationFormValues['logo'],
    When | undefined,
    string | null | undefined,
  ];
  const opens = useChosenTargetLabel();
  const at = when === 'schedule' && sendAt && !sendAtError(sendAt) ? new Date(sendAt) : undefined;
  return <PhonePreview title={title} body={body} image={logo?.src} at={at} opens={opens} />;
}

/** Send now or Schedule, and the time once Schedule is chosen. */
function WhenToSend() {
  const when = useWatch<NotificationFormValues, 'when'>({ name: 'when' });
  return (
    <>
      <RadioButtonGroupInput source="when" label={PUSH_TEXTS.sendWhen} choices={WHEN_CHOICES} row helperText={false} />
      {when === 'schedule' && (
        <DateTimeInput
          source="sendAt"
          label={PUSH_TEXTS.sendAt}
          validate={validateSendAt}
          helperText={`${PUSH_TEXTS.sendAtHint} (${TIME_ZONE})`}
          slotProps={{ htmlInput: { min: localInputValue(new Date().toISOString()) } }}
          fullWidth
        />
      )}
    </>
  );
}

/** Where the server cannot send pushes: what that means, and how to set it up. */
function PushNotSetUp() {
  const { data } = usePushSetup();
  if (!data || data.configured || !data.message) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {data.message}
    </Alert>
  );
}

export const NotificationCreate = () => (
  <ResourceCreate title={NOTIFICATION_TEXTS.createTitle} transform={toNotificationPayload}>
    <ResourceForm submit={submit} toolbar={toolbar} defaultValues={{ when: 'now' }}>
      <Grid container spacing={3} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <PushNotSetUp />
          <TextInput source="title" label={notifications.fields.title.label} validate={validate.title} fullWidth />
          <TextInput source="body" label={notifications.fields.body.label} validate={validate.body} multiline minRows={4} fullWidth />
          <ImageUpload source="logo" label={NOTIFICATION_TEXTS.fieldImage} hint={IMAGE_HINT} rule={NOTIFICATION_RULES.logo} />
          <TargetInputs />
          <WhenToSend />
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
