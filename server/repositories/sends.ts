/**
 * A notification's send: its row in `sends` (state and counts), its deliveries (one per device),
 * and its job (jobs/send-notification.ts, whose kind the caller passes). The admins' calls (schedule, cancel, retry) and the job's steps each change them
 * in one transaction, with the activity entry where an admin or the end of a send is recorded.
 */
import { sql, type RawBuilder } from 'kysely';
import { finishedState, pendingOf, PUSH_TEXTS, toMinute, TRANSIENT_REASONS, type Delivery, type DeliveryState } from '../../src/domain/push';
import type { Db } from '../db/connection';
import { HttpError } from '../errors';
import { recordActivity } from './activity';
import { isId } from './ids';
import { ROUND_OVER, type Recipient } from './push-rounds';
import { enqueue, removeJob, type JobKind } from './jobs';

/** The notification a send's job is about (one job per notification). */
export type SendPayload = { notificationId: string };
type SendJob = JobKind<SendPayload>;


/** A notification's delivery as one JSON value, selected with the notification (`table` is its alias). */
export const deliveryOf = (table: string): RawBuilder<unknown> =>
  sql`(select json_build_object(
      'state', s.state, 'sendAt', s.send_at, 'targeted', s.targeted, 'sent', s.sent, 'failed', s.failed, 'gone', s.gone,
      'reasons', s.reasons, 'message', s.message
    ) from sends s where s.notification_id = ${sql.ref(`${table}.id`)})`;

type StoredDelivery = Omit<Delivery, 'pending'>;

/** The delivery as the API answers it: the instant in ISO form and what is still pending. */
export function readDelivery(stored: StoredDelivery | null | undefined): Delivery {
  const base = stored ?? { state: 'not-configured', sendAt: null, targeted: 0, sent: 0, failed: 0, gone: 0, reasons: {}, message: null };
  return { ...base, sendAt: base.sendAt && new Date(base.sendAt).toISOString(), reasons: base.reasons ?? {}, pending: pendingOf(base) };
}

const entry = (action: 'send' | 'schedule' | 'cancel' | 'retry' | 'sendEnded', id: string, title: string, changes: { field: string; before: unknown; after: unknown }[] = []) => ({
  action,
  resource: 'notifications',
  recordId: id,
  recordLabel: title,
  changes,
});

/** A requested time to the minute; refused when it names no instant (`…T23:59:60Z` passes the date-time format, yet no Date reads it). */
function minuteOf(sendAt: Date): Date {
  if (Number.isNaN(sendAt.getTime())) throw new HttpError(400, PUSH_TEXTS.sendAtRequired, { sendAt: PUSH_TEXTS.sendAtRequired });
  return toMinute(sendAt);
}

/**
 * The send of a notification just stored, in its transaction: not-configured without FCM,
 * scheduled for a time to come, else started now. Answers how the log records its creation
 * (sent or scheduled; a plain creation where nothing is sent).
 */
export async function startSend(trx: Db, notificationId: string, { configured, sendAt, now, job }: { configured: boolean; sendAt?: Date; now: Date; job: SendJob }) {
  const at = sendAt && minuteOf(sendAt);
  if (at && at.getTime() < toMinute(now).getTime()) throw new HttpError(400, PUSH_TEXTS.sendAtPast, { sendAt: PUSH_TEXTS.sendAtPast });
  if (!configured) {
    // Nothing is sent or scheduled: the log records a plain creation.
    await trx.insertInto('sends').values({ notification_id: notificationId, state: 'not-configured', message: PUSH_TEXTS.notConfigured }).execute();
    return undefined;
  }
  const scheduled = at && at.getTime() > now.getTime();
  const state: DeliveryState = scheduled ? 'scheduled' : 'sending';
  await trx.insertInto('sends').values({ notification_id: notificationId, state, send_at: scheduled ? at : null }).execute();
  await enqueue(trx, job, { notificationId }, scheduled ? at : now);
  return scheduled ? { action: 'schedule' as const, changes: [{ field: 'sendAt', before: null, after: at.toISOString() }] } : { action: 'send' as const };
}

