/**
 * Push delivery in the fake, as a server without FCM set up answers it: every notification carries
 * its delivery (fakeOwnParts.ts), a new one is stored as not sent with the reason (scheduled or
 * not), a scheduled one (the demo league has one) can be cancelled or moved, a retry is refused,
 * and no phone is registered. A decision on a fan's registration is likewise not told, and its
 * notice says so.
 */
import type { Identifier } from 'react-admin';
import { notifications } from '../domain/entities/notifications';
import { NOTICE_STATUSES, NOTICE_TEXTS, PUSH_TEXTS, textsOf, toMinute, type NoticeStatus } from '../domain';
import type { FakeActivity } from './fakeActivity';
import type { Row, Tables } from './fakeTables';
import type { StoredDelivery, StoredNotice } from './fakeOwnParts';
import { failure, refuse } from './fakeRefusals';

/**
 * An instant as the API's `date-time` format takes it (RFC 3339: seconds and an offset), and one a
 * Date can read; anything else is refused as no time chosen, as the server refuses it.
 */
const DATE_TIME = /^\d{4}-[01]\d-[0-3]\d[Tt ](?:[0-2]\d:[0-5]\d:[0-5]\d|23:59:60)(?:\.\d+)?(?:[Zz]|[+-]\d\d(?::?\d\d)?)$/;
export function instantOf(value: unknown): Date {
  const at = typeof value === 'string' && DATE_TIME.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(at.getTime())) refuse({ sendAt: PUSH_TEXTS.sendAtRequired });
  return toMinute(at);
}

/** The notification calls of their own: each answers the notification's id for the caller to read it back as the API does. */
export function fakePush(tables: Tables, activity: FakeActivity) {
  const find = (id: Identifier) => {
    const row = (tables.notifications ?? []).find((item) => item._id === String(id));
    if (!row) throw failure(404, textsOf(notifications).notFound);
    return row;
  };
  /** Like the server's: found, then scheduled, then the change (which may still refuse), then its entry. */
  const whileScheduled = (id: Identifier, change: (row: Row, delivery: StoredDelivery) => { field: string; before: unknown; after: unknown }, action: 'cancel' | 'schedule') => {
    const row = find(id);
    const delivery = row.delivery as StoredDelivery | undefined;
    if (delivery?.state !== 'scheduled') throw failure(409, PUSH_TEXTS.notScheduled);
    const changed = change(row, delivery);
    activity.write({ action, resource: notifications.name, recordId: row._id, recordLabel: String(row.title), changes: [changed] });
    return row._id;
  };
  return {
    cancel: (id: Identifier) =>
      whileScheduled(id, (row, delivery) => {
        row.delivery = { ...delivery, state: 'cancelled' };
        return { field: 'state', before: 'scheduled', after: 'cancelled' };
      }, 'cancel'),
    reschedule: (id: Identifier, sendAt: unknown) => {
      // The body's format is checked before the notification is looked for.
      if (typeof sendAt !== 'string' || !DATE_TIME.test(sendAt)) refuse({ sendAt: PUSH_TEXTS.sendAtRequired });
      return whileScheduled(id, (row, delivery) => {
        const at = instantOf(sendAt);
        if (at.getTime() <= Date.now()) refuse({ sendAt: PUSH_TEXTS.sendAtPast });
        row.delivery = { ...delivery, sendAt: at.toISOString() };
        return { field: 'sendAt', before: delivery.sendAt, after: at.toISOString() };
      }, 'schedule');
    },
    // Without FCM nothing can be sent again, whichever notification is named.
    retry: (): never => {
      throw failure(409, PUSH_TEXTS.notConfigured, undefined, 'unavailable');
    },
    setup: () => ({ configured: false, devices: 0, message: `${PUSH_TEXTS.notConfigured} ${PUSH_TEXTS.notConfiguredHow}` }),
  };
}

/**
 * A registration's status changed, as the server's `startNotices`: a fan's registration (`userId`)
 * approved or rejected would tell the fan, but without FCM nothing is sent and the notice says so.
 */
export function fakeDecisionNotice(row: Row, before: Row) {
  const status = row.status as NoticeStatus;
  if (!row.userId || before.status === status || !(NOTICE_STATUSES as readonly unknown[]).includes(status)) return;
  row.notice = { status, state: 'not-configured', targeted: 0, sent: 0, failed: 0, gone: 0, message: NOTICE_TEXTS.notConfigured } satisfies StoredNotice;
}
