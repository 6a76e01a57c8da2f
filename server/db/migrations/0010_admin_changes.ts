import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * Every change to `admins`, by any server, command or hand-written SQL, is announced on the
 * `admins_changed` channel when its transaction commits: servers keep the signed-in admin's row
 * for a while and drop it when they hear this (server/auth/admin-sessions.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function notify_admins_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('admins_changed', '');
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger admins_changed after insert or update or delete or truncate on admins
    for each statement execute function notify_admins_changed()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger admins_changed on admins`.execute(db);
  await sql`drop function notify_admins_changed()`.execute(db);
}
