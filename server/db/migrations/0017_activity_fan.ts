import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * A fan's own writes name the fan in the activity log: `activity.fan_id` is the app user who made
 * the entry (a registration sent from the app, their account's deletion), null for an admin's or
 * Crease's. The fan's name is not copied into the entry (an admin's is): it is read from their
 * account when the log is read, so a deleted fan's entries name nobody and erasure rewrites nothing.
 * No foreign key: the id outlives the account, and the append-only log must not be touched by its deletion.
 * The redaction path (0015) may not move the column either.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table activity add column fan_id uuid`.execute(db);
  await sql`
    create or replace function refuse_activity_rewrite() returns trigger language plpgsql as $$
    begin
      if current_setting('crease.activity_redaction', true) is distinct from 'on'
        or new.id <> old.id or new.at <> old.at or new.admin_id is distinct from old.admin_id
        or new.admin_first_name <> old.admin_first_name or new.admin_last_name <> old.admin_last_name
        or new.fan_id is distinct from old.fan_id
        or new.action <> old.action or new.resource <> old.resource or new.record_id is distinct from old.record_id
        or jsonb_typeof(new.changes) <> 'array' or jsonb_array_length(new.changes) <> jsonb_array_length(old.changes) then
        raise exception 'The activity log is append-only: only a redaction may rewrite an entry''s label and values'
          using errcode = 'insufficient_privilege';
      end if;
      return new;
    end
    $$
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function refuse_activity_rewrite() returns trigger language plpgsql as $$
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
  await sql`alter table activity drop column fan_id`.execute(db);
}
