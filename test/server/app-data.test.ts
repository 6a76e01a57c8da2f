/**
 * Data the app can use: a match's kickoff as one instant (`startsAt`) and no result before it
 * starts; what a slide or a notification opens (`target`), checked when an admin names it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../src/domain/entities/matches';
import { VALIDATION } from '../../src/domain/messages';
import { declaredForm, declaredRecord, UNKNOWN_ID } from './fixtures';
import { createTestServer, multipart, pngFile, type TestServer } from './harness';
import { movableClock } from './push-fixtures';
import { ENTITIES } from '../../src/domain/declared';

const clock = movableClock('2026-11-26T10:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ clock, leagueTimeZone: 'Asia/Kolkata' });
});
afterAll(() => server.close());

const entity = (name: string) => ENTITIES.find((declared) => declared.name === name)!;
const appList = async (path: string) => {
  const res = await server.app.inject({ method: 'GET', url: `/app/v1/${path}?limit=100` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.docs as Record<string, unknown>[];
};

describe("the app's match", () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const base = await declaredForm(server, matches);
    const add = async (fields: Record<string, string>) => {
      const res = await server.request({ method: 'POST', url: '/admin/matches', ...(await multipart({ ...base, ...fields })) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data._id as string;
    };
    // As the admin's form sends it: the instant picked, and its time of day on the admin's clock.
    ids.upcoming = await add({ matchDate: '2026-12-01T14:00:00.000Z', matchTime: '19:30', result: 'No Result' });
    ids.played = await add({ matchDate: '2026-11-20T14:00:00.000Z', matchTime: '19:30', result: 'Team A Won' });
    ids.playedNoResult = await add({ matchDate: '2026-11-21T14:00:00.000Z', result: 'No Result' });
    // A day alone (as older clients send it): its time of day is on the league's clock.
    ids.dayAlone = await add({ matchDate: '2026-12-02', matchTime: '19:30', result: 'No Result' });
  });

  it('says when it starts, in UTC, and has no result until then; the admin still sees its fields as stored', async () => {
    const docs = Object.fromEntries((await appList('matches')).map((doc) => [doc._id, doc]));
    expect(docs[ids.upcoming]).toMatchObject({ startsAt: '2026-12-01T14:00:00.000Z', result: null, matchTime: '19:30' });
    expect(docs[ids.played]).toMatchObject({ startsAt: '2026-11-20T14:00:00.000Z', result: 'Team A Won' });
    expect(docs[ids.playedNoResult]).toMatchObject({ startsAt: '2026-11-21T14:00:00.000Z', result: 'No Result' });
    // 19:30 in Kolkata (UTC+5:30) is 14:00 UTC.
    expect(docs[ids.dayAlone]).toMatchObject({ startsAt: '2026-12-02T14:00:00.000Z', result: null });

    const admin = (await server.request({ method: 'GET', url: `/admin/matches/${ids.upcoming}` })).json().data;
    expect(admin).toMatchObject({ matchDate: '2026-12-01T14:00:00.000Z', matchTime: '19:30', result: 'No Result' });
    expect(admin).not.toHaveProperty('startsAt');
  });

  it('answers its result once it has started, with no write in between', async () => {
    clock.set('2026-12-01T14:00:00Z');
    const res = await server.app.inject({ method: 'GET', url: `/app/v1/matches/${ids.upcoming}` });
    expect(res.json().data).toMatchObject({ startsAt: '2026-12-01T14:00:00.000Z', result: 'No Result' });
    clock.set('2026-11-26T10:00:00Z');
  });
});

describe('a target on slides and notifications', () => {
  const create = async (name: 'slides' | 'notifications', fields: Record<string, string>) => {
    const base = name === 'slides' ? { image: await pngFile() } : { title: 'Match day', body: 'Tickets are on sale now.' };
    return server.request({ method: 'POST', url: `/admin/${name}`, ...(await multipart({ ...base, ...fields })) });
  };
  let story: string;
  beforeAll(async () => {
    story = await declaredRecord(server, entity('news'));
  });

  it.each(['slides', 'notifications'] as const)('%s: refuses a target that is not there, not https, or half given, saying which field, and stores nothing', async (name) => {
    const count = async () => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(server.db)).rows[0].n);
    const before = await count();
    const refused = async (fields: Record<string, string>, errors: Record<string, string>) => {
      const res = await create(name, fields);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual(errors);
    };
    await refused({ targetType: 'news', targetId: UNKNOWN_ID }, { targetId: VALIDATION.targetNotFound });
    await refused({ targetType: 'video', targetId: story }, { targetId: VALIDATION.targetNotFound });
    await refused({ targetType: 'match', targetId: 'not-an-id' }, { targetId: VALIDATION.targetNotFound });
    await refused({ targetType: 'team' }, { targetId: VALIDATION.targetIdRequired });
    await refused({ targetType: 'url', targetUrl: 'http://tickets.example' }, { targetUrl: VALIDATION.targetUrlInvalid });
    await refused({ targetType: 'url', targetUrl: 'javascript:alert(1)' }, { targetUrl: VALIDATION.targetUrlInvalid });
    await refused({ targetType: 'url' }, { targetUrl: VALIDATION.targetUrlRequired });
    await refused({ targetUrl: 'https://tickets.example' }, { targetType: VALIDATION.targetTypeRequired });
    const badType = await create(name, { targetType: 'player', targetId: story });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe(VALIDATION.targetTypeInvalid);
    expect(await count()).toBe(before);
  });

  it('answers the app target: a record by type and id, an address by url, else null', async () => {
    const toStory = (await create('slides', { targetType: 'news', targetId: story })).json().data;
    expect(toStory).toMatchObject({ targetType: 'news', targetId: story, targetUrl: null });
    const toPage = (await create('slides', { targetType: 'url', targetUrl: 'https://tickets.example/final' })).json().data._id;
    const plain = (await create('slides', {})).json().data._id;
    const slides = Object.fromEntries((await appList('slides')).map((doc) => [doc._id, doc]));
    expect(slides[toStory._id].target).toEqual({ type: 'news', id: story });
    expect(slides[toPage].target).toEqual({ type: 'url', url: 'https://tickets.example/final' });
    expect(slides[plain].target).toBeNull();
    expect(slides[plain]).not.toHaveProperty('targetType');

    const notification = (await create('notifications', { targetType: 'url', targetUrl: 'https://tickets.example' })).json().data._id;
    // The app's inbox holds what reached phones.
    await sql`insert into sends (notification_id, state, sent) values (${notification}, 'sent', 1) on conflict (notification_id) do update set state = 'sent'`.execute(server.db);
    const inbox = await appList('notifications');
    expect(inbox.find((doc) => doc._id === notification)!.target).toEqual({ type: 'url', url: 'https://tickets.example' });
  });
});
