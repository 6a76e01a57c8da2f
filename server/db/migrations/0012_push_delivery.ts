import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * Push delivery: the fans' phones (devices), each notification's send (sends), one row per
 * notification and device (deliveries), and the background jobs every server may pick up (jobs).
 * Notifications stored before this change were never sent; they are marked not-configured.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('devices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('platform', 'text', (c) => c.notNull().check(sql`platform in ('android', 'ios')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sends')
    .addColumn('notification_id', 'uuid', (c) => c.primaryKey().references('notifications.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('send_at', 'timestamptz')
    .addColumn('message', 'text')
    .addColumn('targeted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reasons', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // Devices are sent in id order: every device up to this one has its answer recorded.
    .addColumn('cursor', 'uuid')
    .addColumn('started_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await sql`insert into sends (notification_id, state) select id, 'not-configured' from notifications`.execute(db);

  // Only what did not go at the first try is kept per device (a retry, a failure, a device gone);
  // a device FCM reports gone is deleted, and its delivery stays, so it keeps no reference to it.
  await db.schema
    .createTable('deliveries')
    .addColumn('notification_id', 'uuid', (c) => c.notNull().references('sends.notification_id').onDelete('cascade'))
    .addColumn('device_id', 'uuid', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('deliveries_pkey', ['notification_id', 'device_id'])
    .execute();
  await sql`create index deliveries_pending on deliveries (notification_id, device_id) where state = 'pending'`.execute(db);

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // One job per thing it works on (a notification's send): scheduling it again moves that job.
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull())
    .addColumn('lease_until', 'timestamptz')
    // The server holding the lease: one that lost it (it stalled past it) stops rather than work beside another.
    .addColumn('locked_by', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index jobs_due on jobs (run_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('deliveries').execute();
  await db.schema.dropTable('sends').execute();
  await db.schema.dropTable('devices').execute();
}
