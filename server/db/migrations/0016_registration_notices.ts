import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * A fan hears back on their registration: approving or rejecting one the app sent pushes the
 * decision to the fan's linked phones, through the job queue, as a notification's send goes.
 * - `registration_notices`: the latest decision told (one per registration; a new decision
 *   replaces it), its state and counts, and the first round's cursor over the fan's devices.
 * - `notice_deliveries`: every device's answer (a fan has a few, so each is kept, sent ones too).
 * The sends' own tables cannot hold it: a send is keyed by its notification.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table registration_notices (
      registration_id uuid primary key references registrations (id) on delete cascade,
      status text not null check (status in ('approved', 'rejected')),
      state text not null,
      message text,
      targeted integer not null default 0,
      sent integer not null default 0,
      failed integer not null default 0,
      gone integer not null default 0,
      cursor uuid,
      started_at timestamptz,
      ended_at timestamptz
    )
  `.execute(db);
  await sql`
    create table notice_deliveries (
      registration_id uuid not null references registration_notices (registration_id) on delete cascade,
      device_id uuid not null,
      token text not null,
      platform text not null,
      state text not null default 'pending',
      reason text,
      attempts integer not null default 0,
      next_at timestamptz not null,
      primary key (registration_id, device_id)
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table notice_deliveries`.execute(db);
  await sql`drop table registration_notices`.execute(db);
}
