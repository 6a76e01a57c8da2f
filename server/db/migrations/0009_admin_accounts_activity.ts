import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * Named admin accounts and the activity log.
 *
 * Admins gain an active flag (a deactivated admin's sessions are refused on the next call), the time
 * of their last sign-in, and a flag that holds a new admin to choosing their own password first.
 *
 * `activity` is append-only: a trigger refuses every UPDATE, DELETE and TRUNCATE, whoever asks. An
 * entry keeps the admin's name as it was then beside the id, so a later rename leaves history as it
 * happened. Ids are a sequence, so newest first is the primary key read backwards; each filter the
 * list offers has an index ending in the id, so page 1 of any of them reads ten index entries. The
 * totals of the whole log and of one admin, resource or action are kept in `list_counts` (0006).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table admins
      add column is_active boolean not null default true,
      add column last_sign_in_at timestamptz,
      add column must_change_password boolean not null default false
  `.execute(db);

  await sql`
    create table activity (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      admin_id uuid references admins (id),
      admin_first_name text not null default '',
      admin_last_name text not null default '',
      action text not null,
      resource text not null,
      record_id text,
      record_label text,
      changes jsonb not null default '[]'::jsonb
    )
  `.execute(db);
  await sql`create index activity_admin_idx on activity (admin_id, id)`.execute(db);
  await sql`create index activity_record_idx on activity (resource, record_id, id)`.execute(db);
  await sql`create index activity_action_idx on activity (action, id)`.execute(db);
  await sql`create index activity_at_idx on activity (at)`.execute(db);
  await sql`create index activity_label_trgm on activity using gin (record_label gin_trgm_ops)`.execute(db);

  await sql`
    create function refuse_activity_change() returns trigger language plpgsql as $$
    begin
      raise exception 'The activity log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end
    $$
  `.execute(db);
  await sql`
    create trigger activity_append_only before update or delete or truncate on activity
    for each statement execute function refuse_activity_change()
  `.execute(db);

  await sql`
    create trigger activity_count_insert after insert on activity referencing new table as new_rows
    for each statement execute function count_list_rows(
      'activity', 'adminId', 'array[r.admin_id::text]', 'resource', 'array[r.resource]', 'action', 'array[r.action]'
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table activity`.execute(db);
  await sql`drop function refuse_activity_change()`.execute(db);
  await sql`delete from list_counts where list = 'activity'`.execute(db);
  await sql`alter table admins drop column is_active, drop column last_sign_in_at, drop column must_change_password`.execute(db);
}
