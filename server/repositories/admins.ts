import { sql, type Selectable } from 'kysely';
import type { Role } from '../../src/domain/access';
import { ADMIN_TEXTS, VALIDATION } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import type { AdminAccountRecord } from '../../src/domain/records';
import type { AdminTable } from '../db/schema';
import { badRequest } from '../errors';
import { recordActivity, rowEntry, type ActivityEntry } from './activity';
import { endSessionsOf } from './admin-sessions';
import { isId } from './ids';
import { likePattern, listPage, type ListParams, type ListSpec } from './list';

export interface NewAdmin {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName?: string;
  /** Set for an admin added by another: they choose their own password at first sign-in. */
  mustChangePassword?: boolean;
  /** The column's default (DEFAULT_ROLE, an editor) when not given; `npm start`'s first admin is an owner. */
  role?: Role;
}

const columns = ['id', 'email', 'password_hash', 'first_name', 'last_name', 'role', 'is_active', 'must_change_password', 'password_changed_at'] as const;

/**
 * Ends an admin's sessions (in an UPDATE of their row): tokens carry their issue time in whole
 * seconds, so sessions are valid from a whole second that no token issued so far carries: the next
 * one, and always later than the previous start (two ends within one second must both end
 * something). A token issued for the admin afterwards is dated no earlier (`TokenService.sign`'s `sessionsFrom`).
 */
const SESSIONS_END_NOW = sql<Date>`greatest(date_trunc('second', now()), date_trunc('second', password_changed_at)) + interval '1 second'`;

export const findAdminByEmail = (db: Db, email: string) =>
  db
    .selectFrom('admins')
    .select(columns)
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();

/** What a sign-in's answer and token need: the admin's names, role and since when their sessions hold. */
export const findAdminForToken = (db: Db, id: string) =>
  isId(id) ? db.selectFrom('admins').select(columns).where('id', '=', id).executeTakeFirst() : Promise.resolve(undefined);

/** The admin a second-step ticket names, as `findAdminByEmail` answers it. */
export const findAdminById = (db: Db, id: string) => db.selectFrom('admins').select(columns).where('id', '=', id).executeTakeFirst();

export const firstAdmin = (db: Db) =>
  db.selectFrom('admins').select(columns).orderBy('created_at').limit(1).executeTakeFirst();

export const createAdmin = (db: Db, admin: NewAdmin) =>
  db
    .insertInto('admins')
    .values({
      email: admin.email.trim(),
      password_hash: admin.passwordHash,
      first_name: admin.firstName,
      last_name: admin.lastName ?? '',
      must_change_password: admin.mustChangePassword ?? false,
      ...(admin.role && { role: admin.role }),
    })
    .returning(columns)
    .executeTakeFirstOrThrow();

/** Answers false when no admin has that e-mail. Ends the admin's sessions. */
export async function setAdminPassword(db: Db, email: string, passwordHash: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('admins')
      .set({ password_hash: passwordHash, password_changed_at: SESSIONS_END_NOW })
      .where(sql`lower(email)`, '=', email.trim().toLowerCase())
      .returning('id')
      .executeTakeFirst();
    if (changed) await endSessionsOf(trx, changed.id);
    return changed !== undefined;
  });
}

/**
 * Swaps an old-format hash for a new one of the same password: sessions stay valid. Only while the
 * hash is still `previous`, so a reset that lands meanwhile wins.
 */
export async function replacePasswordHash(db: Db, id: string, previous: string, passwordHash: string): Promise<void> {
  await db.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', id).where('password_hash', '=', previous).execute();
}

/** A sign-in and its entry, or a refused one's entry (`admin` undefined for an unknown e-mail). */
export async function recordSignIn(db: Db, admin: { id: string } | undefined, email: string, accepted: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (accepted && admin) await trx.updateTable('admins').set({ last_sign_in_at: sql<Date>`now()` }).where('id', '=', admin.id).execute();
    const row = admin && (await trx.selectFrom('admins').selectAll().where('id', '=', admin.id).executeTakeFirstOrThrow());
    const entry: ActivityEntry = row
      ? { ...rowEntry('admins', 'update', row, row), action: accepted ? 'signIn' : 'signInRefused' }
      : { action: 'signInRefused', resource: 'admins', recordId: null, recordLabel: email.trim().slice(0, 200) };
    await recordActivity(trx, admin?.id ?? null, [entry]);
  });
}

// ---- The accounts as the API shows them ------------------------------------------------------

export type AdminRecord = AdminAccountRecord;

