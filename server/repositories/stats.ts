/**
 * A resource's stat figures (`GET /admin/<resource>/stats`) in one query over its whole table: each
 * figure is an aggregate, read back as an integer (PostgreSQL answers `count` as a bigint string).
 *
 *   figures(db, 'teams', { total: sql`count(*)`, active: sql`count(*) filter (where is_active)`, withCoach: sql`count(coach)` })
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function figures<K extends string>(
  db: Db,
  table: keyof Database,
  aggregates: Record<K, RawBuilder<unknown>>,
): Promise<Record<K, number>> {
  const columns = Object.entries<RawBuilder<unknown>>(aggregates).map(([name, aggregate]) => sql`(${aggregate})::int as ${sql.id(name)}`);
  const { rows } = await sql<Record<K, number>>`select ${sql.join(columns)} from ${sql.table(table)}`.execute(db);
  return rows[0];
}

/** Records created in the last `days` days before `now` (a rolling window, as the dashboard counts). */
export const createdInLast = (days: number, now: Date) =>
  sql`count(*) filter (where created_at > ${new Date(now.getTime() - days * DAY_MS)})`;
