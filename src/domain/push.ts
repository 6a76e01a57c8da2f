/**
 * Push delivery as the server, the screens and the fake all read it: a notification's delivery
 * states and counts, the devices the app registers, and the words an admin sees.
 */

import { MINUTE_WINDOW_SECONDS, pleaseWait } from './limits';
import type { Target } from './targets';

export const DELIVERY_STATES = ['scheduled', 'sending', 'sent', 'partly-sent', 'failed', 'cancelled', 'not-configured'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A notification's delivery as every notification answers it. */
export interface Delivery {
  state: DeliveryState;
  /** When a scheduled send starts (ISO, to the minute); null for one sent at once. */
  sendAt: string | null;
  targeted: number;
  sent: number;
  failed: number;
  /** Devices FCM says no longer exist (they are removed). */
  gone: number;
  pending: number;
  /** Failures by FCM's error code. */
  reasons: Record<string, number>;
  /** Why a send stopped or was not made, in words an admin understands. */
  message: string | null;
}

export const PLATFORMS = ['android', 'ios'] as const;
export type Platform = (typeof PLATFORMS)[number];

/**
 * An FCM registration token: 22 URL-safe characters, ':APA91b', then about 134 more. Older and
 * future forms vary in length, so only the characters and a generous length are checked.
 */
export const DEVICE_TOKEN = { minLength: 100, maxLength: 4096, pattern: '^[A-Za-z0-9_:-]+$' } as const;

/** Device registrations per address a minute: a carrier's NAT puts many phones behind one address. */
export const DEVICE_REGISTRATIONS_PER_MINUTE = 600;

/** FCM's error codes worth another try later: the device is fine, FCM or the network was not. */
export const TRANSIENT_REASONS = ['QUOTA_EXCEEDED', 'UNAVAILABLE', 'INTERNAL', 'HTTP_429', 'HTTP_5XX', 'NETWORK', 'UNAUTHENTICATED'] as const;

/** The words of delivery, for the screens, the API's messages and the activity log. */
export const PUSH_TEXTS = {
  states: {
    scheduled: 'Scheduled',
    sending: 'Sending',
    sent: 'Sent',
    'partly-sent': 'Partly sent',
    failed: 'Failed',
    cancelled: 'Cancelled',
    'not-configured': 'Not sent',
  } satisfies Record<DeliveryState, string>,
  notConfigured: 'Push delivery is not set up, so this notification is stored but reaches no phone.',
  notConfiguredHow: 'Set FCM_CREDENTIALS to a Firebase service-account JSON file and PUBLIC_URL to this server’s address, then restart Crease.',
  credentialsRefused: 'FCM refused the credentials: check FCM_CREDENTIALS',
  sendNow: 'Send now',
  schedule: 'Schedule',
  sendAt: 'Send at',
  sendAtHint: 'In your time zone; sent within a minute of it',
  sendAtPast: 'Choose a time in the future',
  sendAtRequired: 'Choose when to send it',
  scheduled: 'Notification scheduled',
  cancel: 'Cancel send',
  cancelled: 'Send cancelled',
  cancelConfirm: 'Cancel this scheduled notification? It will not be sent.',
  notScheduled: 'Only a scheduled notification can be cancelled or rescheduled',
  reschedule: 'Reschedule',
  rescheduled: 'Notification rescheduled',
  retry: 'Retry failed',
  retried: 'Sending again to the devices that failed',
  nothingToRetry: 'No device failed for a reason worth retrying',
  delivery: 'Delivery',
  targeted: 'Devices',
  sent: 'Sent',
  failed: 'Failed',
  gone: 'Gone',
  pending: 'Pending',
  reasons: 'Failures by reason',
  progress: 'Delivery progress',
  devices: 'Devices',
  devicesHint: 'Phones registered for push',
  tokenInvalid: 'token must be an FCM registration token',
  platformInvalid: "platform must be 'android' or 'ios'",
  deviceSaved: 'Device registered',
  deviceRemoved: 'Device removed',
  deviceNotFound: 'Device not found',
  tooManyDevices: `Too many device registrations from this address. ${pleaseWait(MINUTE_WINDOW_SECONDS)}`,
  // The admin app's own words around a send.
  sendWhen: 'When to send',
  stateLabel: 'Delivery',
  scheduledFor: 'Sends',
  keepScheduled: 'Keep it',
  rescheduleHint: 'The new time, in your time zone',
  reason: 'Reason',
  reasonCount: 'Devices',
  progressOf: (done: string, targeted: string) => `${done} of ${targeted} devices answered`,
  /** What FCM's error codes mean, for the failures by reason. */
  reasonHints: {
    QUOTA_EXCEEDED: 'Sent faster than FCM’s quota allows',
    UNAVAILABLE: 'FCM was briefly unavailable',
    INTERNAL: 'FCM had an internal error',
    HTTP_429: 'FCM asked to slow down',
    HTTP_5XX: 'FCM answered with a server error',
    NETWORK: 'Crease could not reach FCM',
    UNAUTHENTICATED: 'FCM refused the credentials',
    INVALID_ARGUMENT: 'FCM refused the message or the device’s token',
    SENDER_ID_MISMATCH: 'The device belongs to another Firebase project',
    THIRD_PARTY_AUTH_ERROR: 'Apple’s push service refused the credentials',
  } as Record<string, string | undefined>,
  devicesNotConfigured: 'Push delivery is not set up',
} as const;

/** A send's pending count, from its counts. */
export const pendingOf = (counts: { targeted: number; sent: number; failed: number; gone: number }) =>
  Math.max(0, counts.targeted - counts.sent - counts.failed - counts.gone);

/** A send's state once nothing is pending: every device reached, some, or none. */
export const finishedState = ({ sent, failed }: { sent: number; failed: number }): DeliveryState =>
  failed === 0 ? 'sent' : sent === 0 ? 'failed' : 'partly-sent';

/** A time to the minute (seconds and milliseconds dropped), as schedules are stored. */
export const toMinute = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);

