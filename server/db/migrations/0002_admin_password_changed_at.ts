import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/** Tokens issued before an admin's last password change stop working (see plugins/auth.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admins')
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
