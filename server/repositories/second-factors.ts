/**
 * Admins' second factors (TOTP and its recovery codes) and the league's policy that requires one.
 * Every change is recorded in the activity log in its own transaction, and no entry holds a secret
 * or a code: only what happened, to whose account.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { ActivityAction } from '../../src/domain/enums';
import { TWO_FACTOR_TEXTS } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { recordActivity, rowEntry } from './activity';
import { hasPasskey } from './passkeys';

const REQUIRE_SECOND_FACTOR = 'requireSecondFactor';

/** A recovery code as kept: its SHA-256 digest, of the code as typed without spaces or dashes, any case. */
export const recoveryCodeHash = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');

/** An entry about an admin's own account (`action`), by `by` (null: the operator's command). */
async function recordFor(trx: Db, by: string | null, adminId: string, action: ActivityAction): Promise<void> {
  const row = await trx.selectFrom('admins').selectAll().where('id', '=', adminId).executeTakeFirstOrThrow();
  await recordActivity(trx, by, [{ ...rowEntry('admins', 'update', row, row), action, changes: [] }]);
}

// ---- The policy ----------------------------------------------------------------------------------

export async function requiresSecondFactor(db: Db): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', REQUIRE_SECOND_FACTOR).executeTakeFirst();
  return row?.value === true;
}

export async function setRequiresSecondFactor(db: Db, by: string, required: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await requiresSecondFactor(trx);
    await trx
      .insertInto('settings')
      .values({ name: REQUIRE_SECOND_FACTOR, value: JSON.stringify(required) })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(required), updated_at: sql<Date>`now()` }))
      .execute();
    if (before === required) return;
    await recordActivity(trx, by, [
      { action: 'update', resource: 'admins', recordId: null, recordLabel: TWO_FACTOR_TEXTS.policyLabel, changes: [{ field: REQUIRE_SECOND_FACTOR, before, after: required }] },
    ]);
  });
}

// ---- Which factors an admin has -------------------------------------------------------------------

/** The kinds of second factor an admin may have set up, in the order a sign-in lists them. */
export type SecondFactorKind = 'totp' | 'passkey';

/** The second factors the admin has set up, as a sign-in lists them. */
export async function secondFactorsOf(db: Db, adminId: string): Promise<SecondFactorKind[]> {
  const totp = await db.selectFrom('admin_totp').select('admin_id').where('admin_id', '=', adminId).where('secret', 'is not', null).executeTakeFirst();
  const passkey = await hasPasskey(db, adminId);
  return [...(totp ? (['totp'] as const) : []), ...(passkey ? (['passkey'] as const) : [])];
}

/**
 * Whether the league requires a second factor and the admin (the `admins` row of the query) has none
 * yet: they set one up before anything else. A column of the token guard's lookup.
 */
export const mustSetUpSecondFactorSql = sql<boolean>`(
  coalesce((select value = 'true'::jsonb from settings where name = ${REQUIRE_SECOND_FACTOR}), false)
  and not exists (select 1 from admin_totp where admin_totp.admin_id = admins.id and admin_totp.secret is not null)
  and not exists (select 1 from admin_passkeys where admin_passkeys.admin_id = admins.id)
)`;

export async function mustSetUpSecondFactor(db: Db, adminId: string): Promise<boolean> {
  const row = await db.selectFrom('admins').select(mustSetUpSecondFactorSql.as('held')).where('id', '=', adminId).executeTakeFirst();
  return row?.held === true;
}

// ---- TOTP -----------------------------------------------------------------------------------------

/** The admin's TOTP as kept: the confirmed secret (null while off), the one awaiting confirmation, the last step accepted. */
export async function totpOf(db: Db, adminId: string) {
  const row = await db.selectFrom('admin_totp').select(['secret', 'pending_secret', 'last_step']).where('admin_id', '=', adminId).executeTakeFirst();
  return row && { secret: row.secret, pendingSecret: row.pending_secret, lastStep: row.last_step === null ? null : Number(row.last_step) };
}

/** Keeps a new secret awaiting its first code (replacing one that never was confirmed). */
export async function startTotp(db: Db, adminId: string, pendingSecret: string): Promise<void> {
  await db
    .insertInto('admin_totp')
    .values({ admin_id: adminId, pending_secret: pendingSecret })
    .onConflict((oc) => oc.column('admin_id').doUpdateSet({ pending_secret: pendingSecret }))
    .execute();
}

/**
 * Takes time step `step` for the admin: only if it is later than the last one taken, so a code is
 * accepted once (and none older after it), even by two servers at the same moment.
 */
export async function takeStep(db: Db, adminId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('admin_totp')
    .set({ last_step: step })
    .where('admin_id', '=', adminId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', String(step))]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Turns TOTP on with the pending secret, a code of which was just accepted at `step`, and keeps the
 * recovery codes' digests in place of any earlier ones. False when the pending secret changed meanwhile.
 */
export async function confirmTotp(db: Db, adminId: string, pendingSecret: string, step: number, recoveryCodes: readonly string[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('admin_totp')
      .set({ secret: pendingSecret, pending_secret: null, enabled_at: sql<Date>`now()`, last_step: step })
      .where('admin_id', '=', adminId)
      .where('pending_secret', '=', pendingSecret)
      .where('secret', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
    await trx
      .insertInto('admin_recovery_codes')
      .values(recoveryCodes.map((code) => ({ admin_id: adminId, code_hash: recoveryCodeHash(code) })))
      .execute();
    await recordFor(trx, adminId, adminId, 'totpOn');
    return true;
  });
}

/** Uses one of the admin's recovery codes: true once per code. */
export async function useRecoveryCode(db: Db, adminId: string, code: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('admin_recovery_codes')
      .set({ used_at: sql<Date>`now()` })
      .where('admin_id', '=', adminId)
      .where('code_hash', '=', recoveryCodeHash(code))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await recordFor(trx, adminId, adminId, 'recoveryCodeUsed');
    return true;
  });
}

/** A second-step code refused, on the record like a refused password. */
export async function recordRefusedCode(db: Db, adminId: string): Promise<void> {
  await db.transaction().execute((trx) => recordFor(trx, null, adminId, 'secondFactorRefused'));
}

/** Turns the admin's TOTP off, by themselves: the secret and the recovery codes go. False when it was not on. */
export async function turnOffTotp(db: Db, adminId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('admin_totp').where('admin_id', '=', adminId).where('secret', 'is not', null).executeTakeFirst();
    if (removed.numDeletedRows === 0n) return false;
    await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
    await recordFor(trx, adminId, adminId, 'totpOff');
    return true;
  });
}

/**
 * The operator's way back (`npm run admin -- reset-2fa <email>`): every second factor of the admin
 * goes, pending set-up too. Answers the admin's id, or undefined when no admin has that e-mail.
 */
export async function resetSecondFactors(db: Db, email: string): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const admin = await trx.selectFrom('admins').select('id').where(sql`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
    if (!admin) return undefined;
    await trx.deleteFrom('admin_totp').where('admin_id', '=', admin.id).execute();
    await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', admin.id).execute();
    // Passkeys are factors too: a lost phone may hold the admin's only one.
    await trx.deleteFrom('admin_passkeys').where('admin_id', '=', admin.id).execute();
    await recordFor(trx, null, admin.id, 'secondFactorReset');
    return admin.id;
  });
}
