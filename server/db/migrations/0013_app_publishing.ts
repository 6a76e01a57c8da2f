import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * What the fans' app reads, and when.
 *
 * - News, videos and slides are drafts, scheduled or published (`status`), with the instants they
 *   go live and come down (`publish_at`, `unpublish_at`). Rows stored before are published.
 * - Every table the app reads keeps the transaction that last wrote each row (`sync_xid`): the
 *   app's sync answers rows written at or after a cursor, a snapshot's xmin, so a transaction that
 *   commits late is never skipped (a sequence number could be taken before and committed after).
 * - A row that leaves what the app sees (deleted, unpublished, deactivated) is kept in
 *   `app_removals`, so the sync can tell the app to drop it. The trigger's arguments name the
 *   column and the value that make a row visible (none: every row is).
 * - Each statement that writes one of these tables announces it on `content_changed`, with the
 *   table's name, when it commits: every server drops the answers it kept for that table.
 */
const READ = ['news', 'videos', 'slides', 'teams', 'players', 'matches', 'notifications'];
const PUBLISHED = ['news', 'videos', 'slides'];
/** Lookups the app's records name (a team's sport): a rename changes what the app reads. */
const NAMED = ['sports', 'stadiums', 'bowling_styles', 'batting_headedness', 'batting_orders'];
const VISIBLE: Record<string, [string, string] | []> = {
  news: ['status', 'published'],
  videos: ['status', 'published'],
  slides: ['status', 'published'],
  teams: ['is_active', 'true'],
  players: ['is_active', 'true'],
  matches: [],
  notifications: [],
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of PUBLISHED) {
    await db.schema
      .alterTable(table)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published').check(sql`status in ('draft', 'scheduled', 'published')`))
      .execute();
    await db.schema.alterTable(table).addColumn('publish_at', 'timestamptz').execute();
    await db.schema.alterTable(table).addColumn('unpublish_at', 'timestamptz').execute();
  }

  await db.schema
    .createTable('app_removals')
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'uuid', (c) => c.notNull())
    .addColumn('xid', sql`xid8`, (c) => c.notNull().defaultTo(sql`pg_current_xact_id()`))
    .addColumn('removed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index app_removals_by_resource on app_removals (resource, xid)`.execute(db);
  await sql`create index app_removals_by_time on app_removals (removed_at)`.execute(db);

  await sql`
    create function app_touch() returns trigger language plpgsql as $$
    begin
      new.sync_xid := pg_current_xact_id();
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create function app_removed() returns trigger language plpgsql as $$
    declare
      was_visible boolean := tg_nargs = 0 or to_jsonb(old) ->> tg_argv[0] = tg_argv[1];
      is_visible boolean := tg_op = 'UPDATE' and (tg_nargs = 0 or to_jsonb(new) ->> tg_argv[0] = tg_argv[1]);
    begin
      if was_visible and not is_visible then
        insert into app_removals (resource, record_id) values (tg_table_name, old.id);
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create function app_content_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('content_changed', tg_table_name);
      return null;
    end
    $$
  `.execute(db);

  for (const table of READ) {
    await db.schema
      .alterTable(table)
      .addColumn('sync_xid', sql`xid8`, (c) => c.notNull().defaultTo(sql`pg_current_xact_id()`))
      .execute();
    await sql`create index ${sql.id(`${table}_by_sync`)} on ${sql.table(table)} (sync_xid)`.execute(db);
    await sql`create trigger app_touch before update on ${sql.table(table)} for each row execute function app_touch()`.execute(db);
    const args = VISIBLE[table].map((arg) => sql.lit(arg));
    await sql`
      create trigger app_removed after update or delete on ${sql.table(table)}
      for each row execute function app_removed(${sql.join(args)})
    `.execute(db);
    await sql`
      create trigger app_content_changed after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function app_content_changed()
    `.execute(db);
  }

  for (const table of NAMED) {
    await sql`
      create trigger app_content_changed after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function app_content_changed()
    `.execute(db);
  }

  // A notification reaches the app's inbox when its send ends: that touches the notification.
  await sql`
    create function app_send_ended() returns trigger language plpgsql as $$
    begin
      update notifications set sync_xid = pg_current_xact_id() where id = new.notification_id;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger app_send_ended after insert on sends
    for each row when (new.state in ('sent', 'partly-sent')) execute function app_send_ended()
  `.execute(db);
  await sql`
    create trigger app_send_ended_update after update of state on sends
    for each row when (old.state is distinct from new.state and new.state in ('sent', 'partly-sent')) execute function app_send_ended()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger app_send_ended_update on sends`.execute(db);
  await sql`drop trigger app_send_ended on sends`.execute(db);
  await sql`drop function app_send_ended()`.execute(db);
  for (const table of NAMED) await sql`drop trigger app_content_changed on ${sql.table(table)}`.execute(db);
  for (const table of READ) {
    await sql`drop trigger app_content_changed on ${sql.table(table)}`.execute(db);
    await sql`drop trigger app_removed on ${sql.table(table)}`.execute(db);
    await sql`drop trigger app_touch on ${sql.table(table)}`.execute(db);
    await db.schema.alterTable(table).dropColumn('sync_xid').execute();
  }
  await sql`drop function app_content_changed()`.execute(db);
  await sql`drop function app_removed()`.execute(db);
  await sql`drop function app_touch()`.execute(db);
  await db.schema.dropTable('app_removals').execute();
  for (const table of PUBLISHED) {
    await db.schema.alterTable(table).dropColumn('unpublish_at').dropColumn('publish_at').dropColumn('status').execute();
  }
}
