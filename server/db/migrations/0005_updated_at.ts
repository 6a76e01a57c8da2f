import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/** The records the admin app edits; each edit sends back the `updated_at` it read (optimistic locking). */
const TABLES = ['videos', 'news', 'teams', 'players', 'matches', 'registrations'];

/**
 * `updated_at` is kept in whole milliseconds, the precision the API's ISO timestamps carry, so a
 * version read from an answer compares equal to the stored one. A trigger sets it on every update,
 * whichever code path writes, and always moves it forward, even for two updates within one millisecond.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function touch_updated_at() returns trigger language plpgsql as $$
    begin
      new.updated_at := greatest(date_trunc('milliseconds', clock_timestamp()), old.updated_at + interval '1 millisecond');
      return new;
    end
    $$
  `.execute(db);
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} add column updated_at timestamptz not null default date_trunc('milliseconds', now())`.execute(db);
    await sql`update ${sql.table(table)} set updated_at = date_trunc('milliseconds', created_at)`.execute(db);
    await sql`create trigger ${sql.id(`${table}_touch_updated_at`)} before update on ${sql.table(table)} for each row execute function touch_updated_at()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger ${sql.id(`${table}_touch_updated_at`)} on ${sql.table(table)}`.execute(db);
    await db.schema.alterTable(table).dropColumn('updated_at').execute();
  }
  await sql`drop function touch_updated_at()`.execute(db);
}
