/**
 * Draft and scheduled publishing of news, videos and slides, through the admin API on a server whose
 * queue clock the test moves: the state a write leaves, the 400s that change nothing, the publish,
 * unpublish and schedule calls, the list's filters, the job putting a record live within a minute of
 * its time and taking it down at its unpublishAt (rescheduled ones at their new time only), and the
 * activity log's entries, the job's as Crease's own.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityAdmin, ACTIVITY_TEXTS, PUBLISHING_TEXTS } from '../../src/domain';
import { CONFLICT } from '../../src/domain/messages';
import { createTestServer, multipart, pngFile, type TestServer } from './harness';
import { movableClock } from './push-fixtures';

const clock = movableClock('2026-11-26T10:00:10Z');
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ clock });
});
afterAll(() => server?.close());

/** Each test starts at a fresh hour, the clock only moving forward. */
beforeEach(() => {
  clock.advance(60 * 60_000);
});

/** A minute from the clock's time, as ISO text (seconds given, to show they are dropped). */
const inMinutes = (minutes: number, seconds = 0) => new Date(clock.now().getTime() + minutes * 60_000 + seconds * 1000).toISOString();
/** That minute as stored: seconds dropped. */
const minuteOf = (iso: string) => new Date(Math.floor(Date.parse(iso) / 60_000) * 60_000).toISOString();

const newsForm = (extra: Record<string, unknown> = {}) => ({
  title: 'Chargers win the final',
  small_description: 'A last-over finish at the Wankhede.',
  description: '<p>The chase went down to the <strong>final ball</strong>.</p>',
  ...extra,
});

type Record_ = { _id: string; status: string; publishAt: string | null; unpublishAt: string | null; updatedAt?: string; title?: string };

async function createNews(extra: Record<string, unknown> = {}) {
  const res = await server.request({ method: 'POST', url: '/admin/news', payload: newsForm(extra) });
  return res;
}
async function newsOk(extra: Record<string, unknown> = {}): Promise<Record_> {
  const res = await createNews(extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const getNews = async (id: string): Promise<Record_> => (await server.request({ method: 'GET', url: `/admin/news/${id}` })).json().data;
const edit = (id: string, payload: Record<string, unknown>) => server.request({ method: 'PUT', url: `/admin/news/${id}`, payload: newsForm(payload) });
const call = (resource: string, id: string, action: 'publish' | 'unpublish' | 'schedule', payload?: object) =>
  server.request({ method: 'POST', url: `/admin/${resource}/${id}/${action}`, ...(payload && { payload }) });

/** The log's entries about one record, newest first. */
async function activityOf(id: string) {
  const docs = (await server.request({ method: 'GET', url: '/admin/activity?limit=100' })).json().data.docs as {
    action: string;
    admin: { _id: string; firstName: string; lastName: string } | null;
    recordId: string;
    changes: { field: string; before: unknown; after: unknown }[];
  }[];
  return docs.filter((entry) => entry.recordId === id);
}

/** What the job does now: every due job run. */
const runJobs = () => server.app.jobs.runDue();

describe('the state a write leaves', () => {
  it('publishes a create that sends neither status nor publishAt at once, as before', async () => {
    const news = await newsOk();
    expect(news).toMatchObject({ status: 'published', publishAt: null, unpublishAt: null });
    const [entry] = await activityOf(news._id);
    expect(entry).toMatchObject({ action: 'create', changes: [] });
  });

  it('schedules a create with a future publishAt, to the minute, and logs it as scheduled', async () => {
    const at = inMinutes(30, 42);
    const news = await newsOk({ publishAt: at });
    expect(news).toMatchObject({ status: 'scheduled', publishAt: minuteOf(at), unpublishAt: null });
    const [entry] = await activityOf(news._id);
    expect(entry.action).toBe('schedule');
    expect(entry.changes).toEqual([
      { field: 'publishAt', before: null, after: `${minuteOf(at).slice(0, 16).replace('T', ' ')} UTC` },
      { field: 'status', before: null, after: 'scheduled' },
    ]);
  });

  it('publishes a create with a past publishAt, keeping when it went live', async () => {
    const at = inMinutes(-5);
    expect(await newsOk({ publishAt: at, status: 'published' })).toMatchObject({ status: 'published', publishAt: minuteOf(at) });
    expect(await newsOk({ publishAt: at })).toMatchObject({ status: 'published', publishAt: minuteOf(at) });
  });

  it('saves a draft, its times cleared, through JSON and through a multipart form', async () => {
    expect(await newsOk({ status: 'draft', publishAt: inMinutes(10) })).toMatchObject({ status: 'draft', publishAt: null, unpublishAt: null });
    const form = await multipart({ ...newsForm(), status: 'draft', publishAt: '', image: await pngFile() });
    const res = await server.request({ method: 'POST', url: '/admin/news', ...form });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'draft', publishAt: null });
  });

  it('schedules from a multipart form, and publishes one whose publishAt is blank', async () => {
    const at = inMinutes(90);
    const scheduled = await server.request({ method: 'POST', url: '/admin/news', ...(await multipart({ ...newsForm(), publishAt: at, unpublishAt: '' })) });
    expect(scheduled.json().data).toMatchObject({ status: 'scheduled', publishAt: minuteOf(at), unpublishAt: null });
    const blank = await server.request({ method: 'POST', url: '/admin/news', ...(await multipart({ ...newsForm(), status: '', publishAt: '' })) });
    expect(blank.json().data).toMatchObject({ status: 'published', publishAt: null });
  });

  it('publishes a draft at once on an edit with status published, and takes it down with status draft', async () => {
    const draft = await newsOk({ status: 'draft' });
    const published = await edit(draft._id, { status: 'published', updatedAt: draft.updatedAt });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ status: 'published', publishAt: null });
    const down = await edit(draft._id, { status: 'draft' });
    expect(down.json().data).toMatchObject({ status: 'draft', publishAt: null, unpublishAt: null });
    expect((await activityOf(draft._id)).map((entry) => entry.action)).toEqual(['unpublish', 'publish', 'create']);
  });

  it('publishes a scheduled record now on status published alone, and schedules a live one on a future publishAt', async () => {
    const scheduled = await newsOk({ publishAt: inMinutes(60) });
    expect((await edit(scheduled._id, { status: 'published' })).json().data).toMatchObject({ status: 'published', publishAt: null });
    const at = inMinutes(15);
    expect((await edit(scheduled._id, { publishAt: at })).json().data).toMatchObject({ status: 'scheduled', publishAt: minuteOf(at) });
  });

  it('keeps the state of an edit that sends no publishing field, and of one sending the record back as read', async () => {
    const at = inMinutes(45);
    const scheduled = await newsOk({ publishAt: at });
    const res = await edit(scheduled._id, { title: 'Chargers win the final again' });
    expect(res.json().data).toMatchObject({ status: 'scheduled', publishAt: minuteOf(at), title: 'Chargers win the final again' });
    const back = await edit(scheduled._id, { status: 'scheduled', publishAt: minuteOf(at), unpublishAt: null });
    expect(back.json().data).toMatchObject({ status: 'scheduled', publishAt: minuteOf(at) });
    expect((await activityOf(scheduled._id)).map((entry) => entry.action)).toEqual(['update', 'update', 'schedule']);
  });
});

