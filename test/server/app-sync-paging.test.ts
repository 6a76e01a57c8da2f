/**
 * The app's sync a page at a time: `?since=<cursor>&limit=` answers at most `limit` removals and
 * changes together, with `more` and a cursor to go on from, until the catch-up ends with the
 * cursor to sync from next time.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_PAGE, APP_TEXTS, SYNC_CURSOR_DAYS } from '../../src/domain/app';
import { createTestServer, type TestServer } from './harness';
import { movableClock } from './push-fixtures';

const clock = movableClock('2026-11-26T10:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ clock });
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

interface Sync {
  changed: { _id: string; title: string }[];
  removed: string[];
  more: boolean;
  cursor: string;
}

async function sync(cursor: string, limit?: number): Promise<Sync> {
  const res = await get(`/app/v1/news?since=${cursor}${limit === undefined ? '' : `&limit=${limit}`}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Sync;
}

/** Every page of a catch-up from `cursor`, following each answer's cursor while it says `more`. */
async function catchUp(cursor: string, limit: number): Promise<{ pages: Sync[]; next: string }> {
  const pages: Sync[] = [];
  for (;;) {
    const page = await sync(cursor, limit);
    pages.push(page);
    expect(page.changed.length + page.removed.length).toBeLessThanOrEqual(limit);
    cursor = page.cursor;
    if (!page.more) return { pages, next: cursor };
    expect(pages.length).toBeLessThan(100);
  }
}

async function insertNews(count: number, title: string) {
  const rows = Array.from({ length: count }, (_, index) => ({ title: `${title} ${index + 1}`, small_description: 'x', description: '<p>x</p>' }));
  return (await server.db.insertInto('news').values(rows).returning('id').execute()).map((row) => row.id);
}

const byId = (ids: string[]) => [...ids].sort();
const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Since a list's cursor: three stories added, two edited, two unpublished and one deleted: five changes, three removals. */
let start: string;
let changes: string[];
let removals: string[];
beforeEach(async () => {
  await sql`delete from news`.execute(server.db);
  const [edited1, edited2, unpublished1, unpublished2, deleted] = await insertNews(6, 'Before');
  start = (await get('/app/v1/news')).json().data.cursor;
  const added = await insertNews(3, 'Added');
  await sql`update news set title = 'Edited' where id in (${edited1}, ${edited2})`.execute(server.db);
  await sql`update news set status = 'draft' where id in (${unpublished1}, ${unpublished2})`.execute(server.db);
  await sql`delete from news where id = ${deleted}`.execute(server.db);
  changes = byId([...added, edited1, edited2]);
  removals = byId([unpublished1, unpublished2, deleted]);
});

