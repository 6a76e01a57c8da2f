import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * Sessions kept on the server.
 *
 * - `admin_sessions`: one row per admin sign-in. An admin's token names its row (`jti`); the guard
 *   refuses a token whose row is ended or expired. `last_used_at` is written at most once a minute.
 *   Ending a session (or removing one) is announced on `admins_changed`, as a change to `admins` is, so
 *   every server drops its kept lookups at once (server/auth/admin-sessions.ts). Writing `last_used_at`
 *   announces nothing. Tokens from before this migration name no session and are refused: every admin
 *   signs in once more after the upgrade.
 * - `fan_refresh_tokens`: a fan's refresh tokens, kept as their SHA-256. A fan session is one family:
 *   each refresh spends its token (`used_at`) and adds the next; a spent token sent again ends the
 *   family (its session row, and so every token of it, by cascade).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table admin_sessions (
      id uuid primary key default gen_random_uuid(),
      admin_id uuid not null references admins (id) on delete cascade,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now(),
      device text not null default '',
      address text not null default '',
      expires_at timestamptz not null,
      ended_at timestamptz
    )
  `.execute(db);
  await sql`create index admin_sessions_admin on admin_sessions (admin_id)`.execute(db);
  await sql`
    create trigger admin_sessions_changed after update of ended_at, expires_at or delete or truncate on admin_sessions
    for each statement execute function notify_admins_changed()
  `.execute(db);

  await sql`
    create table fan_refresh_tokens (
      token_hash text primary key,
      -- The order tokens were given in (a clock tests move can give many the same instant).
      seq bigint generated always as identity,
      session_id uuid not null references fan_sessions (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )
  `.execute(db);
  await sql`create index fan_refresh_tokens_session on fan_refresh_tokens (session_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table fan_refresh_tokens`.execute(db);
  await sql`drop table admin_sessions`.execute(db);
}
