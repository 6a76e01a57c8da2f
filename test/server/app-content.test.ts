/**
 * The fans' app's public reads (/app/v1): only what is published leaves the server, in the fields
 * the declarations give; paging by keyset, sync since a cursor, ETags and kept answers.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PAGE, APP_TEXTS, APP_CACHE_CONTROL, SYNC_CURSOR_DAYS } from '../../src/domain/app';
import { ENTITIES } from '../../src/domain/declared';
import { appFieldsOf, tableOf, type EntityDeclaration } from '../../src/domain/entity';
import type { Db } from '../../server/db/connection';
import { declaredRecord, UNKNOWN_ID } from './fixtures';
import { createTestServer, type TestServer } from './harness';
import { usesPostgres } from './process';
import { movableClock } from './push-fixtures';

const APP_ENTITIES = ENTITIES.filter((entity) => entity.app);
const pathOf = (entity: EntityDeclaration) => `/app/v1/${entity.app!.path ?? entity.name}`;
const has = (entity: EntityDeclaration, route: 'list' | 'one') => (entity.app!.routes ?? ['list', 'one']).includes(route);
const named = (name: string) => APP_ENTITIES.find((entity) => entity.name === name)!;

const clock = movableClock('2026-11-26T10:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ clock });
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

/** Marks a notification's send as reached, as the sender does when it ends. */
const markSent = (db: Db, id: string) => sql`insert into sends (notification_id, state, sent) values (${id}, 'sent', 1) on conflict (notification_id) do update set state = 'sent', sent = 1`.execute(db);

