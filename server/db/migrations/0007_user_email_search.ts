import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/** The users list searches e-mails too; without a trigram index that read every one of a million rows. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index app_users_email_trgm on app_users using gin (email gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index app_users_email_trgm`.execute(db);
}