/** The notification's send row, locked for this transaction, with its title; undefined for no such notification. */
async function lockedSend(trx: Db, id: string) {
  if (!isId(id)) return undefined;
  return trx
    .selectFrom('sends')
    .innerJoin('notifications', 'notifications.id', 'sends.notification_id')
    .selectAll('sends')
    .select('notifications.title')
    .where('sends.notification_id', '=', id)
    .forUpdate('sends')
    .executeTakeFirst();
}

type Locked = NonNullable<Awaited<ReturnType<typeof lockedSend>>>;

/** Runs `change` on a scheduled send, or refuses: found false for no such notification. */
async function whileScheduled(db: Db, id: string, change: (trx: Db, send: Locked) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const send = await lockedSend(trx, id);
    if (!send) return false;
    if (send.state !== 'scheduled') throw new HttpError(409, PUSH_TEXTS.notScheduled);
    await change(trx, send);
    return true;
  });
}

export const cancelSend = (db: Db, by: string, id: string, job: SendJob) =>
  whileScheduled(db, id, async (trx, send) => {
    await trx.updateTable('sends').set({ state: 'cancelled' }).where('notification_id', '=', id).execute();
    await removeJob(trx, job, { notificationId: id });
    await recordActivity(trx, by, [entry('cancel', id, send.title, [{ field: 'state', before: 'scheduled', after: 'cancelled' }])]);
  });

export const rescheduleSend = (db: Db, by: string, id: string, sendAt: Date, now: Date, job: SendJob) =>
  whileScheduled(db, id, async (trx, send) => {
    const at = minuteOf(sendAt);
    if (at.getTime() <= now.getTime()) throw new HttpError(400, PUSH_TEXTS.sendAtPast, { sendAt: PUSH_TEXTS.sendAtPast });
    await trx.updateTable('sends').set({ send_at: at }).where('notification_id', '=', id).execute();
    await enqueue(trx, job, { notificationId: id }, at);
    await recordActivity(trx, by, [entry('schedule', id, send.title, [{ field: 'sendAt', before: send.send_at?.toISOString() ?? null, after: at.toISOString() }])]);
  });

/** Failures counted by reason, from the deliveries (after a retry takes some back). */
const reasonsOf = (id: string) =>
  sql<string>`coalesce((select jsonb_object_agg(reason, n) from (
    select reason, count(*)::int as n from deliveries where notification_id = ${id} and state = 'failed' group by reason
  ) r), '{}'::jsonb)`;

/** Sends again to the devices whose failure was transient; false for no such notification. */
export async function retrySend(db: Db, by: string, id: string, { configured, now, job }: { configured: boolean; now: Date; job: SendJob }): Promise<boolean> {
  if (!configured) throw new HttpError(409, PUSH_TEXTS.notConfigured, undefined, 'unavailable');
  return db.transaction().execute(async (trx) => {
    const send = await lockedSend(trx, id);
    if (!send) return false;
    if (send.state === 'sending' || send.state === 'scheduled') throw new HttpError(409, PUSH_TEXTS.nothingToRetry);
    const retried = await trx
      .updateTable('deliveries')
      .set({ state: 'pending', attempts: 0, next_at: now })
      .where('notification_id', '=', id)
      .where('state', '=', 'failed')
      .where('reason', 'in', TRANSIENT_REASONS)
      .executeTakeFirst();
    const count = Number(retried.numUpdatedRows);
    if (count === 0) throw new HttpError(409, PUSH_TEXTS.nothingToRetry);
    await trx
      .updateTable('sends')
      .set({ state: 'sending', failed: sql`failed - ${count}`, reasons: reasonsOf(id), message: null, started_at: now, ended_at: null })
      .where('notification_id', '=', id)
      .execute();
    await enqueue(trx, job, { notificationId: id }, now);
    await recordActivity(trx, by, [entry('retry', id, send.title, [{ field: 'devices', before: null, after: count }])]);
    return true;
  });
}

