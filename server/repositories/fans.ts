/**
 * The fans' accounts: sign-up, credentials, sessions, reset links, their own data and its erasure.
 * A fan is an `app_users` row with `source = 'app'`; their password hash lives in `fan_credentials`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { DELETED_USER_LABEL, REDACTED, type FanProfile } from '../../src/domain/fans';
import type { ActivityChange } from '../../src/domain/records';
import type { Db } from '../db/connection';
import { recordActivity } from './activity';
import { issueRefreshToken, refreshExpiry } from './fan-refresh';
import { isId } from './ids';

/** A birth date as a day, 'YYYY-MM-DD', however the driver gives it. */
const day = (value: Date | string | null) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

interface UserRow {
  id: string;
  name: string;
  email: string;
  age: number | null;
  is_active: boolean;
  created_at: Date;
  email_verified: boolean;
}

export const profileOf = (row: UserRow): FanProfile => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  age: row.age,
  createdAt: row.created_at.toISOString(),
  emailVerified: row.email_verified,
});

const isUniqueViolation = (error: unknown) => (error as { code?: string } | undefined)?.code === '23505';

/**
 * A new fan, or undefined when the e-mail already has an account. Unless `emailVerified` is false,
 * their e-mail counts as verified; `also` runs in the same transaction (a verification link).
 */