/** News rows written straight to the table, newest last (created a minute apart from `from`). */
async function insertNews(db: Db, count: number, from: Date, title = 'Story') {
  const rows = Array.from({ length: count }, (_, index) => ({
    title: `${title} ${index + 1}`,
    small_description: 'A small description',
    description: '<p>The story</p>',
    created_at: new Date(from.getTime() + index * 60_000),
  }));
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await db.insertInto('news').values(rows.slice(start, start + 500)).returning('id').execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

describe('what leaves the server', () => {
  const created = new Map<string, string>();
  beforeAll(async () => {
    for (const entity of APP_ENTITIES) created.set(entity.name, await declaredRecord(server, entity));
    await markSent(server.db, created.get('notifications')!);
  });

  it.each(APP_ENTITIES.map((entity) => [entity.name, entity] as const))('%s: every item holds its declared app fields and nothing more', async (_, entity) => {
    const expected = ['_id', ...appFieldsOf(entity.app!)].sort();
    const items: Record<string, unknown>[] = [];
    if (has(entity, 'list')) {
      const res = await get(pathOf(entity));
      expect(res.statusCode, res.body).toBe(200);
      const { success, data, message } = res.json();
      expect({ success, message }).toEqual({ success: true, message: APP_TEXTS.fetched });
      expect(data.docs.length).toBeGreaterThan(0);
      items.push(...data.docs);
    }
    if (has(entity, 'one')) {
      const res = await get(`${pathOf(entity)}/${created.get(entity.name)}`);
      expect(res.statusCode, res.body).toBe(200);
      const { [entity.app!.joins?.[0] ?? '']: joined, ...record } = res.json().data;
      items.push(record);
      if (entity.app!.joins) expect(Array.isArray(joined)).toBe(true);
    }
    for (const item of items) expect(Object.keys(item).sort()).toEqual(expected);
  });

  it('answers images with their size and smaller copies', async () => {
    const res = await get(`/app/v1/news/${created.get('news')}`);
    const { image } = res.json().data;
    expect(image).toMatchObject({ url: expect.stringMatching(/^\/uploads\//), sizes: expect.any(Array) });
    expect(image).toHaveProperty('width');
    expect(image).toHaveProperty('height');
  });

  it('names no admin: a video does not answer who uploaded it', async () => {
    const res = await get('/app/v1/videos');
    expect(res.body).not.toContain('admin@test.local');
    expect(res.body).not.toContain('Ada');
  });

  it('has no route for users, admins or the activity log, and answers registrations only to their fan', async () => {
    for (const path of ['users', 'admins', 'activity', 'auth/me']) expect((await get(`/app/v1/${path}`)).statusCode).toBe(404);
    expect((await get('/app/v1/registrations')).statusCode).toBe(401);
  });
});

describe('what is not published is never seen', () => {
  /** Creates one through the admin API, hides it by `hide`, then expects it absent from the list and 404 by id. */
  async function expectHidden(entity: EntityDeclaration, hide: (id: string) => Promise<unknown>, listUrl = pathOf(entity)) {
    const id = await declaredRecord(server, entity);
    await hide(id);
    if (has(entity, 'list')) {
      const res = await get(`${listUrl}?limit=${APP_PAGE.max}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.docs.map((doc: { _id: string }) => doc._id)).not.toContain(id);
    }
    if (has(entity, 'one')) {
      const res = await get(`${pathOf(entity)}/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
  }
  const setStatus = (entity: EntityDeclaration, status: string, publishAt?: Date) => (id: string) =>
    sql`update ${sql.table(tableOf(entity))} set status = ${status}, publish_at = ${publishAt ?? null} where id = ${id}`.execute(server.db);

  it.each(['news', 'videos', 'slides'])('%s: a draft, a scheduled item and a deleted one', async (name) => {
    const entity = named(name);
    await expectHidden(entity, setStatus(entity, 'draft'));
    await expectHidden(entity, setStatus(entity, 'scheduled', new Date(Date.now() + 86_400_000)));
    await expectHidden(entity, (id) => sql`delete from ${sql.table(tableOf(entity))} where id = ${id}`.execute(server.db));
  });

  it('an inactive team and an inactive player', async () => {
    await expectHidden(named('teams'), (id) => sql`update teams set is_active = false where id = ${id}`.execute(server.db));
    await expectHidden(named('player'), (id) => sql`update players set is_active = false where id = ${id}`.execute(server.db));
  });

  it("a team lists only its active players", async () => {
    const team = await declaredRecord(server, named('teams'));
    const [shown, hidden] = [await declaredRecord(server, named('player')), await declaredRecord(server, named('player'))];
    await sql`update players set team_id = ${team} where id in (${shown}, ${hidden})`.execute(server.db);
    await sql`update players set is_active = false where id = ${hidden}`.execute(server.db);
    const players = (await get(`/app/v1/teams/${team}`)).json().data.players.map((player: { _id: string }) => player._id);
    expect(players).toEqual([shown]);
  });

  it('a notification whose send has not reached phones', async () => {
    await expectHidden(named('notifications'), async () => undefined);
  });

  it('an id that names nothing, or is not an id', async () => {
    for (const id of [UNKNOWN_ID, 'not-an-id', "1'; drop table news; --"]) {
      const res = await get(`/app/v1/news/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('News not found');
    }
  });
});

describe('paging by cursor', () => {
  it('pages through 1,000 items while others are added, each once, newest first', async () => {
    await sql`delete from news`.execute(server.db);
    const ids = await insertNews(server.db, 1000, new Date('2026-01-01T00:00:00Z'));
    const seen: string[] = [];
    let next: string | null = null;
    let round = 0;
    do {
      const res = await get(`/app/v1/news?limit=100${next ? `&after=${next}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const { docs, next: after } = res.json().data;
      seen.push(...docs.map((doc: { _id: string }) => doc._id));
      next = after;
      // Newer stories arrive while the app pages: they go to the front, never into a later page.
      await insertNews(server.db, 3, new Date(`2026-06-0${(round % 9) + 1}T00:00:00Z`), `Fresh ${round++}`);
    } while (next);
    expect(seen).toEqual([...ids].reverse());
  });

  it('refuses a limit that is not a whole number from 1 to 100, and a garbled page token', async () => {
    for (const query of ['limit=abc', 'limit=0', 'limit=101', 'limit=2.5']) {
      const res = await get(`/app/v1/news?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(APP_TEXTS.limitInvalid);
    }
    for (const after of ['garbage', Buffer.from('["x","y"]').toString('base64url'), Buffer.from('[1,"6f1c1f4e-8f43-4c0e-9d7c-2a4b8e1e9f00"]').toString('base64url')]) {
      const res = await get(`/app/v1/news?after=${after}`);
      expect(res.statusCode, after).toBe(400);
      expect(res.json().message).toBe(APP_TEXTS.afterInvalid);
    }
  });

  it('refuses a filter value it does not take', async () => {
    expect((await get('/app/v1/videos?category=Nope')).json().message).toBe(APP_TEXTS.filterInvalid('category'));
    expect((await get('/app/v1/videos?isFeatured=maybe')).statusCode).toBe(400);
  });

  it('splits matches into upcoming, soonest first, and played, latest first', async () => {
    const matches = named('matches');
    const [a, b] = [await declaredRecord(server, matches), await declaredRecord(server, matches)];
    const now = Date.now();
    await sql`update matches set match_date = ${new Date(now + 2 * 86_400_000)} where id = ${a}`.execute(server.db);
    await sql`update matches set match_date = ${new Date(now + 86_400_000)} where id = ${b}`.execute(server.db);
    const upcoming = (await get('/app/v1/matches?when=upcoming')).json().data.docs.map((doc: { _id: string }) => doc._id);
    expect(upcoming.indexOf(b)).toBeLessThan(upcoming.indexOf(a));
    const played = (await get('/app/v1/matches?when=played')).json().data.docs.map((doc: { _id: string }) => doc._id);
    expect(played).not.toContain(a);
  });
});

describe('sync since a cursor', () => {
  it('answers exactly the adds, edits, unpublishes and deletes since', async () => {
    await sql`delete from news`.execute(server.db);
    const [kept, edited, unpublished, deleted] = await insertNews(server.db, 4, new Date('2026-02-01T00:00:00Z'));
    const { cursor } = (await get('/app/v1/news')).json().data;

    const [added] = await insertNews(server.db, 1, new Date('2026-03-01T00:00:00Z'), 'Added');
    await sql`update news set title = 'Edited' where id = ${edited}`.execute(server.db);
    await sql`update news set status = 'draft' where id = ${unpublished}`.execute(server.db);
    await sql`delete from news where id = ${deleted}`.execute(server.db);
    // A draft written since was never seen: it is neither changed nor removed.
    await sql`insert into news (title, small_description, description, status) values ('Draft', 'x', '<p>x</p>', 'draft')`.execute(server.db);

    const res = await get(`/app/v1/news?since=${cursor}`);
    expect(res.statusCode, res.body).toBe(200);
    const { changed, removed, cursor: after } = res.json().data;
    expect(changed.map((doc: { _id: string }) => doc._id).sort()).toEqual([added, edited].sort());
    expect(changed.find((doc: { _id: string }) => doc._id === edited).title).toBe('Edited');
    expect([...removed].sort()).toEqual([unpublished, deleted].sort());
    expect(removed).not.toContain(kept);

    // Nothing since the new cursor.
    expect((await get(`/app/v1/news?since=${after}`)).json().data).toMatchObject({ changed: [], removed: [] });
  });

  it.skipIf(!usesPostgres)('answers exactly the changes while another transaction stays open (PostgreSQL: snapshots are the whole server\'s)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    // A transaction that took an id and stays open, as a long report or another database's work would.
    const open = server.db.transaction().execute(async (trx) => {
      await sql`select pg_current_xact_id()`.execute(trx);
      started();
      await held;
    });
    await running;
    try {
      await insertNews(server.db, 1, new Date('2026-05-01T00:00:00Z'), 'Before the cursor');
      const { cursor } = (await get('/app/v1/news')).json().data;
      const [after] = await insertNews(server.db, 1, new Date('2026-05-02T00:00:00Z'), 'After the cursor');
      const { changed, removed } = (await get(`/app/v1/news?since=${cursor}`)).json().data;
      expect(changed.map((doc: { _id: string }) => doc._id)).toEqual([after]);
      expect(removed).toEqual([]);
    } finally {
      release();
      await open;
    }
  });

  it('answers an item taken down and put back as changed, not removed', async () => {
    const [id] = await insertNews(server.db, 1, new Date('2026-04-01T00:00:00Z'));
    const { cursor } = (await get('/app/v1/news')).json().data;
    await sql`update news set status = 'draft' where id = ${id}`.execute(server.db);
    await sql`update news set status = 'published' where id = ${id}`.execute(server.db);
    const { changed, removed } = (await get(`/app/v1/news?since=${cursor}`)).json().data;
    expect(changed.map((doc: { _id: string }) => doc._id)).toEqual([id]);
    expect(removed).toEqual([]);
  });

  it('puts a notification in the inbox when its send reaches phones', async () => {
    const id = await declaredRecord(server, named('notifications'));
    const { cursor } = (await get('/app/v1/notifications')).json().data;
    await markSent(server.db, id);
    const { changed } = (await get(`/app/v1/notifications?since=${cursor}`)).json().data;
    expect(changed.map((doc: { _id: string }) => doc._id)).toEqual([id]);
  });

  it(`refuses a garbled cursor (400) and one older than ${SYNC_CURSOR_DAYS} days (410)`, async () => {
    const garbled = ['["abc",1]', '["9:3:",1]', '["3:9:10",1]', '["3:9:5,4",1]', '["3:99999999999999999999:",1]'].map((json) => Buffer.from(json).toString('base64url'));
    for (const since of ['garbage', ...garbled]) {
      const res = await get(`/app/v1/news?since=${since}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(APP_TEXTS.sinceInvalid);
    }
    const { cursor } = (await get('/app/v1/news')).json().data;
    clock.advance((SYNC_CURSOR_DAYS + 1) * 86_400_000);
    const res = await get(`/app/v1/news?since=${cursor}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(APP_TEXTS.sinceExpired);
  });

  it('refuses since with after, or with filters', async () => {
    const { cursor } = (await get('/app/v1/videos')).json().data;
    expect((await get(`/app/v1/videos?since=${cursor}&after=x`)).json().message).toBe(APP_TEXTS.afterWithSince);
    expect((await get(`/app/v1/videos?since=${cursor}&category=Practice`)).json().message).toBe(APP_TEXTS.sinceWithFilters);
  });
});

describe('caching', () => {
  it('answers an ETag and Cache-Control, and a 304 to a repeat with If-None-Match', async () => {
    const first = await get('/app/v1/news');
    expect(first.headers['cache-control']).toBe(APP_CACHE_CONTROL);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const repeat = await get('/app/v1/news', { 'if-none-match': etag });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');
    expect(repeat.headers.etag).toBe(etag);
  });

  it('answers new content, and a new ETag, right after a write', async () => {
    const before = await get('/app/v1/news');
    const [id] = await insertNews(server.db, 1, new Date('2027-01-01T00:00:00Z'), 'Breaking');
    // The table's change announcement reaches this server when the write commits.
    await expect.poll(async () => (await get('/app/v1/news')).json().data.docs[0]._id).toBe(id);
    const after = await get('/app/v1/news', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('keeps its ETag when a write leaves the answer as it was, so a phone revalidating gets a 304', async () => {
    const first = await get('/app/v1/news?limit=5');
    // A draft changes the table, not what the app sees: the answer is read again and found the same.
    await sql`insert into news (title, small_description, description, status) values ('Unseen', 'x', '<p>x</p>', 'draft')`.execute(server.db);
    await expect.poll(async () => (await get('/app/v1/news?limit=5', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    expect((await get('/app/v1/news?limit=5')).body).toBe(first.body);
  });

  it("answers a team's new sport name after the sport is renamed", async () => {
    const team = await declaredRecord(server, named('teams'));
    const before = (await get(`/app/v1/teams/${team}`)).json().data.sport;
    await sql`update sports set name = 'Renamed sport' where id = ${before._id}`.execute(server.db);
    await expect.poll(async () => (await get(`/app/v1/teams/${team}`)).json().data.sport.name).toBe('Renamed sport');
  });
});

describe('limits', () => {
  it('refuses an address past its reads a minute, with a message', async () => {
    const limited = await createTestServer({ appReads: { perMinute: 3 } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.app.inject({ method: 'GET', url: '/app/v1/news' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await limited.app.inject({ method: 'GET', url: '/app/v1/news' });
      expect(res.json().message).toBe(APP_TEXTS.tooManyReads);
    } finally {
      await limited.close();
    }
  });
});