/** What the job needs to send: the message and where the send stands. */
export async function sendToRun(db: Db, id: string) {
  return db
    .selectFrom('sends')
    .innerJoin('notifications', 'notifications.id', 'sends.notification_id')
    .select(['sends.state', 'sends.started_at', 'notifications.title', 'notifications.body', 'notifications.image', 'notifications.target_type', 'notifications.target_id', 'notifications.target_url'])
    .where('sends.notification_id', '=', id)
    .executeTakeFirst();
}

/** Starts a due send: counts the devices it goes to. False when it is no longer to be sent. */
export async function beginSend(db: Db, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const send = await lockedSend(trx, id);
    if (!send || (send.state !== 'scheduled' && send.state !== 'sending')) return false;
    if (send.started_at) return true;
    await trx
      .updateTable('sends')
      .set({ state: 'sending', targeted: sql`(select count(*)::int from devices)`, started_at: now })
      .where('notification_id', '=', id)
      .execute();
    return true;
  });
}

/** Where the first round stands: every device up to `cursor` has its answer recorded. */
export async function sendCursor(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom('sends').select('cursor').where('notification_id', '=', id).executeTakeFirst();
  return row?.cursor ?? null;
}

/** The first round: the next devices after `after`, in id order. */
export async function devicesAfter(db: Db, after: string | null, limit: number): Promise<Recipient[]> {
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'token', 'platform'])
    .$if(after !== null, (qb) => qb.where('id', '>', after!))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ deviceId: row.id, token: row.token, platform: row.platform as Recipient['platform'], attempts: 0 }));
}

/**
 * Credentials refused: every device not yet answered fails with that reason (the first round's
 * rest too, so that a retry reaches them), and the send stops with the admin's message.
 */
export async function stopSend(db: Db, id: string, reason: string, message: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { cursor } = await trx.selectFrom('sends').select('cursor').where('notification_id', '=', id).forUpdate().executeTakeFirstOrThrow();
    const rest = await sql`
      insert into deliveries (notification_id, device_id, token, platform, state, reason, next_at)
      select ${id}, id, token, platform, 'failed', ${reason}, ${now} from devices where ${cursor}::uuid is null or id > ${cursor}::uuid
      on conflict do nothing
    `.execute(trx);
    const pending = await trx.updateTable('deliveries').set({ state: 'failed', reason }).where('notification_id', '=', id).where('state', '=', 'pending').executeTakeFirst();
    const failed = Number(rest.numAffectedRows ?? 0) + Number(pending.numUpdatedRows);
    await trx
      .updateTable('sends')
      .set({ failed: sql`failed + ${failed}`, reasons: reasonsOf(id), message, cursor: ROUND_OVER })
      .where('notification_id', '=', id)
      .execute();
  });
}

/** Ends a send with nothing left pending (or `stopped`): its final state, and an entry with its counts made by Crease itself. */
export async function endSend(db: Db, id: string, now: Date, stopped?: 'failed'): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const send = await lockedSend(trx, id);
    if (!send || send.state !== 'sending') return;
    const state = stopped ?? (send.targeted === 0 ? 'sent' : finishedState(send));
    // Devices removed or added while it went: the send reached what it reached.
    const targeted = send.sent + send.failed + send.gone;
    await trx.updateTable('sends').set({ state, targeted, ended_at: now, cursor: ROUND_OVER }).where('notification_id', '=', id).execute();
    const counts = (['targeted', 'sent', 'failed', 'gone'] as const).map((field) => ({ field, before: null, after: field === 'targeted' ? targeted : send[field] }));
    await recordActivity(trx, null, [entry('sendEnded', id, send.title, [{ field: 'state', before: 'sending', after: state }, ...counts])]);
  });
}

/** How many phones are registered for push (the dashboard's figure). */
export async function deviceCount(db: Db): Promise<number> {
  const row = await db.selectFrom('devices').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