const toAdmin = (row: Selectable<AdminTable>): AdminRecord => ({
  _id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  role: row.role,
  isActive: row.is_active,
  lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

const ADMIN_LIST: ListSpec = {
  search: ['first_name', 'last_name', 'email', (text) => sql`concat_ws(' ', first_name, last_name) ilike ${likePattern(text)}`],
  sort: { firstName: 'first_name', lastName: 'last_name', email: 'email', createdAt: 'created_at' },
  naturalSort: ['firstName', 'lastName', 'email'],
  filters: { isActive: 'is_active', role: 'role' },
  id: 'id',
};

export const listAdmins = (db: Db, params: ListParams) => listPage(db, () => db.selectFrom('admins').selectAll(), ADMIN_LIST, params, toAdmin);

export async function findAdmin(db: Db, id: string): Promise<AdminRecord | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toAdmin(row);
}

/** Refuses an e-mail another admin has (any case) with the field's message. */
async function assertEmailFree(trx: Db, email: string): Promise<void> {
  const taken = await trx.selectFrom('admins').select('id').where(sql`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
  if (taken) throw badRequest({ email: VALIDATION.emailTaken });
}

/** Another admin, added by `by`; they choose their own password at first sign-in. */
export async function addAdmin(db: Db, by: string, admin: Omit<NewAdmin, 'mustChangePassword'>): Promise<AdminRecord> {
  return db.transaction().execute(async (trx) => {
    await assertEmailFree(trx, admin.email);
    const { id } = await createAdmin(trx, { ...admin, mustChangePassword: true });
    const row = await trx.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await recordActivity(trx, by, [rowEntry('admins', 'create', undefined, row)]);
    return toAdmin(row);
  });
}

export interface AdminChanges {
  firstName?: string;
  lastName?: string;
  isActive?: boolean;
  role?: Role;
  /** A new password's hash: a reset by another admin, or one's own change. */
  passwordHash?: string;
  /** Whether the admin must choose their own password after this change (true for a reset by another). */
  mustChangePassword?: boolean;
  /** The session kept open when this change ends the admin's sessions (their own password change: the caller's). */
  keepSession?: string;
}

/**
 * Changes an admin in one transaction with its entries: an update (names, active flag, role: the
 * entry names the role before and after) and a password reset or change. Deactivating, like a new
 * password, ends the admin's sessions. Refuses (changing nothing) an admin deactivating themselves,
 * the deactivation of the last active admin, and the deactivation or demotion of the last active
 * owner: the league would have no one left to manage its admins.
 * Answers the admin as changed, with the time its sessions now start, or undefined when there is none.
 */
export async function changeAdmin(db: Db, by: string, id: string, changes: AdminChanges) {
  if (!isId(id)) return undefined;
  return db.transaction().execute(async (trx) => {
    // Every active admin is locked, so two admins deactivating (or demoting) each other cannot both succeed.
    const active = await trx.selectFrom('admins').select(['id', 'role']).where('is_active', '=', true).orderBy('id').forUpdate().execute();
    const before = await trx.selectFrom('admins').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) return undefined;
    const deactivating = changes.isActive === false && before.is_active;
    if (deactivating && id === by) throw badRequest({ isActive: ADMIN_TEXTS.cannotDeactivateSelf });
    if (deactivating && active.length <= 1) throw badRequest({ isActive: ADMIN_TEXTS.lastActiveAdmin });
    const lastOwner = before.is_active && before.role === 'owner' && active.filter((admin) => admin.role === 'owner').length <= 1;
    if (lastOwner && deactivating) throw badRequest({ isActive: ADMIN_TEXTS.lastActiveOwner });
    if (lastOwner && changes.role !== undefined && changes.role !== 'owner') throw badRequest({ role: ADMIN_TEXTS.lastActiveOwner });
    const endsSessions = deactivating || changes.passwordHash !== undefined;
    const values = Object.fromEntries(
      Object.entries({
        first_name: changes.firstName,
        last_name: changes.lastName,
        is_active: changes.isActive,
        role: changes.role,
        password_hash: changes.passwordHash,
        must_change_password: changes.mustChangePassword,
        ...(endsSessions && { password_changed_at: SESSIONS_END_NOW }),
      }).filter(([, value]) => value !== undefined),
    );
    // A body that changes nothing ({}, or only fields the schema drops) answers the record as it is: there is no UPDATE with nothing to set.
    const after = Object.keys(values).length === 0 ? before : await trx.updateTable('admins').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    if (endsSessions) await endSessionsOf(trx, id, { keep: changes.keepSession });
    const update = rowEntry('admins', 'update', before, after);
    const entries: ActivityEntry[] = update.changes!.length > 0 ? [update] : [];
    if (changes.passwordHash !== undefined) entries.push({ ...update, action: id === by ? 'passwordChange' : 'passwordReset', changes: [] });
    await recordActivity(trx, by, entries);
    return { admin: toAdmin(after), sessionsFrom: after.password_changed_at };
  });
}

/** The stored hash of an admin's password, to check the current one before a change. */
export const passwordHashOf = async (db: Db, id: string) =>
  (await db.selectFrom('admins').select('password_hash').where('id', '=', id).executeTakeFirst())?.password_hash;
