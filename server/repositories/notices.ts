/**
 * A registration's notice to its fan: the push telling them it was approved or not, sent to the
 * phones linked to the fan who sent it (devices.user_id) by its job (jobs/notify-registration.ts),
 * with a notification's rounds (jobs/push-job.ts) and answers (push-rounds.ts). One row per registration holds the
 * latest decision told, its state and counts; every device's answer is kept (a fan has a few).
 */
import { sql, type RawBuilder } from 'kysely';
import { finishedState, NOTICE_TEXTS, noticePushData, pendingOf, type NoticeStatus, type RegistrationNotice } from '../../src/domain/push';
import type { Db } from '../db/connection';
import { enqueue, type JobKind } from './jobs';
import { ROUND_OVER, type Recipient } from './push-rounds';

/** The registration a notice's job is about (one job per registration). */
export type NoticePayload = { registrationId: string };

/** A registration's notice as one JSON value, selected with the registration (`table` is its alias). */
export const noticeOf = (table: string): RawBuilder<unknown> =>
  sql`(select json_build_object(
      'status', n.status, 'state', n.state, 'targeted', n.targeted, 'sent', n.sent, 'failed', n.failed, 'gone', n.gone, 'message', n.message
    ) from registration_notices n where n.registration_id = ${sql.ref(`${table}.id`)})`;

export const readNotice = (stored: Omit<RegistrationNotice, 'pending'> | null | undefined): RegistrationNotice | null =>
  stored ? { ...stored, pending: pendingOf(stored) } : null;

/** Whether push is set up, the time by the server's clock, and the notice's job (jobs/notify-registration.ts): a decision tells the fan when it can. */
export interface NoticeSettings {
  configured: boolean;
  now: Date;
  job: JobKind<NoticePayload>;
}

/**
 * In a status change's transaction: each registration a fan sent whose status became approved or
 * rejected gets its notice, replacing the one before; with FCM set up its job is queued, else it
 * stays not sent and says why. `changed` holds only the registrations whose status moved.
 */
export async function startNotices(trx: Db, changed: readonly { id: string; user_id: string | null; status: string | null }[], { configured, now, job }: NoticeSettings) {
  const told = changed.filter((row) => row.user_id !== null && (row.status === 'approved' || row.status === 'rejected'));
  if (told.length === 0) return;
  const ids = told.map((row) => row.id);
  await trx.deleteFrom('notice_deliveries').where('registration_id', 'in', ids).execute();
  const fresh = { state: configured ? 'sending' : 'not-configured', message: configured ? null : NOTICE_TEXTS.notConfigured, targeted: 0, sent: 0, failed: 0, gone: 0, cursor: null, started_at: null, ended_at: null };
  await trx
    .insertInto('registration_notices')
    .values(told.map((row) => ({ registration_id: row.id, status: row.status as NoticeStatus, ...fresh })))
    .onConflict((oc) => oc.column('registration_id').doUpdateSet((eb) => ({ status: eb.ref('excluded.status'), ...fresh })))
    .execute();
  if (!configured) return;
  for (const id of ids) await enqueue(trx, job, { registrationId: id }, now);
}

/** The fan's devices, as the notice reads them when it runs (a phone linked or unlinked since the decision counts). */
const fanDevices = (db: Db, id: string) =>
  db.selectFrom('devices').where('user_id', '=', (eb) => eb.selectFrom('registrations').select('user_id').where('id', '=', id));

const lockedNotice = (trx: Db, id: string) => trx.selectFrom('registration_notices').selectAll().where('registration_id', '=', id).forUpdate().executeTakeFirst();

/** Starts a due notice: counts the fan's devices. False when it is no longer to be sent. */
export async function beginNotice(db: Db, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const notice = await lockedNotice(trx, id);
    if (notice?.state !== 'sending') return false;
    if (notice.started_at) return true;
    const { n } = await fanDevices(trx, id).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    await trx.updateTable('registration_notices').set({ targeted: n, started_at: now }).where('registration_id', '=', id).execute();
    return true;
  });
}

export async function noticeToRun(db: Db, id: string) {
  const row = await db.selectFrom('registration_notices').select(['status', 'started_at', 'cursor']).where('registration_id', '=', id).executeTakeFirstOrThrow();
  const status = row.status as NoticeStatus;
  return { ...row, message: { ...NOTICE_TEXTS.messages[status], data: noticePushData(id, status) } };
}

export async function fanDevicesAfter(db: Db, id: string, after: string | null, limit: number): Promise<Recipient[]> {
  const rows = await fanDevices(db, id)
    .select(['id', 'token', 'platform'])
    .$if(after !== null, (qb) => qb.where('id', '>', after!))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ deviceId: row.id, token: row.token, platform: row.platform as Recipient['platform'], attempts: 0 }));
}

/** Credentials refused: every device not yet answered fails with that reason, and the notice keeps the admin's message. */
export async function stopNotice(db: Db, id: string, reason: string, message: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { cursor } = (await lockedNotice(trx, id))!;
    const rest = await sql`
      insert into notice_deliveries (registration_id, device_id, token, platform, state, reason, next_at)
      select ${id}, d.id, d.token, d.platform, 'failed', ${reason}, ${now}
      from devices d join registrations r on r.user_id = d.user_id
      where r.id = ${id} and (${cursor}::uuid is null or d.id > ${cursor}::uuid)
      on conflict do nothing
    `.execute(trx);
    const pending = await trx.updateTable('notice_deliveries').set({ state: 'failed', reason }).where('registration_id', '=', id).where('state', '=', 'pending').executeTakeFirst();
    const failed = Number(rest.numAffectedRows ?? 0) + Number(pending.numUpdatedRows);
    await trx.updateTable('registration_notices').set({ failed: sql`failed + ${failed}`, message, cursor: ROUND_OVER }).where('registration_id', '=', id).execute();
  });
}

/** Ends a notice with nothing left pending (or `stopped`): sent, partly sent or failed, over the devices it reached. */
export async function endNotice(db: Db, id: string, now: Date, stopped?: 'failed'): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const notice = await lockedNotice(trx, id);
    if (notice?.state !== 'sending') return;
    const state = stopped ?? (notice.targeted === 0 ? 'sent' : finishedState(notice));
    const targeted = notice.sent + notice.failed + notice.gone;
    await trx.updateTable('registration_notices').set({ state, targeted, ended_at: now, cursor: ROUND_OVER }).where('registration_id', '=', id).execute();
  });
}