describe('bad input: a 400 with a message, and nothing changed', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a status not one of the states', { status: 'live' }, 'status', PUBLISHING_TEXTS.statusInvalid],
    ['a publishAt that is no instant', { publishAt: 'next tuesday' }, 'publishAt', PUBLISHING_TEXTS.publishAtInvalid],
    ['a publishAt past year 9999', { publishAt: '12026-01-01T00:00:00Z' }, 'publishAt', PUBLISHING_TEXTS.publishAtInvalid],
    ['an unpublishAt that is no instant', { unpublishAt: 'never' }, 'unpublishAt', PUBLISHING_TEXTS.unpublishAtInvalid],
    ['an unpublishAt not after publishAt', { publishAt: '2099-01-01T10:00:00Z', unpublishAt: '2099-01-01T10:00:30Z' }, 'unpublishAt', PUBLISHING_TEXTS.unpublishAtNotAfter],
    ['an unpublishAt in the past', { unpublishAt: '2020-01-01T10:00:00Z' }, 'unpublishAt', PUBLISHING_TEXTS.unpublishAtPast],
    ['scheduled without a publishAt', { status: 'scheduled', publishAt: '' }, 'publishAt', PUBLISHING_TEXTS.publishAtRequired],
  ];

  it.each(cases)('refuses a create with %s', async (_, extra, field, message) => {
    const before = (await server.request({ method: 'GET', url: '/admin/news?limit=1' })).json().data.totalDocs;
    const res = await createNews(extra);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    expect((await server.request({ method: 'GET', url: '/admin/news?limit=1' })).json().data.totalDocs).toBe(before);
  });

  it.each(cases)('refuses an edit with %s, and a schedule call alike, changing nothing and logging nothing', async (_, extra, field, message) => {
    const until = inMinutes(20);
    const news = await newsOk({ unpublishAt: until });
    const res = await edit(news._id, { ...extra, title: 'A title the refusal must not store' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
    if (!('status' in extra)) {
      const scheduled = await call('news', news._id, 'schedule', extra);
      expect(scheduled.statusCode).toBe(400);
      expect(scheduled.json()).toMatchObject({ message, errors: { [field]: message } });
    }
    expect(await getNews(news._id)).toEqual(news);
    expect((await activityOf(news._id)).length).toBe(1);
    expect((await server.db.selectFrom('jobs').select('run_at').where('key', '=', `publish:news:${news._id}`).executeTakeFirstOrThrow()).run_at.toISOString()).toBe(minuteOf(until));
  });

  it('refuses a stale edit of the state with a 409, as any stale edit', async () => {
    const news = await newsOk({ status: 'draft' });
    const res = await edit(news._id, { status: 'published', updatedAt: '2020-01-01T00:00:00.000Z' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CONFLICT.stale);
    expect((await getNews(news._id)).status).toBe('draft');
  });

  it('refuses a list filter by a state that is none', async () => {
    const res = await server.request({ method: 'GET', url: '/admin/news?status=live' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ status: PUBLISHING_TEXTS.statusInvalid });
  });
});

describe('publish, unpublish and schedule calls, for every publishing entity', () => {
  it('publishes, unpublishes and schedules a slide, which has no edit route', async () => {
    const form = await multipart({ image: await pngFile(), status: 'draft' });
    const created = await server.request({ method: 'POST', url: '/admin/slides', ...form });
    expect(created.statusCode, created.body).toBe(200);
    const slide = created.json().data as Record_;
    expect(slide).toMatchObject({ status: 'draft', publishAt: null, unpublishAt: null });

    const published = await call('slides', slide._id, 'publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ message: PUBLISHING_TEXTS.published, data: { _id: slide._id, status: 'published', publishAt: null } });
    const down = await call('slides', slide._id, 'unpublish');
    expect(down.json()).toMatchObject({ message: PUBLISHING_TEXTS.unpublished, data: { status: 'draft' } });
    const at = inMinutes(5, 30);
    const until = inMinutes(65);
    const scheduled = await call('slides', slide._id, 'schedule', { publishAt: at, unpublishAt: until });
    expect(scheduled.json()).toMatchObject({ message: PUBLISHING_TEXTS.scheduled, data: { status: 'scheduled', publishAt: minuteOf(at), unpublishAt: minuteOf(until) } });
    const list = (await server.request({ method: 'GET', url: '/admin/slides?status=scheduled' })).json().data.docs as Record_[];
    expect(list.map((row) => row._id)).toContain(slide._id);
    expect((await activityOf(slide._id)).map((entry) => entry.action)).toEqual(['schedule', 'unpublish', 'publish', 'create']);
  });

  it('answers 404 for a record that is not there, and the routes exist for videos too', async () => {
    for (const resource of ['news', 'videos', 'slides']) {
      const res = await call(resource, '6f1c1f4e-8f43-4c0e-9d7c-2a4b8e1e9f00', 'publish');
      expect(res.statusCode).toBe(404);
    }
    expect((await server.request({ method: 'POST', url: '/admin/teams/6f1c1f4e-8f43-4c0e-9d7c-2a4b8e1e9f00/publish' })).statusCode).toBe(404);
  });

  it('keeps the state when a schedule moves only unpublishAt, and clears it with null', async () => {
    const news = await newsOk();
    const until = inMinutes(120);
    expect((await call('news', news._id, 'schedule', { unpublishAt: until })).json().data).toMatchObject({ status: 'published', unpublishAt: minuteOf(until) });
    expect((await call('news', news._id, 'schedule', { unpublishAt: null })).json().data).toMatchObject({ status: 'published', unpublishAt: null });
    expect(await server.db.selectFrom('jobs').select('key').where('key', '=', `publish:news:${news._id}`).executeTakeFirst()).toBeUndefined();
  });
});

describe('the list filters by state and overdue', () => {
  it('lists only the records in the state asked, and those overdue', async () => {
    const draft = await newsOk({ status: 'draft' });
    const scheduled = await newsOk({ publishAt: inMinutes(3) });
    const live = await newsOk();
    const ids = async (query: string) => ((await server.request({ method: 'GET', url: `/admin/news?limit=100&${query}` })).json().data.docs as Record_[]).map((row) => row._id);
    expect(await ids('status=draft')).toContain(draft._id);
    expect(await ids('status=draft')).not.toContain(live._id);
    expect(await ids('status=scheduled')).toContain(scheduled._id);
    expect(await ids('status=published')).toContain(live._id);
    expect(await ids('status=published')).not.toContain(scheduled._id);
    expect(await ids('overdue=true')).not.toContain(scheduled._id);
    // Its time passes and the job has not run (no server ran it): over a minute late, it is overdue.
    clock.advance(4 * 60_000 + 1000);
    expect(await ids('overdue=true')).toContain(scheduled._id);
    expect(await ids('overdue=false')).not.toContain(scheduled._id);
    expect(await ids('overdue=false')).toContain(live._id);
    await runJobs();
    expect(await ids('overdue=true')).not.toContain(scheduled._id);
  });
});

describe('the job publishes on time', () => {
  it('puts a scheduled record live at its minute, not a second before, and logs it as Crease', async () => {
    const at = inMinutes(10, 40);
    const news = await newsOk({ publishAt: at });
    const job = await server.db.selectFrom('jobs').select(['run_at', 'kind']).where('key', '=', `publish:news:${news._id}`).executeTakeFirstOrThrow();
    expect(job).toEqual({ run_at: new Date(minuteOf(at)), kind: 'publish' });

    clock.set(new Date(Date.parse(minuteOf(at)) - 1000));
    await runJobs();
    expect((await getNews(news._id)).status).toBe('scheduled');
    // The runner polls every second: the first poll at or after the minute puts it live.
    clock.set(minuteOf(at));
    await runJobs();
    expect(await getNews(news._id)).toMatchObject({ status: 'published', publishAt: minuteOf(at) });
    const [entry] = await activityOf(news._id);
    expect(entry).toMatchObject({ action: 'autoPublish', admin: null, changes: [{ field: 'status', before: 'scheduled', after: 'published' }] });
    expect(activityAdmin(entry)).toBe(ACTIVITY_TEXTS.byCrease);
    // Done: nothing is left to run.
    expect(await server.db.selectFrom('jobs').select('key').where('key', '=', `publish:news:${news._id}`).executeTakeFirst()).toBeUndefined();
    expect(await runJobs()).toBe(0);
  });

  it('publishes a rescheduled record at its new time only', async () => {
    const first = inMinutes(5);
    const later = inMinutes(30);
    const news = await newsOk({ publishAt: first });
    await edit(news._id, { publishAt: later });
    clock.set(minuteOf(first));
    clock.advance(90_000);
    await runJobs();
    expect((await getNews(news._id)).status).toBe('scheduled');
    clock.set(minuteOf(later));
    await runJobs();
    expect((await getNews(news._id)).status).toBe('published');
  });

  it('leaves a record an admin took down before its time', async () => {
    const at = inMinutes(5);
    const news = await newsOk({ publishAt: at });
    await call('news', news._id, 'unpublish');
    clock.set(minuteOf(at));
    clock.advance(60_000);
    await runJobs();
    expect((await getNews(news._id)).status).toBe('draft');
  });

  it('takes a record down at its unpublishAt, after putting it live at its publishAt', async () => {
    const at = inMinutes(2);
    const until = inMinutes(50);
    const video = (
      await server.request({
        method: 'POST',
        url: '/admin/videos',
        ...(await multipart({ title: 'Final highlights', category: 'Match Highlights', videoUrl: 'https://example.com/v/1', image: await pngFile(), publishAt: at, unpublishAt: until })),
      })
    ).json().data as Record_;
    expect(video).toMatchObject({ status: 'scheduled', publishAt: minuteOf(at), unpublishAt: minuteOf(until) });
    clock.set(minuteOf(at));
    await runJobs();
    const live = (await server.request({ method: 'GET', url: `/admin/videos/${video._id}` })).json().data;
    expect(live).toMatchObject({ status: 'published', unpublishAt: minuteOf(until) });
    clock.set(minuteOf(until));
    await runJobs();
    const down = (await server.request({ method: 'GET', url: `/admin/videos/${video._id}` })).json().data;
    expect(down).toMatchObject({ status: 'draft', publishAt: null, unpublishAt: null });
    expect((await activityOf(video._id)).map((entry) => entry.action)).toEqual(['autoUnpublish', 'autoPublish', 'schedule']);
  });

  it('is not fooled by a job run twice: the second run changes nothing', async () => {
    const at = inMinutes(1);
    const news = await newsOk({ publishAt: at });
    clock.set(minuteOf(at));
    // As if the job had been left due again (a server died after its transaction, before deleting it).
    await runJobs();
    await server.db
      .insertInto('jobs')
      .values({ kind: 'publish', key: `publish:news:${news._id}`, payload: JSON.stringify({ entity: 'news', id: news._id }), run_at: clock.now() })
      .execute();
    await runJobs();
    expect((await activityOf(news._id)).map((entry) => entry.action)).toEqual(['autoPublish', 'schedule']);
  });
});
