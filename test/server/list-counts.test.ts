/**
 * 'Total Item' of the large lists (videos, news, users, registrations) is read from counters the
 * database keeps (migration 0006): it must match the rows after creates, edits and deletes, whoever
 * writes, several writers at once included. A broad search's total may be an estimate, and says so.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulk } from '../../server/seed';
import { EXACT_TOTAL_LIMIT } from '../../src/domain/limits';
import { createTestServer, multipart, pngFile, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function page(list: string, query = '') {
  const res = await server.request({ method: 'GET', url: `/admin/${list}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { totalDocs: number; totalIsEstimate?: boolean; totalPages: number; docs: unknown[] };
}

const totalOf = async (list: string, query = '') => (await page(list, query)).totalDocs;

/** Inserts `n` videos straight into the table, as another server or a script would. */
const insertVideos = (n: number, category: string) =>
  server.db
    .insertInto('videos')
    .values(Array.from({ length: n }, (_, i) => ({ title: `Counted ${category} ${i}`, category, video_url: 'https://www.youtube.com/watch?v=abc', user_id: server.admin.id })))
    .execute();

describe('list totals kept by the database', () => {
  it('follow video creates, category changes and deletes, through the API and around it', async () => {
    const before = { all: await totalOf('videos'), highlights: await totalOf('videos', '?category=Match%20Highlights') };

    const created = await server.request({
      method: 'POST',
      url: '/admin/videos',
      ...(await multipart({ title: 'Counted by the API', category: 'Match Highlights', videoUrl: 'https://www.youtube.com/watch?v=abc123', image: await pngFile() })),
    });
    expect(created.statusCode, created.body).toBe(200);
    await insertVideos(3, 'Practice');
    expect(await totalOf('videos')).toBe(before.all + 4);
    expect(await totalOf('videos', '?category=Match%20Highlights')).toBe(before.highlights + 1);

    // One statement moving rows between categories moves their counts, and leaves the whole list alone.
    await server.db.updateTable('videos').set({ category: 'Match Highlights' }).where('category', '=', 'Practice').execute();
    expect(await totalOf('videos', '?category=Match%20Highlights')).toBe(before.highlights + 4);
    expect(await totalOf('videos', '?category=Practice')).toBe(0);
    expect(await totalOf('videos')).toBe(before.all + 4);

    const removed = await server.request({ method: 'DELETE', url: `/admin/videos/${created.json().data._id}` });
    expect(removed.statusCode).toBe(200);
    await server.db.deleteFrom('videos').where('title', 'like', 'Counted Practice%').execute();
    expect(await totalOf('videos')).toBe(before.all);
    expect(await totalOf('videos', '?category=Match%20Highlights')).toBe(before.highlights);
  });

  it('count news once under each of their tags', async () => {
    const insert = (tags: string[]) =>
      server.db.insertInto('news').values({ title: 'Counted news', description: '<p>x</p>', small_description: 'Counted news item', tags }).returning('id').executeTakeFirstOrThrow();
    const before = { all: await totalOf('news'), sports: await totalOf('news', '?tags=Sports'), cricket: await totalOf('news', '?tags=Cricket') };
    const both = await insert(['Sports', 'Cricket']);
    await insert(['Cricket']);
    expect(await totalOf('news')).toBe(before.all + 2);
    expect(await totalOf('news', '?tags=Sports')).toBe(before.sports + 1);
    expect(await totalOf('news', '?tags=Cricket')).toBe(before.cricket + 2);

    await server.db.updateTable('news').set({ tags: ['Cricket'] }).where('id', '=', both.id).execute();
    expect(await totalOf('news', '?tags=Sports')).toBe(before.sports);
    expect(await totalOf('news', '?tags=Cricket')).toBe(before.cricket + 2);
  });

  it('count a blank registration status as pending, as the filter reads it, and follow status changes', async () => {
    const insert = (status: string) =>
      server.db
        .insertInto('registrations')
        .values({ first_name: 'Counted', dob: '2001-02-03', status } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
    const before = { pending: await totalOf('registrations', '?status=pending'), approved: await totalOf('registrations', '?status=approved') };
    const blank = await insert('  ');
    await insert('');
    await insert('approved');
    expect(await totalOf('registrations', '?status=pending')).toBe(before.pending + 2);
    expect(await totalOf('registrations', '?status=approved')).toBe(before.approved + 1);

    const res = await server.request({ method: 'PUT', url: `/admin/registrations/${blank.id}/status`, payload: { status: 'approved' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await totalOf('registrations', '?status=pending')).toBe(before.pending + 1);
    expect(await totalOf('registrations', '?status=approved')).toBe(before.approved + 2);
  });

  it('stay exact with several writers inserting and deleting at once', async () => {
    const before = await totalOf('videos');
    // On PostgreSQL these run on separate connections of the pool, in parallel; PGlite takes them in turn.
    await Promise.all(
      Array.from({ length: 16 }, async (_, writer) => {
        await server.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('videos')
            .values(Array.from({ length: 5 }, (_, i) => ({ title: `Writer ${writer} video ${i}`, category: 'Interview', video_url: 'https://www.youtube.com/watch?v=abc', user_id: server.admin.id })))
            .execute();
          if (writer % 2 === 0) await trx.deleteFrom('videos').where('title', '=', `Writer ${writer} video 0`).execute();
        });
      }),
    );
    const { n } = await server.db.selectFrom('videos').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(await totalOf('videos')).toBe(before + 16 * 5 - 8);
    expect(await totalOf('videos')).toBe(n);
    const interviews = await server.db.selectFrom('videos').select(sql<number>`count(*)::int`.as('n')).where('category', '=', 'Interview').executeTakeFirstOrThrow();
    expect(await totalOf('videos', '?category=Interview')).toBe(interviews.n);
  });

  it('count users by their active flag', async () => {
    await server.db
      .insertInto('app_users')
      .values([
        { name: 'Counted One', email: 'one@example.com', is_active: true },
        { name: 'Counted Two', email: 'two@example.com', is_active: false },
      ])
      .execute();
    const { n } = await server.db.selectFrom('app_users').select(sql<number>`count(*)::int`.as('n')).where('is_active', '=', false).executeTakeFirstOrThrow();
    expect(await totalOf('users', '?isActive=false')).toBe(n);
    expect(await totalOf('users')).toBe((await server.db.selectFrom('app_users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
  });
});

describe('search totals', () => {
  beforeAll(async () => {
    await seedBulk(server.db, { videos: 0, news: 0, users: 2 * EXACT_TOTAL_LIMIT + 5_000, adminId: server.admin.id });
    await sql`analyze app_users`.execute(server.db);
  });

  it('are exact up to the limit and unmarked', async () => {
    // One surname in 25.
    const sharma = await page('users', '?search=Sharma');
    const { n } = await server.db.selectFrom('app_users').select(sql<number>`count(*)::int`.as('n')).where('name', 'ilike', '%Sharma%').executeTakeFirstOrThrow();
    expect(sharma.totalDocs).toBe(n);
    expect(sharma).not.toHaveProperty('totalIsEstimate');
  });

  it('beyond the limit may be estimates, and are then marked as such', async () => {
    const everyone = await page('users', '?search=example.com');
    const { n } = await server.db.selectFrom('app_users').select(sql<number>`count(*)::int`.as('n')).where('email', 'ilike', '%example.com%').executeTakeFirstOrThrow();
    expect(n).toBeGreaterThan(2 * EXACT_TOTAL_LIMIT);
    expect(everyone.totalIsEstimate).toBe(true);
    expect(everyone.totalDocs).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    // The planner's guess, from its statistics: near the truth, not wild.
    expect(everyone.totalDocs).toBeGreaterThan(n / 2);
    expect(everyone.totalDocs).toBeLessThan(n * 2);
    expect(everyone.totalPages).toBe(Math.ceil(everyone.totalDocs / 10));
    expect(everyone.docs).toHaveLength(10);
  });

  it('of an unfiltered list stay exact however large', async () => {
    const { n } = await server.db.selectFrom('app_users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const all = await page('users');
    expect(all.totalDocs).toBe(n);
    expect(all).not.toHaveProperty('totalIsEstimate');
  });
});
