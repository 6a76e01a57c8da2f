/**
 * Push notifications: listed, read and sent (created) only; the app shows each once. The picture
 * is sent as `logo` by the app's form and answered under both names. The demo league generates its
 * own notifications (server/seed, fakeLeague); these rows are what a test league starts from.
 */
import { defineEntity, rulesOf, textsOf } from '../entity';
import { MIN_LENGTH } from '../limits';
import { MENU } from '../messages';
import { APP_TARGET, TARGET_FIELDS, targetCheck } from '../targets';

export const notifications = defineEntity({
  name: 'notifications',
  label: { one: 'Notification', many: 'Notifications' },
  fields: {
    title: { kind: 'text', label: 'Title', required: true, minLength: MIN_LENGTH.notificationTitle },
    body: { kind: 'longtext', label: 'Body', required: true, minLength: MIN_LENGTH.notificationBody },
    image: { kind: 'image', label: 'Image', alias: 'logo' },
    isActive: { kind: 'boolean', label: 'Status', default: true, form: false },
    ...TARGET_FIELDS,
  },
  title: 'title',
  list: { search: ['title', 'body'], sort: ['title'], columns: ['image', 'title', 'body'] },
  check: targetCheck,
  versioned: false,
  ownParts: 'notificationDelivery',
  ownCreate: 'notificationSend',
  operations: ['list', 'show', 'create'],
  app: { fields: ['title', 'body', 'image', 'createdAt'], order: { field: 'createdAt', order: 'desc' }, routes: ['list'], sentOnly: true, derived: { target: APP_TARGET } },
  menu: { label: MENU.notifications },
  texts: {
    listTitle: 'Notifications Management',
    addNew: 'Create Notification',
    createFailure: 'Failed to create notification. Please try again.',
  },
  demo: [
    { title: 'Gates open at noon', body: 'Gates open two hours before the first ball; bring your ticket QR code to the north gate.' },
    { title: 'Rain delay', body: 'Play will resume at 4 pm after the covers come off; stay tuned in the app for updates.' },
    { title: 'Final tickets on sale', body: 'Tickets for the final are on sale now in the app, while they last.' },
  ],
});

/** The rules of the notification form (the picture under its alias `logo` too). */
export const NOTIFICATION_RULES = rulesOf(notifications, 'create');

/** The notification screens' texts: the declared ones, and the form, columns and phone preview of their own. */
export const NOTIFICATION_TEXTS = {
  ...textsOf(notifications),
  fieldImage: 'Image (optional)',
  noImage: 'No image',
  previewHeading: 'Phone preview',
  previewHint: 'How the push appears on a phone’s lock screen',
  previewLabel: 'Lock screen preview of the notification',
  previewApp: 'Crease',
  previewWhen: 'now',
  previewTitlePlaceholder: 'Notification title',
  previewBodyPlaceholder: 'The message fans will read appears here.',
} as const;
