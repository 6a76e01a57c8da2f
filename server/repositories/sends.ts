/**
 * A notification's send: its row in `sends` (state and counts), its deliveries (one per device),
 * and its job. The admins' calls (schedule, cancel, retry) and the job's steps each change them
 * in one transaction, with the activity entry where an admin or the end of a send is recorded.
 */
import { sql, type RawBuilder } from 'kysely';
import { finishedState, pendingOf, PUSH_TEXTS, toMinute, TRANSIENT_REASONS, type Delivery, type DeliveryState } from '../../src/domain/push';
import type { Db } from '../db/connection';
import { HttpError } from '../errors';
import { enqueue, removeJob } from '../jobs/queue';
import { recordActivity } from './activity';
import { isId } from './ids';

export const SEND_JOB = 'send-notification';
export const sendJobKey = (notificationId: string) => `send:${notificationId}`;

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
 * scheduled for a time to come, else started now. Answers how the log records its creation.
 */
export async function startSend(trx: Db, notificationId: string, { configured, sendAt, now }: { configured: boolean; sendAt?: Date; now: Date }) {
  const at = sendAt && minuteOf(sendAt);
  if (at && at.getTime() < toMinute(now).getTime()) throw new HttpError(400, PUSH_TEXTS.sendAtPast, { sendAt: PUSH_TEXTS.sendAtPast });
  const scheduled = at && at.getTime() > now.getTime();
  const state: DeliveryState = !configured ? 'not-configured' : scheduled ? 'scheduled' : 'sending';
  await trx
    .insertInto('sends')
    .values({ notification_id: notificationId, state, send_at: scheduled ? at : null, message: configured ? null : PUSH_TEXTS.notConfigured })
    .execute();
  if (configured) await enqueue(trx, { kind: SEND_JOB, key: sendJobKey(notificationId), payload: { notificationId }, runAt: scheduled ? at : now });
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

export const cancelSend = (db: Db, by: string, id: string) =>
  whileScheduled(db, id, async (trx, send) => {
    await trx.updateTable('sends').set({ state: 'cancelled' }).where('notification_id', '=', id).execute();
    await removeJob(trx, sendJobKey(id));
    await recordActivity(trx, by, [entry('cancel', id, send.title, [{ field: 'state', before: 'scheduled', after: 'cancelled' }])]);
  });

export const rescheduleSend = (db: Db, by: string, id: string, sendAt: Date, now: Date) =>
  whileScheduled(db, id, async (trx, send) => {
    const at = minuteOf(sendAt);
    if (at.getTime() <= now.getTime()) throw new HttpError(400, PUSH_TEXTS.sendAtPast, { sendAt: PUSH_TEXTS.sendAtPast });
    await trx.updateTable('sends').set({ send_at: at }).where('notification_id', '=', id).execute();
    await enqueue(trx, { kind: SEND_JOB, key: sendJobKey(id), payload: { notificationId: id }, runAt: at });
    await recordActivity(trx, by, [entry('schedule', id, send.title, [{ field: 'sendAt', before: send.send_at?.toISOString() ?? null, after: at.toISOString() }])]);
  });

/** Failures counted by reason, from the deliveries (after a retry takes some back). */
const reasonsOf = (id: string) =>
  sql<string>`coalesce((select jsonb_object_agg(reason, n) from (
    select reason, count(*)::int as n from deliveries where notification_id = ${id} and state = 'failed' group by reason
  ) r), '{}'::jsonb)`;

/** Sends again to the devices whose failure was transient; false for no such notification. */
export async function retrySend(db: Db, by: string, id: string, { configured, now }: { configured: boolean; now: Date }): Promise<boolean> {
  if (!configured) throw new HttpError(409, PUSH_TEXTS.notConfigured);
  return db.transaction().execute(async (trx) => {
    const send = await lockedSend(trx, id);
    if (!send) return false;
    if (send.state === 'sending' || send.state === 'scheduled') throw new HttpError(409, PUSH_TEXTS.nothingToRetry);
    const retried = await trx
      .updateTable('deliveries')
      .set({ state: 'pending', attempts: 0, next_at: now, lease_until: null })
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
    await enqueue(trx, { kind: SEND_JOB, key: sendJobKey(id), payload: { notificationId: id }, runAt: now });
    await recordActivity(trx, by, [entry('retry', id, send.title, [{ field: 'devices', before: null, after: count }])]);
    return true;
  });
}

/** What the job needs to send: the message and where the send stands. */
export async function sendToRun(db: Db, id: string) {
  return db
    .selectFrom('sends')
    .innerJoin('notifications', 'notifications.id', 'sends.notification_id')
    .select(['sends.state', 'sends.started_at', 'notifications.title', 'notifications.body', 'notifications.image'])
    .where('sends.notification_id', '=', id)
    .executeTakeFirst();
}

/** Starts a due send: every registered device becomes a pending delivery. False when it is no longer to be sent. */
export async function beginSend(db: Db, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const send = await lockedSend(trx, id);
    if (!send || (send.state !== 'scheduled' && send.state !== 'sending')) return false;
    if (send.started_at) return true;
    const filled = await sql`
      insert into deliveries (notification_id, device_id, token, platform, next_at)
      select ${id}, id, token, platform, ${now} from devices
      on conflict do nothing
    `.execute(trx);
    await trx
      .updateTable('sends')
      .set({ state: 'sending', targeted: Number(filled.numAffectedRows ?? 0), started_at: now })
      .where('notification_id', '=', id)
      .execute();
    return true;
  });
}

