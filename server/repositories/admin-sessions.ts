/**
 * Admins' server-side sessions (migration 0024): one row per sign-in, named by the admin's token.
 * Ending one sets `ended_at` (the row stays until the admin goes, so the list and the log agree);
 * every write here is heard by every server's token guard (db/change-feeds.ts), so an ended
 * session is refused on the next call anywhere.
 */
import { sql } from 'kysely';
import type { AdminSessionRecord } from '../../src/domain/records';
import { mustSetUpSecondFactorSql } from './second-factors';
import type { Db } from '../db/connection';
import { recordActivity, type ActivityEntry } from './activity';
import { isId } from './ids';

/** A User-Agent is the client's to choose: only this much of it is kept. */
export const DEVICE_MAX = 200;
const ADDRESS_MAX = 64;
/** `last_used_at` is written when it is older than this: not on every call. */
export const TOUCH_EVERY_MS = 60_000;


/**
 * A new session; the admin's lapsed ones are removed on the way, so no sweep is needed (their tokens
 * lapsed with them: a token lasts as long as its session).
 */
export async function startAdminSession(db: Db, values: { adminId: string; device: string; address: string; now: Date; expiresAt: Date }): Promise<string> {
  await db.deleteFrom('admin_sessions').where('admin_id', '=', values.adminId).where('expires_at', '<=', values.now).execute();
  const row = await db
    .insertInto('admin_sessions')
    .values({
      admin_id: values.adminId,
      device: values.device.slice(0, DEVICE_MAX),
      address: values.address.slice(0, ADDRESS_MAX),
      created_at: values.now,
      last_used_at: values.now,
      expires_at: values.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * What the token guard needs, in one query: the session and its admin (does it still exist, may it
 * still sign in, since when does its password hold, must it choose its own password first, and its role, read on
 * every call so a role change holds from the admin's next call, on any server).
 */
export const findAdminSession = (db: Db, sessionId: string) =>
  isId(sessionId)
    ? db
        .selectFrom('admin_sessions')
        .innerJoin('admins', 'admins.id', 'admin_sessions.admin_id')
        .select([
          'admin_sessions.id as session_id',
          'admin_sessions.expires_at',
          'admin_sessions.ended_at',
          'admin_sessions.last_used_at',
          'admins.id',
          'admins.password_changed_at',
          'admins.is_active',
          'admins.must_change_password',
          'admins.role',
        ])
        .select(mustSetUpSecondFactorSql.as('must_set_up_second_factor'))
        .where('admin_sessions.id', '=', sessionId)
        .executeTakeFirst()
    : Promise.resolve(undefined);

/** Notes a session's use, unless another call did within the minute (the condition makes a race harmless). */
export async function touchAdminSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('admin_sessions')
    .set({ last_used_at: now })
    .where('id', '=', sessionId)
    .where('last_used_at', '<', new Date(now.getTime() - TOUCH_EVERY_MS))
    .execute();
}

/** An admin's open sessions, most recently used first; `current` marks the caller's. */
export async function listAdminSessions(db: Db, adminId: string, currentId: string, now: Date): Promise<AdminSessionRecord[]> {
  const rows = await db
    .selectFrom('admin_sessions')
    .select(['id', 'device', 'address', 'created_at', 'last_used_at', 'expires_at'])
    .where('admin_id', '=', adminId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    device: row.device,
    address: row.address,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    current: row.id === currentId,
  }));
}

const sessionEntry = (action: ActivityEntry['action'], admin: { id: string; label: string }, count?: number): ActivityEntry => ({
  action,
  resource: 'admins',
  recordId: admin.id,
  recordLabel: admin.label,
  changes: count === undefined ? [] : [{ field: 'sessions', before: count, after: 0 }],
});

const labelOf = async (trx: Db, adminId: string) => {
  const row = await trx.selectFrom('admins').select(['first_name', 'last_name', 'email']).where('id', '=', adminId).executeTakeFirst();
  return row ? `${row.first_name} ${row.last_name}`.trim() || row.email : '';
};

/**
 * Ends an admin's open sessions in `trx` (no activity entry: the caller's change records itself):
 * one (`only`), or all but one (`keep`), or all. Answers how many ended.
 */
export async function endSessionsOf(trx: Db, adminId: string, which: { only?: string; keep?: string } = {}): Promise<number> {
  const result = await trx
    .updateTable('admin_sessions')
    .set({ ended_at: sql<Date>`now()` })
    .where('admin_id', '=', adminId)
    .where('ended_at', 'is', null)
    .$if(which.only !== undefined, (q) => q.where('id', '=', which.only!))
    .$if(which.keep !== undefined, (q) => q.where('id', '<>', which.keep!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Ends sessions with an activity entry by `by`: a sign-out (`signOut`, the caller's own session),
 * one session (`sessionEnd`), or many (`sessionsEnd`, with how many). Answers how many ended.
 */
export async function endAdminSessions(
  db: Db,
  by: string,
  adminId: string,
  which: { only?: string; keep?: string },
  action: 'signOut' | 'sessionEnd' | 'sessionsEnd',
): Promise<number> {
  if (!isId(adminId) || (which.only !== undefined && !isId(which.only))) return 0;
  return db.transaction().execute(async (trx) => {
    const ended = await endSessionsOf(trx, adminId, which);
    if (ended > 0) await recordActivity(trx, by, [sessionEntry(action, { id: adminId, label: await labelOf(trx, adminId) }, action === 'sessionsEnd' ? ended : undefined)]);
    return ended;
  });
}
