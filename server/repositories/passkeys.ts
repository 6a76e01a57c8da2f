/**
 * Admins' passkeys and the challenges of their ceremonies (migration 0023). A challenge is taken
 * (deleted and answered in one statement), so two answers to one challenge cannot both pass, on one
 * server or several.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { recordActivity, rowEntry, type ActivityEntry } from './activity';

export type ChallengePurpose = 'register' | 'sign-in' | 'second-factor';

/** A passkey as its admin sees it: never its public key or counter. */
export interface PasskeyRecord {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface StoredPasskey {
  id: string;
  adminId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
}

/** Keeps a new challenge until `expiresAt`, and sweeps the expired ones: they can never be answered. */
export async function keepChallenge(db: Db, challenge: string, purpose: ChallengePurpose, adminId: string | null, now: Date, expiresAt: Date): Promise<void> {
  await db.deleteFrom('admin_passkey_challenges').where('expires_at', '<=', now).execute();
  await db.insertInto('admin_passkey_challenges').values({ challenge, purpose, admin_id: adminId, expires_at: expiresAt }).execute();
}

/**
 * Takes the challenge for good; answers it only if it was made for this purpose (and, when given, this
 * admin) and has not expired. A challenge offered for another purpose or admin is used up all the same.
 */
export async function takeChallenge(db: Db, challenge: string, purpose: ChallengePurpose, adminId: string | null, now: Date): Promise<string | undefined> {
  const row = await db.deleteFrom('admin_passkey_challenges').where('challenge', '=', challenge).returningAll().executeTakeFirst();
  if (!row || row.purpose !== purpose || row.expires_at <= now) return undefined;
  if (adminId !== null && row.admin_id !== adminId) return undefined;
  return row.challenge;
}

const toRecord = (row: { id: string; name: string; created_at: Date; last_used_at: Date | null }): PasskeyRecord => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

export const listPasskeys = async (db: Db, adminId: string): Promise<PasskeyRecord[]> =>
  (await db.selectFrom('admin_passkeys').select(['id', 'name', 'created_at', 'last_used_at']).where('admin_id', '=', adminId).orderBy('created_at').orderBy('id').execute()).map(toRecord);

/** The ids and transports of an admin's passkeys: what the browser is offered (or told not to register again). */
export const passkeyDescriptors = (db: Db, adminId: string) =>
  db.selectFrom('admin_passkeys').select(['id', 'transports']).where('admin_id', '=', adminId).orderBy('created_at').execute();

/** Whether the admin has a passkey: their password sign-in then asks for one as the second step. */
export const hasPasskey = async (db: Db, adminId: string): Promise<boolean> =>
  (await db.selectFrom('admin_passkeys').select('id').where('admin_id', '=', adminId).limit(1).executeTakeFirst()) !== undefined;

export async function findPasskey(db: Db, id: string): Promise<StoredPasskey | undefined> {
  const row = await db.selectFrom('admin_passkeys').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, adminId: row.admin_id, publicKey: row.public_key, counter: Number(row.counter), transports: row.transports, name: row.name };
}

const adminEntry = async (trx: Db, adminId: string, action: ActivityEntry['action'], changes: ActivityEntry['changes']): Promise<ActivityEntry> => {
  const row = await trx.selectFrom('admins').selectAll().where('id', '=', adminId).executeTakeFirstOrThrow();
  return { ...rowEntry('admins', 'update', row, row), action, changes };
};

/** Adds a passkey unless the admin already has `max`; answers undefined then, or 'taken' when the credential is registered already. */
export async function addPasskey(db: Db, passkey: Omit<StoredPasskey, 'counter'> & { counter: number }, max: number): Promise<PasskeyRecord | 'full' | 'taken'> {
  return db.transaction().execute(async (trx) => {
    // Locks the admin's row: two adds at once cannot both slip under the limit.
    await trx.selectFrom('admins').select('id').where('id', '=', passkey.adminId).forUpdate().executeTakeFirstOrThrow();
    const { count } = await trx.selectFrom('admin_passkeys').select((eb) => eb.fn.countAll<string>().as('count')).where('admin_id', '=', passkey.adminId).executeTakeFirstOrThrow();
    if (Number(count) >= max) return 'full';
    const row = await trx
      .insertInto('admin_passkeys')
      .values({
        id: passkey.id,
        admin_id: passkey.adminId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: JSON.stringify(passkey.transports),
        name: passkey.name,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning(['id', 'name', 'created_at', 'last_used_at'])
      .executeTakeFirst();
    if (!row) return 'taken';
    // The name the admin chose is on the record; the key is not (it is no secret, but of no use to a reader).
    await recordActivity(trx, passkey.adminId, [await adminEntry(trx, passkey.adminId, 'passkeyAdd', [{ field: 'passkey', before: null, after: passkey.name }])]);
    return toRecord(row);
  });
}

/** Removes one of the admin's own passkeys; false when they have none by that id. */
export async function removePasskey(db: Db, adminId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('admin_passkeys').where('id', '=', id).where('admin_id', '=', adminId).returning('name').executeTakeFirst();
    if (!row) return false;
    await recordActivity(trx, adminId, [await adminEntry(trx, adminId, 'passkeyRemove', [{ field: 'passkey', before: row.name, after: null }])]);
    return true;
  });
}

/** A sign-in with the passkey: its new counter and last use, the admin's last sign-in, and the log's entry naming the passkey. */
export async function recordPasskeySignIn(db: Db, passkey: StoredPasskey, counter: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admin_passkeys').set({ counter, last_used_at: now }).where('id', '=', passkey.id).execute();
    await trx.updateTable('admins').set({ last_sign_in_at: sql<Date>`now()` }).where('id', '=', passkey.adminId).execute();
    await recordActivity(trx, passkey.adminId, [await adminEntry(trx, passkey.adminId, 'passkeySignIn', [{ field: 'passkey', before: null, after: passkey.name }])]);
  });
}