export interface Claimed {
  deviceId: string;
  token: string;
  platform: 'android' | 'ios';
  attempts: number;
}

/** Takes up to `limit` due deliveries for this server alone until `leaseUntil`; another server skips them. */
export async function claimDeliveries(db: Db, id: string, { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number }): Promise<Claimed[]> {
  const result = await sql<{ device_id: string; token: string; platform: 'android' | 'ios'; attempts: number }>`
    update deliveries set lease_until = ${leaseUntil}
    where notification_id = ${id} and device_id in (
      select device_id from deliveries
      where notification_id = ${id} and state = 'pending' and next_at <= ${now} and (lease_until is null or lease_until < ${now})
      limit ${limit}
      for update skip locked
    )
    returning device_id, token, platform, attempts
  `.execute(db);
  return result.rows.map((row) => ({ deviceId: row.device_id, token: row.token, platform: row.platform, attempts: row.attempts }));
}

export interface DeliveryResult {
  deviceId: string;
  state: 'sent' | 'gone' | 'failed' | 'pending';
  reason: string | null;
  /** For one still pending: when it is tried again. */
  nextAt: Date;
}

/** Records what FCM said of each delivery, removes the gone devices and adds to the send's counts, in one transaction. */
export async function recordResults(db: Db, id: string, results: readonly DeliveryResult[]): Promise<void> {
  if (results.length === 0) return;
  const count = (state: DeliveryResult['state']) => results.filter((result) => result.state === state).length;
  const gone = results.filter((result) => result.state === 'gone').map((result) => result.deviceId);
  const failedReasons = new Map<string, number>();
  for (const result of results) if (result.state === 'failed') failedReasons.set(result.reason!, (failedReasons.get(result.reason!) ?? 0) + 1);
  let reasons: RawBuilder<unknown> = sql`reasons`;
  for (const [reason, n] of failedReasons) reasons = sql`${reasons} || jsonb_build_object(${reason}::text, coalesce((reasons->>${reason}::text)::int, 0) + ${n}::int)`;
  await db.transaction().execute(async (trx) => {
    await sql`
      update deliveries d set state = v.state, reason = v.reason, next_at = v.next_at, attempts = d.attempts + 1, lease_until = null
      from unnest(${results.map((r) => r.deviceId)}::uuid[], ${results.map((r) => r.state)}::text[], ${results.map((r) => r.reason)}::text[], ${results.map((r) => r.nextAt.toISOString())}::timestamptz[])
        as v(device_id, state, reason, next_at)
      where d.notification_id = ${id} and d.device_id = v.device_id
    `.execute(trx);
    if (gone.length > 0) await trx.deleteFrom('devices').where('id', 'in', gone).execute();
    await trx
      .updateTable('sends')
      .set({ sent: sql`sent + ${count('sent')}`, failed: sql`failed + ${count('failed')}`, gone: sql`gone + ${gone.length}`, reasons: sql`${reasons}` })
      .where('notification_id', '=', id)
      .execute();
  });
}

/** When the next pending delivery may be tried (its backoff, or another server's lease); undefined when none is pending. */
export async function nextPending(db: Db, id: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('deliveries')
    .select(sql<Date | null>`min(greatest(next_at, coalesce(lease_until, next_at)))`.as('at'))
    .where('notification_id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/** Credentials refused: every delivery still pending fails with that reason, and the send stops with the admin's message. */
export async function stopSend(db: Db, id: string, reason: string, message: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const stopped = await trx
      .updateTable('deliveries')
      .set({ state: 'failed', reason, lease_until: null })
      .where('notification_id', '=', id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    await trx
      .updateTable('sends')
      .set({ failed: sql`failed + ${Number(stopped.numUpdatedRows)}`, reasons: reasonsOf(id), message })
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
    await trx.updateTable('sends').set({ state, ended_at: now }).where('notification_id', '=', id).execute();
    const counts = (['targeted', 'sent', 'failed', 'gone'] as const).map((field) => ({ field, before: null, after: send[field] }));
    await recordActivity(trx, null, [entry('sendEnded', id, send.title, [{ field: 'state', before: 'sending', after: state }, ...counts])]);
  });
}

/** How many phones are registered for push (the dashboard's figure). */
export async function deviceCount(db: Db): Promise<number> {
  const row = await db.selectFrom('devices').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