describe('a sync a page at a time', () => {
  it('answers one change or removal to limit=1, with more and a cursor to go on from', async () => {
    const page = await sync(start, 1);
    expect(Object.keys(page).sort()).toEqual(['changed', 'cursor', 'more', 'removed']);
    expect(page.changed.length + page.removed.length).toBe(1);
    expect(page.more).toBe(true);
    expect(page.cursor).not.toBe(start);
  });

  it('follows the cursors to every change and removal once, removals then changes, each by id, ending with more: false', async () => {
    for (const limit of [1, 2, 3, 7]) {
      const { pages } = await catchUp(start, limit);
      const removed = pages.flatMap((page) => page.removed);
      const changed = pages.flatMap((page) => page.changed.map((doc) => doc._id));
      expect([limit, removed, changed]).toEqual([limit, removals, changes]);
      expect(pages.length).toBe(Math.ceil((removals.length + changes.length) / limit));
      expect(pages.slice(0, -1).every((page) => page.more)).toBe(true);
      // A page that ends on a removal starts the changes on the next one, and never mixes the order.
      const order = pages.flatMap((page) => [...page.removed.map(() => 'removed'), ...page.changed.map(() => 'changed')]);
      expect(order).toEqual([...removals.map(() => 'removed'), ...changes.map(() => 'changed')]);
    }
    const one = await sync(start, APP_PAGE.max);
    expect([one.more, one.removed, one.changed.map((doc) => doc._id)]).toEqual([false, removals, changes]);
  });

  it('ends the catch-up with the cursor to sync from next: nothing since, until the next write', async () => {
    const { next } = await catchUp(start, 2);
    expect(await sync(next, 2)).toMatchObject({ changed: [], removed: [], more: false });
    const [later] = await insertNews(1, 'Later');
    // The kept answer goes when the database says the table changed: at once on PGlite, a moment later on PostgreSQL.
    await expect.poll(async () => sync(next, 2)).toMatchObject({ changed: [{ _id: later }], removed: [], more: false });
  });

  it('leaves what is written during a catch-up to the next sync, and misses nothing', async () => {
    const first = await sync(start, 1);
    expect(first.removed).toEqual([removals[0]]);
    // During the catch-up: a story added, one of the changes still to come edited again, one removed story deleted outright.
    const [during] = await insertNews(1, 'During');
    const editedAgain = changes.at(-1)!;
    await sql`update news set title = 'Edited again' where id = ${editedAgain}`.execute(server.db);
    await sql`delete from news where id = ${removals[1]}`.execute(server.db);

    const { pages, next } = await catchUp(first.cursor, 1);
    const caughtUp = [first, ...pages];
    const changed = caughtUp.flatMap((page) => page.changed.map((doc) => doc._id));
    expect(caughtUp.flatMap((page) => page.removed)).toEqual(removals);
    expect(changed).toEqual(changes.filter((id) => id !== editedAgain));
    expect(changed).not.toContain(during);

    const after = await sync(next, APP_PAGE.max);
    expect(after.changed.map((doc) => [doc._id, doc.title]).sort()).toEqual(
      [
        [during, 'During 1'],
        [editedAgain, 'Edited again'],
      ].sort(),
    );
    expect([after.removed, after.more]).toEqual([[], false]);
  });

  it(`pages by ${APP_PAGE.default} with no limit, and refuses a limit over ${APP_PAGE.max} as the list's pages do`, async () => {
    await insertNews(APP_PAGE.default + 2, 'Many');
    const page = await sync(start);
    expect(page.changed.length + page.removed.length).toBe(APP_PAGE.default);
    expect(page.more).toBe(true);
    for (const limit of [APP_PAGE.max + 1, 0, 1.5]) {
      const res = await get(`/app/v1/news?since=${start}&limit=${limit}`);
      expect([limit, res.statusCode, res.json().message]).toEqual([limit, 400, APP_TEXTS.limitInvalid]);
    }
  });

  it('keeps and tags each page by its own URL: a repeat is a 304, the next page is another answer', async () => {
    const url = `/app/v1/news?since=${start}&limit=2`;
    const first = await get(url);
    const repeat = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(repeat.statusCode).toBe(304);
    expect((await get(url)).body).toBe(first.body);
    const second = await get(`/app/v1/news?since=${first.json().data.cursor}&limit=2`);
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect((await get(`/app/v1/news?since=${first.json().data.cursor}&limit=2`, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(200);
  });

  it('refuses a tampered catch-up cursor with a 400, and lets it expire with the cursor it started from', async () => {
    const { cursor } = await sync(start, 1);
    const [since, at, upto, uptoAt, part, id] = decode(cursor);
    expect(decode(cursor)).toHaveLength(6);
    const tampered = [
      cursor.slice(0, -2),
      `${cursor}A`,
      encode([since, at, upto, uptoAt, part]),
      encode([since, at, upto, uptoAt, part, id, 'x']),
      encode([since, at, upto, uptoAt, 'skipped', id]),
      encode([since, at, upto, uptoAt, part, 'not-an-id']),
      encode([since, at, upto, uptoAt, part, 7]),
      encode([since, at, 'garbage', uptoAt, part, id]),
      encode([since, at, '1:1:', uptoAt, part, id]),
      encode([since, at, upto, (at as number) - 1, part, id]),
      encode([since, at, upto, String(uptoAt), part, id]),
      encode([upto, at, since, uptoAt, part, id]),
    ];
    for (const token of tampered) {
      const res = await get(`/app/v1/news?since=${token}&limit=1`);
      expect([token, res.statusCode, res.json().message]).toEqual([token, 400, APP_TEXTS.sinceInvalid]);
    }
    expect((await get(`/app/v1/news?since=${cursor}&limit=1`)).statusCode).toBe(200);

    clock.advance((SYNC_CURSOR_DAYS + 1) * 86_400_000);
    const res = await get(`/app/v1/news?since=${cursor}&limit=1`);
    expect([res.statusCode, res.json().message]).toEqual([410, APP_TEXTS.sinceExpired]);
  });
});