/**
 * A fan hears back on a registration they sent from the app: approving or rejecting it sends a
 * push to their linked phones. Its states are a send's, less scheduling; `status` is the decision it carries.
 */
export const NOTICE_STATES = ['sending', 'sent', 'partly-sent', 'failed', 'not-configured'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];
export const NOTICE_STATUSES = ['approved', 'rejected'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** A registration's notice to its fan as the admin API answers it (null: nothing was sent or meant to be). */
export interface RegistrationNotice {
  status: NoticeStatus;
  state: NoticeState;
  targeted: number;
  sent: number;
  failed: number;
  gone: number;
  pending: number;
  message: string | null;
}

const devices = (n: number) => `${n} ${n === 1 ? 'device' : 'devices'}`;

export const NOTICE_TEXTS = {
  /** The push itself, by the decision it tells. */
  messages: {
    approved: { title: 'Your registration was approved', body: 'Open the app to see your registration.' },
    rejected: { title: 'Your registration was not approved', body: 'Open the app to see your registration.' },
  } satisfies Record<NoticeStatus, { title: string; body: string }>,
  label: 'Fan notified',
  notConfigured: 'Push delivery is not set up: the fan was not told',
  /** The registration page's line about the notice. */
  line(notice: RegistrationNotice): string {
    const decision = notice.status === 'approved' ? 'approval' : 'rejection';
    switch (notice.state) {
      case 'not-configured':
        return NOTICE_TEXTS.notConfigured;
      case 'sending':
        return `Fan notified of the ${decision}: pending`;
      case 'failed':
        return `Fan notified of the ${decision}: failed${notice.message ? ` (${notice.message})` : ''}`;
      default:
        if (notice.targeted === 0) return 'The fan has no phone linked: they were not told';
        return `Fan notified of the ${decision}: sent to ${notice.sent < notice.targeted ? `${notice.sent} of ${devices(notice.targeted)}` : devices(notice.sent)}`;
    }
  },
} as const;

/**
 * The `data` keys a push carries, for the app to act on a tap (FCM data values are strings; a key
 * with nothing to say is left out). Declared once: the push builders below use these names, and the
 * README's "Push notifications" lists them (test/docs/readme.test.ts checks it against this).
 */
export const PUSH_DATA_KEYS = {
  notification: {
    notificationId: "The notification's `_id`, as `GET /app/v1/notifications` answers it",
    type: 'What a tap opens: `news`, `video`, `match`, `team` or `url`; absent when it opens nothing',
    id: 'With a record `type`: its `_id` (read it at `/app/v1/news`, `videos`, `matches` or `teams` `/{id}`)',
    url: 'With `type` `url`: the https address to open',
  },
  registration: {
    type: 'Always `registration`',
    id: "The registration's `_id` (`GET /app/v1/registrations/{id}`)",
    status: 'The decision it tells: `approved` or `rejected`',
  },
} as const;

type DataOf<K extends keyof typeof PUSH_DATA_KEYS> = Partial<Record<keyof (typeof PUSH_DATA_KEYS)[K], string>>;

/** A notification's push data: its id and its target (see targets.ts), as PUSH_DATA_KEYS.notification names them. */
export function notificationPushData(notificationId: string, target: Target): DataOf<'notification'> {
  if (!target) return { notificationId };
  return target.type === 'url' ? { notificationId, type: 'url', url: target.url } : { notificationId, type: target.type, id: target.id };
}

/** A registration notice's push data, as PUSH_DATA_KEYS.registration names them. */
export const noticePushData = (registrationId: string, status: NoticeStatus): DataOf<'registration'> => ({ type: 'registration', id: registrationId, status });
