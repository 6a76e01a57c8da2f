import { sql } from 'kysely';
import type { Db } from '../db/connection';

export interface NewAdmin {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName?: string;
}

const columns = ['id', 'email', 'password_hash', 'first_name', 'last_name', 'role'] as const;

export const findAdminByEmail = (db: Db, email: string) =>
  db
    .selectFrom('admins')
    .select(columns)
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();

/** What the token guard needs: whether the admin still exists, and since when its password holds. */
export const findAdminSession = (db: Db, id: string) =>
  db.selectFrom('admins').select(['id', 'password_changed_at']).where('id', '=', id).executeTakeFirst();

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
    })
    .returning(columns)
    .executeTakeFirstOrThrow();

/** Answers false when no admin has that e-mail. */
export async function setAdminPassword(db: Db, email: string, passwordHash: string): Promise<boolean> {
  const result = await db
    .updateTable('admins')
    .set({ password_hash: passwordHash, password_changed_at: sql<Date>`now()` })
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Swaps an old-format hash for a new one of the same password: sessions stay valid. Only while the
 * hash is still `previous`, so a reset that lands meanwhile wins.
 */
export async function replacePasswordHash(db: Db, id: string, previous: string, passwordHash: string): Promise<void> {
  await db.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', id).where('password_hash', '=', previous).execute();
}
