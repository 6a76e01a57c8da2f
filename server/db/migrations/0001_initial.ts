import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

const id = (col: any) => col.primaryKey().defaultTo(sql`gen_random_uuid()`);
const createdAt = (col: any) => col.notNull().defaultTo(sql`now()`);

/** Trigram indexes make the lists' case-insensitive `search` fast on large tables. */
const trigram = (table: string, column: string) =>
  sql.raw(`create index ${table}_${column}_trgm on ${table} using gin (${column} gin_trgm_ops)`);
const newestFirst = (table: string) =>
  sql.raw(`create index ${table}_created_at_idx on ${table} (created_at desc, id desc)`);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('admins')
    .addColumn('id', 'uuid', id)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('admin'))
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();
  await sql`create unique index admins_email_idx on admins (lower(email))`.execute(db);

  for (const table of ['sports', 'stadiums', 'states']) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'uuid', id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', createdAt)
      .execute();
  }
  await db.schema
    .createTable('districts')
    .addColumn('id', 'uuid', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state_id', 'uuid', (c) => c.notNull().references('states.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();
  await db.schema
    .createTable('cities')
    .addColumn('id', 'uuid', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('district_id', 'uuid', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();
  await db.schema.createIndex('districts_state_idx').on('districts').column('state_id').execute();
  await db.schema.createIndex('cities_district_idx').on('cities').column('district_id').execute();

  await db.schema
    .createTable('bowling_styles')
    .addColumn('id', 'uuid', id)
    .addColumn('style', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();
  await db.schema
    .createTable('batting_headedness')
    .addColumn('id', 'uuid', id)
    .addColumn('battings_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();
  await db.schema
    .createTable('batting_orders')
    .addColumn('id', 'uuid', id)
    .addColumn('order', 'integer', (c) => c.notNull())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', 'uuid', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sport_id', 'uuid', (c) => c.references('sports.id').onDelete('set null'))
    .addColumn('coach', 'text')
    .addColumn('logo', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();

  await db.schema
    .createTable('players')
    .addColumn('id', 'uuid', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('age', 'integer')
    .addColumn('image', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('team_id', 'uuid', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('bowling_id', 'uuid', (c) => c.references('bowling_styles.id').onDelete('set null'))
    .addColumn('batting_id', 'uuid', (c) => c.references('batting_headedness.id').onDelete('set null'))
    .addColumn('batting_order_id', 'uuid', (c) => c.references('batting_orders.id').onDelete('set null'))
    .addColumn('playing_role', 'text')
    .addColumn('video_url', 'text')
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();
  await db.schema.createIndex('players_team_idx').on('players').column('team_id').execute();

  await db.schema
    .createTable('matches')
    .addColumn('id', 'uuid', id)
    .addColumn('match_date', 'timestamptz', (c) => c.notNull())
    .addColumn('match_time', 'text')
    .addColumn('stadium_id', 'uuid', (c) => c.references('stadiums.id').onDelete('set null'))
    .addColumn('team_a_id', 'uuid', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('team_b_id', 'uuid', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('team_a_flag', 'text')
    .addColumn('team_b_flag', 'text')
    .addColumn('stadium_image', 'text')
    .addColumn('title', 'text')
    .addColumn('overs', 'integer')
    .addColumn('format', 'text')
    .addColumn('umpire', 'text')
    .addColumn('tournament', 'text')
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();

  await db.schema
    .createTable('videos')
    .addColumn('id', 'uuid', id)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('video_url', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('user_id', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('is_featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_magic_moment', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();

  await db.schema
    .createTable('news')
    .addColumn('id', 'uuid', id)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('small_description', 'text', (c) => c.notNull())
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('category', 'text')
    .addColumn('image', 'text')
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();
  await sql`create index news_tags_idx on news using gin (tags)`.execute(db);

  await db.schema
    .createTable('app_users')
    .addColumn('id', 'uuid', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('age', 'integer')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', id)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();

  await db.schema
    .createTable('registrations')
    .addColumn('id', 'uuid', id)
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('dob', 'date')
    .addColumn('government_id_type', 'text')
    .addColumn('government_id_number', 'text')
    .addColumn('state_id', 'uuid', (c) => c.references('states.id').onDelete('set null'))
    .addColumn('district_id', 'uuid', (c) => c.references('districts.id').onDelete('set null'))
    .addColumn('city_id', 'uuid', (c) => c.references('cities.id').onDelete('set null'))
    .addColumn('area', 'text')
    .addColumn('pin_code', 'text')
    .addColumn('address', 'text')
    .addColumn('playing_role', 'text')
    .addColumn('batting_style', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();
  await db.schema
    .createTable('registration_players')
    .addColumn('id', 'uuid', id)
    .addColumn('registration_id', 'uuid', (c) => c.notNull().references('registrations.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text')
    .addColumn('dob', 'date')
    .addColumn('playing_role', 'text')
    .addColumn('batting_style', 'text')
    .addColumn('bowling_style', 'text')
    .addColumn('photo', 'text')
    .execute();
  await db.schema
    .createIndex('registration_players_registration_idx')
    .on('registration_players')
    .columns(['registration_id', 'position'])
    .execute();

  await db.schema
    .createTable('slides')
    .addColumn('id', 'uuid', id)
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', createdAt)
    .execute();

  const searchable: Array<[string, string]> = [
    ['videos', 'title'],
    ['videos', 'category'],
    ['news', 'title'],
    ['news', 'description'],
    ['teams', 'name'],
    ['teams', 'coach'],
    ['players', 'name'],
    ['stadiums', 'name'],
    ['app_users', 'name'],
    ['registrations', 'first_name'],
    ['notifications', 'body'],
    ['slides', 'image'],
  ];
  for (const [table, column] of searchable) await trigram(table, column).execute(db);

  for (const table of ['videos', 'news', 'teams', 'players', 'matches', 'app_users', 'notifications', 'registrations', 'slides']) {
    await newestFirst(table).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'slides', 'registration_players', 'registrations', 'notifications', 'app_users', 'news', 'videos',
    'matches', 'players', 'teams', 'batting_orders', 'batting_headedness', 'bowling_styles',
    'cities', 'districts', 'states', 'stadiums', 'sports', 'admins',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
