import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * Fan accounts: the app's users sign up, sign in and delete themselves.
 *
 * - `app_users` says where each user came from (`source`: 'demo' for every row before this change, 'app'
 *   for a sign-up) and when they last signed in. Sign-up e-mails are unique, compared lower-cased.
 * - `fan_credentials` keeps a fan's password hash apart from the users' table the admins' list reads.
 * - `fan_sessions`: one row per signed-in phone. A token names its session; logout ends that one, a
 *   password reset or change ends the others, a deletion all of them (cascade).
 * - `password_resets`: a reset link's token is kept only as its SHA-256, with its expiry and use.
 * - `devices.user_id`: a phone registered while signed in belongs to that fan until they sign out.
 * - `registrations.user_id`: the fan who sent a registration from the app (null for others).
 * - The activity log stays append-only, with one narrow exception: `redact_activity(id, label, changes)`
 *   may rewrite an entry's record label and changes (a deleted fan's personal values), nothing else,
 *   and only through that function: the trigger lets an UPDATE through only while the function runs
 *   (a transaction-local setting it sets and clears), and a row trigger refuses any change to another column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table app_users
      add column source text not null default 'demo',
      add column last_sign_in_at timestamptz
  `.execute(db);
  await sql`alter table app_users add constraint app_users_source check (source in ('app', 'demo'))`.execute(db);
  await sql`create unique index app_users_app_email on app_users (lower(email)) where source = 'app'`.execute(db);

  await sql`
    create table fan_credentials (
      user_id uuid primary key references app_users (id) on delete cascade,
      password_hash text not null,
      password_changed_at timestamptz not null default now()
    )
  `.execute(db);

  await sql`
    create table fan_sessions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references app_users (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )
  `.execute(db);
  await sql`create index fan_sessions_user on fan_sessions (user_id)`.execute(db);

  await sql`
    create table password_resets (
      token_hash text primary key,
      user_id uuid not null references app_users (id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz
    )
  `.execute(db);
  await sql`create index password_resets_user on password_resets (user_id)`.execute(db);

  await sql`alter table devices add column user_id uuid references app_users (id) on delete set null`.execute(db);
  await sql`create index devices_user on devices (user_id) where user_id is not null`.execute(db);
  await sql`alter table registrations add column user_id uuid references app_users (id) on delete set null`.execute(db);
  await sql`create index registrations_user on registrations (user_id) where user_id is not null`.execute(db);

  await sql`
    create or replace function refuse_activity_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and current_setting('crease.activity_redaction', true) = 'on' then
        return null;
      end if;
      raise exception 'The activity log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end
    $$
  `.execute(db);
  await sql`
    create function refuse_activity_rewrite() returns trigger language plpgsql as $$
    begin
      if current_setting('crease.activity_redaction', true) is distinct from 'on'
        or new.id <> old.id or new.at <> old.at or new.admin_id is distinct from old.admin_id
        or new.admin_first_name <> old.admin_first_name or new.admin_last_name <> old.admin_last_name
        or new.action <> old.action or new.resource <> old.resource or new.record_id is distinct from old.record_id
        or jsonb_typeof(new.changes) <> 'array' or jsonb_array_length(new.changes) <> jsonb_array_length(old.changes) then
        raise exception 'The activity log is append-only: only a redaction may rewrite an entry''s label and values'
          using errcode = 'insufficient_privilege';
      end if;
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger activity_redaction_only before update on activity
    for each row execute function refuse_activity_rewrite()
  `.execute(db);
  await sql`
    create function redact_activity(entry bigint, label text, redacted jsonb) returns void language plpgsql as $$
    begin
      perform set_config('crease.activity_redaction', 'on', true);
      update activity set record_label = label, changes = redacted where id = entry;
      perform set_config('crease.activity_redaction', 'off', true);
    end
    $$
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function redact_activity(bigint, text, jsonb)`.execute(db);
  await sql`drop trigger activity_redaction_only on activity`.execute(db);
  await sql`drop function refuse_activity_rewrite()`.execute(db);
  await sql`
    create or replace function refuse_activity_change() returns trigger language plpgsql as $$
    begin
      raise exception 'The activity log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end
    $$
  `.execute(db);
  await sql`alter table registrations drop column user_id`.execute(db);
  await sql`alter table devices drop column user_id`.execute(db);
  await sql`drop table password_resets`.execute(db);
  await sql`drop table fan_sessions`.execute(db);
  await sql`drop table fan_credentials`.execute(db);
  await sql`drop index app_users_app_email`.execute(db);
  await sql`alter table app_users drop constraint app_users_source, drop column source, drop column last_sign_in_at`.execute(db);
}
