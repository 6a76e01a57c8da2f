/**
 * PGlite has no autovacuum, so the server vacuums and analyzes itself: without statistics the
 * planner cannot estimate a broad search's hits, and 'About …' totals would be guesses.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpenDatabase } from '../../server/db/connection';
import { tidyPglite } from '../../server/db/maintenance';
import { seedBulk } from '../../server/seed';
import { freshDatabase } from './harness';

let database: OpenDatabase;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const plannedRows = async (search: string) => {
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json) select 1 from app_users where name ilike ${search}`.execute(database.db);
  return rows[0]['QUERY PLAN'][0].Plan['Plan Rows'];
};

it('gives the planner the statistics a search estimate is read from', async () => {
  const { db } = database;
  const { id } = await db.insertInto('admins').values({ email: 'tidy@test.local', password_hash: 'x', first_name: 'Tidy', last_name: 'Admin' }).returning('id').executeTakeFirstOrThrow();
  await seedBulk(db, { videos: 0, news: 0, users: 25_000, adminId: id });
  const errors: unknown[] = [];
  const tidying = tidyPglite(db, (error) => errors.push(error));
  await tidying.done;
  tidying.stop();
  expect(errors).toEqual([]);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stats where tablename = 'app_users' and attname = 'name'`.execute(db);
  expect(rows[0].n).toBe(1);
  // One surname in 25: 1,000 of 25,000. The planner now knows the names, so it estimates near that.
  const estimate = await plannedRows('%Sharma%');
  expect(estimate).toBeGreaterThan(400);
  expect(estimate).toBeLessThan(2_500);
});