export async function createFan(
  db: Db,
  fan: { name: string; email: string; age: number | null; passwordHash: string; emailVerified?: boolean },
  also?: (trx: Db, userId: string) => Promise<void>,
): Promise<UserRow | undefined> {
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('app_users')
        .values({ name: fan.name, email: fan.email, age: fan.age, source: 'app', email_verified: fan.emailVerified ?? true })
        .returning(['id', 'name', 'email', 'age', 'is_active', 'created_at', 'email_verified'])
        .executeTakeFirstOrThrow();
      await trx.insertInto('fan_credentials').values({ user_id: user.id, password_hash: fan.passwordHash }).execute();
      await also?.(trx, user.id);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** The app account with this e-mail (compared lower-cased), with its password hash. */
export const findFanByEmail = (db: Db, email: string) =>
  db
    .selectFrom('app_users')
    .innerJoin('fan_credentials', 'fan_credentials.user_id', 'app_users.id')
    .select(['app_users.id', 'app_users.name', 'app_users.email', 'app_users.age', 'app_users.is_active', 'app_users.created_at', 'app_users.email_verified', 'fan_credentials.password_hash'])
    .where('app_users.source', '=', 'app')
    .where(sql`lower(app_users.email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();

export const findFan = (db: Db, id: string) =>
  isId(id)
    ? db
        .selectFrom('app_users')
        .innerJoin('fan_credentials', 'fan_credentials.user_id', 'app_users.id')
        .select(['app_users.id', 'app_users.name', 'app_users.email', 'app_users.age', 'app_users.is_active', 'app_users.created_at', 'app_users.email_verified', 'fan_credentials.password_hash'])
        .where('app_users.id', '=', id)
        .executeTakeFirst()
    : Promise.resolve(undefined);

/**
 * Starts a session (a signed-in phone, one refresh-token family) and notes the sign-in; answers the
 * session's id and its first refresh token. The session lasts as long as its newest refresh token.
 */
export async function startSession(db: Db, userId: string, now: Date): Promise<{ id: string; refreshToken: string }> {
  return db.transaction().execute(async (trx) => {
    // A fan's lapsed sessions are removed when they next sign in, so no sweep is needed.
    await trx.deleteFrom('fan_sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
    const session = await trx.insertInto('fan_sessions').values({ user_id: userId, created_at: now, expires_at: refreshExpiry(now) }).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('app_users').set({ last_sign_in_at: now }).where('id', '=', userId).execute();
    return { id: session.id, refreshToken: await issueRefreshToken(trx, session.id, now) };
  });
}

/**
 * The session a fan's token names, while it lasts and its user is active: asked on every fan call,
 * so a logout, a reset or a deactivation on any server holds on the next call anywhere.
 */
export const findSession = (db: Db, sessionId: string, userId: string, now: Date) =>
  isId(sessionId) && isId(userId)
    ? db
        .selectFrom('fan_sessions')
        .innerJoin('app_users', 'app_users.id', 'fan_sessions.user_id')
        .select(['fan_sessions.id', 'app_users.id as userId', 'app_users.is_active'])
        .where('fan_sessions.id', '=', sessionId)
        .where('fan_sessions.user_id', '=', userId)
        .where('fan_sessions.expires_at', '>', now)
        .executeTakeFirst()
    : Promise.resolve(undefined);

/** Ends one session, and unlinks the phone it names (when that phone is this fan's). */
export async function endSession(db: Db, sessionId: string, userId: string, deviceToken?: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('fan_sessions').where('id', '=', sessionId).execute();
    if (deviceToken) await trx.updateTable('devices').set({ user_id: null }).where('token', '=', deviceToken).where('user_id', '=', userId).execute();
  });
}

/** Ends every session of the fan but `keep` (none kept when it is undefined). */
export const endSessions = (db: Db, userId: string, keep?: string) =>
  db
    .deleteFrom('fan_sessions')
    .where('user_id', '=', userId)
    .$if(keep !== undefined, (q) => q.where('id', '<>', keep!))
    .execute();

export const updateProfile = (db: Db, userId: string, values: { name?: string; age?: number | null }) =>
  db.updateTable('app_users').set(values).where('id', '=', userId).returning(['id', 'name', 'email', 'age', 'is_active', 'created_at', 'email_verified']).executeTakeFirst();

/** Sets a new password and ends the fan's other sessions (every one when `keep` is undefined). */
export async function setPassword(db: Db, userId: string, passwordHash: string, keep?: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('fan_credentials').set({ password_hash: passwordHash, password_changed_at: new Date() }).where('user_id', '=', userId).execute();
    await endSessions(trx, userId, keep);
  });
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a reset link is bound to: the account's password hash and e-mail as they are when it is mailed. */
const bindingOf = (account: { password_hash: string; email: string }) =>
  createHash('sha256').update(account.password_hash).update('\0').update(account.email.trim().toLowerCase()).digest('hex');

/**
 * A new reset link's token for the fan, kept only as its hash and bound to the fan's password and
 * e-mail as they are now; an older unused link stops working.
 */
export async function createReset(db: Db, fan: { id: string; password_hash: string; email: string }, expiresAt: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_resets').where('user_id', '=', fan.id).execute();
    await trx
      .insertInto('password_resets')
      .values({ token_hash: hashOf(token), user_id: fan.id, expires_at: expiresAt, used_at: null, bound_to: bindingOf(fan) })
      .execute();
  });
  return token;
}

/**
 * Uses a reset link: sets the password and ends every session of the fan, once, before it expires,
 * and only while the fan's password and e-mail are those it was mailed for. Answers the fan's id, or
 * undefined for a link unknown, used, expired or outlived by a change (nothing changed then).
 */
export async function useReset(db: Db, token: string, passwordHash: string, now: Date): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const reset = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', hashOf(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'bound_to'])
      .executeTakeFirst();
    if (!reset) return undefined;
    const fan = await trx
      .selectFrom('app_users')
      .innerJoin('fan_credentials', 'fan_credentials.user_id', 'app_users.id')
      .select(['app_users.is_active', 'app_users.email', 'fan_credentials.password_hash'])
      .where('app_users.id', '=', reset.user_id)
      .forUpdate()
      .executeTakeFirst();
    if (!fan?.is_active || reset.bound_to !== bindingOf(fan)) return undefined;
    await trx.updateTable('fan_credentials').set({ password_hash: passwordHash, password_changed_at: now }).where('user_id', '=', reset.user_id).execute();
    await endSessions(trx, reset.user_id);
    return reset.user_id;
  });
}

/** Links a phone to the fan signed in on it. */
export const linkDevice = (db: Db, token: string, userId: string) => db.updateTable('devices').set({ user_id: userId }).where('token', '=', token).execute();

/** Everything Crease keeps about the fan, and nothing about anyone else. */
export async function exportFan(db: Db, userId: string) {
  const user = await db
    .selectFrom('app_users')
    .select(['id', 'name', 'email', 'age', 'is_active', 'email_verified', 'source', 'created_at', 'last_sign_in_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const sessions = await db.selectFrom('fan_sessions').select(['created_at', 'expires_at']).where('user_id', '=', userId).orderBy('created_at').execute();
  const devices = await db.selectFrom('devices').select(['token', 'platform', 'created_at', 'last_seen_at']).where('user_id', '=', userId).orderBy('created_at').execute();
  const registrations = await db
    .selectFrom('registrations')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'dob', 'government_id_type', 'government_id_number', 'area', 'pin_code', 'address', 'playing_role', 'batting_style', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const players = registrations.length
    ? await db
        .selectFrom('registration_players')
        .select(['registration_id', 'position', 'first_name', 'last_name', 'dob', 'playing_role', 'batting_style', 'bowling_style', 'photo'])
        .where('registration_id', 'in', registrations.map((r) => r.id))
        .orderBy('registration_id')
        .orderBy('position')
        .execute()
    : [];
  return {
    account: {
      _id: user.id,
      name: user.name,
      email: user.email,
      age: user.age,
      isActive: user.is_active,
      emailVerified: user.email_verified,
      createdAt: user.created_at.toISOString(),
      lastSignInAt: user.last_sign_in_at?.toISOString() ?? null,
    },
    sessions: sessions.map((s) => ({ createdAt: s.created_at.toISOString(), expiresAt: s.expires_at.toISOString() })),
    devices: devices.map((d) => ({ token: d.token, platform: d.platform, registeredAt: d.created_at.toISOString(), lastSeenAt: d.last_seen_at.toISOString() })),
    registrations: registrations.map((r) => ({
      _id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      phone: r.phone,
      DOB: day(r.dob),
      GovernmentIdType: r.government_id_type,
      GovernmentIdNumber: r.government_id_number,
      area: r.area,
      pinCode: r.pin_code,
      address: r.address,
      playingRole: r.playing_role,
      battingStyle: r.batting_style,
      status: r.status,
      createdAt: r.created_at.toISOString(),
      players: players
        .filter((p) => p.registration_id === r.id)
        .map((p) => ({ firstName: p.first_name, lastName: p.last_name, DOB: day(p.dob), playingRole: p.playing_role, battingStyle: p.batting_style, bowlingStyle: p.bowling_style, photo: p.photo })),
    })),
  };
}

/** The fields of the log's entries that hold a person's data (a player's `dob` too): their values are redacted. */
const PERSONAL_FIELDS = new Set(['name', 'email', 'age', 'firstName', 'lastName', 'phone', 'DOB', 'dob', 'GovernmentIdNumber', 'GovernmentIdType', 'address', 'area', 'pinCode']);

/** A change with its personal values replaced, and any other value equal to a personal one too. */
function redactedChange(change: ActivityChange, personal: Set<string>): ActivityChange {
  const redact = (value: unknown) =>
    value === null || value === undefined || value === '' ? value : PERSONAL_FIELDS.has(change.field) || (typeof value === 'string' && personal.has(value.trim().toLowerCase())) ? REDACTED : value;
  return { ...change, before: redact(change.before), after: redact(change.after) };
}

/**
 * Erases the fan: their registrations are anonymised, and their players too (name, birth date and
 * photo; the cricket they play stays, as the registration's does: it names nobody), the log's entries
 * about them and their registrations keep their shape with the personal values redacted (an entry
 * records the redaction), the deletion is recorded, as the fan's, without personal data, and the
 * account with its credentials, sessions and reset links goes; their phones stay registered, unlinked.
 * One transaction. Answers the players' photos it let go of: the caller removes the files (and their
 * sizes) once it has committed. `by` 'crease': the log records the removal as Crease's, not the fan's
 * (an account whose e-mail was never verified).
 */
export async function deleteFan(db: Db, userId: string, by: 'fan' | 'crease' = 'fan'): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('app_users').select(['id', 'name', 'email']).where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!user) return [];
    const registrations = await trx
      .selectFrom('registrations')
      .select(['id', 'first_name', 'last_name', 'email', 'phone', 'government_id_number', 'address'])
      .where('user_id', '=', userId)
      .forUpdate()
      .execute();
    const ids = registrations.map((r) => r.id);
    const players = ids.length
      ? await trx.selectFrom('registration_players').select(['first_name', 'last_name', 'dob', 'photo']).where('registration_id', 'in', ids).forUpdate().execute()
      : [];
    const fullName = (person: { first_name: string | null; last_name: string | null }) => [person.first_name, person.last_name].filter(Boolean).join(' ');
    const personal = new Set(
      [
        user.name,
        user.email,
        ...registrations.flatMap((r) => [r.email, r.phone, r.government_id_number, r.address, r.first_name, r.last_name, fullName(r)]),
        ...players.flatMap((p) => [p.first_name, p.last_name, fullName(p), day(p.dob)]),
      ]
        .filter((value): value is string => typeof value === 'string' && value.trim().length > 0)
        .map((value) => value.trim().toLowerCase()),
    );

    const entries = await trx
      .selectFrom('activity')
      .select(['id', 'record_label', 'changes'])
      .where((eb) =>
        eb.or([
          eb.and([eb('resource', '=', 'users'), eb('record_id', '=', userId)]),
          ...(ids.length ? [eb.and([eb('resource', '=', 'registrations'), eb('record_id', 'in', ids)])] : []),
        ]),
      )
      .execute();
    for (const entry of entries) {
      const changes = entry.changes.map((change) => redactedChange(change, personal));
      await sql`select redact_activity(${entry.id}::bigint, ${entry.record_label === null ? null : DELETED_USER_LABEL}, ${JSON.stringify(changes)}::jsonb)`.execute(trx);
    }

    if (ids.length) {
      await trx
        .updateTable('registrations')
        .set({ first_name: DELETED_USER_LABEL, last_name: null, email: null, phone: null, dob: null, government_id_type: null, government_id_number: null, area: null, pin_code: null, address: null, user_id: null })
        .where('id', 'in', ids)
        .execute();
      await trx.updateTable('registration_players').set({ first_name: DELETED_USER_LABEL, last_name: null, dob: null, photo: null }).where('registration_id', 'in', ids).execute();
    }
    await trx.deleteFrom('app_users').where('id', '=', userId).execute();
    // The fan's own act (or Crease's): the log names them by their id, which no longer reads as a name.
    const fanId = by === 'fan' ? userId : undefined;
    await recordActivity(trx, null, [
      { action: 'redact', resource: 'users', recordId: userId, recordLabel: DELETED_USER_LABEL, changes: [{ field: 'entries', before: null, after: entries.length }], fanId },
      { action: 'delete', resource: 'users', recordId: userId, recordLabel: DELETED_USER_LABEL, changes: [], fanId },
    ]);
    return players.flatMap((p) => p.photo ?? []);
  });
}
