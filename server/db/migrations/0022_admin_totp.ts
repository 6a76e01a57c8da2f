import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * A second factor for admins: TOTP (RFC 6238) and its recovery codes, and the league's policy.
 *
 * - `admin_totp`: one row per admin who has started or finished setting TOTP up. `pending_secret` is
 *   the secret shown at set-up, until a code made with it confirms it; it then becomes `secret`, and
 *   TOTP is on from `enabled_at`. `last_step` is the time step (30-second counter) of the last code
 *   accepted: a code is taken once, and no older one after it.
 * - `admin_recovery_codes`: the single-use codes given when TOTP is turned on, kept only as SHA-256
 *   digests (each holds about 49 random bits, so a slow password hash would buy nothing); `used_at` once used.
 * - `settings`: the league's settings, one row per name with a JSON value; `requireSecondFactor`
 *   (false until an owner turns it on) sends every admin without a second factor to set one up.
 * - Writes to `admin_totp` and `settings` raise `admins_changed` as writes to `admins` do (0010): the
 *   signed-in admins servers keep (auth/admin-sessions.ts) hold whether the policy holds them back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table admin_totp (
      admin_id uuid primary key references admins (id) on delete cascade,
      pending_secret text,
      secret text,
      enabled_at timestamptz,
      last_step bigint,
      check ((secret is null) = (enabled_at is null))
    )
  `.execute(db);
  await sql`
    create table admin_recovery_codes (
      admin_id uuid not null references admins (id) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      primary key (admin_id, code_hash)
    )
  `.execute(db);
  await sql`
    create table settings (
      name text primary key,
      value jsonb not null,
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`insert into settings (name, value) values ('requireSecondFactor', 'false'::jsonb)`.execute(db);
  for (const table of ['admin_totp', 'settings']) {
    await sql`
      create trigger ${sql.raw(`${table}_admins_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_admins_changed()
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table settings`.execute(db);
  await sql`drop table admin_recovery_codes`.execute(db);
  await sql`drop table admin_totp`.execute(db);
}
