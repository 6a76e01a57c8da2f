import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * A fan's e-mail is verified before it matters (sending a registration), so nobody holds an address
 * they do not own.
 * - `app_users.email_verified`: every user before this change counts as verified (nobody is locked
 *   out by the upgrade), as does any row not written by a sign-up (the demo league's); a sign-up on a
 *   server that sends mail writes false, until its link is opened.
 * - `email_verifications`: a sign-up's link, kept only as its token's SHA-256 with its expiry (as
 *   `password_resets` are); using it deletes it, so it works once. One per account: a new link
 *   replaces the older one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table app_users add column email_verified boolean not null default true`.execute(db);
  await sql`
    create table email_verifications (
      token_hash text primary key,
      user_id uuid not null unique references app_users (id) on delete cascade,
      expires_at timestamptz not null
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table email_verifications`.execute(db);
  await sql`alter table app_users drop column email_verified`.execute(db);
}
