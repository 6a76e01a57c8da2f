/**
 * A fan hears back: approving or rejecting a registration a fan sent pushes the decision to that
 * fan's linked phones through the fake FCM, on a server whose clock the test moves (`runDue` does
 * what is due). The registration answers whether the fan was told; without FCM it says they were not.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTICE_TEXTS, type RegistrationNotice } from '../../src/domain/push';
import { startFakeFcm, type FakeFcm } from '../fcm/fake-fcm';
import { createTestServer, type TestServer } from './harness';
import { fcmToken, insertDevices, movableClock, serverWithFcm } from './push-fixtures';

const clock = movableClock('2026-11-26T10:00:10Z');
let fake: FakeFcm;
let server: TestServer;
let fanCount = 0;

beforeAll(async () => {
  fake = await startFakeFcm();
  server = await serverWithFcm(fake, clock);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

/** A fan who signed up in the app, with phones linked to them (their tokens). */
async function fan(on: TestServer, phones: number) {
  const n = ++fanCount;
  const { id } = await on.db.insertInto('app_users').values({ name: `Fan ${n}`, email: `fan${n}@example.com`, source: 'app' }).returning('id').executeTakeFirstOrThrow();
  const tokens = Array.from({ length: phones }, (_, i) => fcmToken(`fan${n}p${i}`));
  await insertDevices(on.db, tokens);
  await on.db.updateTable('devices').set({ user_id: id }).where('token', 'in', tokens.length ? tokens : ['none']).execute();
  return { id, tokens };
}

/** A pending registration the fan sent (none: a demo's). */
async function registration(on: TestServer, userId: string | null) {
  const row = await on.db.insertInto('registrations').values({ first_name: 'Asha', status: 'pending', user_id: userId }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const decide = (id: string, status: string, on = server) => on.request({ method: 'PUT', url: `/admin/registrations/${id}/status`, payload: { status } });
const decideMany = (ids: string[], status: string) => server.request({ method: 'PUT', url: '/admin/registrations/status', payload: { ids, status } });
const noticeOf = async (id: string, on = server): Promise<RegistrationNotice | null> => (await on.request({ method: 'GET', url: `/admin/registrations/${id}` })).json().data.notice;
/** What FCM received, as (token, title) pairs sorted by token. */
const received = () =>
  fake.received.map((entry) => [entry.token, entry.message.notification.title]).sort(([a], [b]) => (a < b ? -1 : 1));

describe('a decision reaches the fan who sent the registration', () => {
  it('approving sends one push to each of the fan’s two phones, and the registration says so', async () => {
    const { id: userId, tokens } = await fan(server, 2);
    await fan(server, 1); // another fan's phone hears nothing
    const id = await registration(server, userId);

    const res = await decide(id, 'approved');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.notice).toMatchObject({ status: 'approved', state: 'sending' });
    expect(NOTICE_TEXTS.line(res.json().data.notice)).toBe('Fan notified of the approval: pending');
    await server.app.jobs.runDue();

    const { title, body } = NOTICE_TEXTS.messages.approved;
    expect(title).toBe('Your registration was approved');
    expect(fake.received.map((entry) => entry.message).sort((a, b) => (a.token < b.token ? -1 : 1))).toEqual(tokens.map((token) => ({ token, notification: { title, body }, data: { type: 'registration', id, status: 'approved' } })));
    const notice = await noticeOf(id);
    expect(notice).toEqual({ status: 'approved', state: 'sent', targeted: 2, sent: 2, failed: 0, gone: 0, pending: 0, message: null });
    expect(NOTICE_TEXTS.line(notice!)).toBe('Fan notified of the approval: sent to 2 devices');
  });

  it('rejecting says it was not approved; approving again what is approved, or setting it back to pending, sends nothing', async () => {
    const { id: userId, tokens } = await fan(server, 1);
    const id = await registration(server, userId);
    await decide(id, 'rejected');
    await server.app.jobs.runDue();
    expect(received()).toEqual([[tokens[0], 'Your registration was not approved']]);

    await decide(id, 'approved');
    await server.app.jobs.runDue();
    await decide(id, 'approved');
    await decideMany([id], 'approved');
    await decide(id, 'pending');
    await server.app.jobs.runDue();
    expect(received()).toEqual([
      [tokens[0], 'Your registration was not approved'],
      [tokens[0], 'Your registration was approved'],
    ]);
    // Pending again: the page still says what the fan was last told.
    expect(await noticeOf(id)).toMatchObject({ status: 'approved', state: 'sent', sent: 1 });
  });

  it('a bulk approval of three registrations by two fans sends each fan’s phones one push per registration', async () => {
    const first = await fan(server, 2);
    const second = await fan(server, 1);
    const ids = [await registration(server, first.id), await registration(server, first.id), await registration(server, second.id)];
    const res = await decideMany(ids, 'approved');
    expect(res.statusCode, res.body).toBe(200);
    await server.app.jobs.runDue();
    const approved = (token: string) => [token, 'Your registration was approved'];
    expect(received()).toEqual([...first.tokens, ...first.tokens, ...second.tokens].sort().map(approved));
    expect((await Promise.all(ids.map((id) => noticeOf(id)))).map((notice) => [notice?.state, notice?.sent])).toEqual([
      ['sent', 2],
      ['sent', 2],
      ['sent', 1],
    ]);
  });

  it('a bulk decision refused for an unknown id queues no push and tells no fan', async () => {
    const { id: userId } = await fan(server, 1);
    const id = await registration(server, userId);
    const res = await decideMany([id, '00000000-0000-4000-8000-00000000dead'], 'approved');
    expect(res.statusCode).toBe(404);
    expect(await server.db.selectFrom('jobs').select('kind').where('kind', '=', 'registration-notice').execute()).toEqual([]);
    await server.app.jobs.runDue();
    expect(fake.received).toEqual([]);
    expect(await noticeOf(id)).toBeNull();
  });

  it('sends nothing for a registration no fan sent (the demo’s), and says a fan without a phone was not told', async () => {
    await fan(server, 2);
    const demo = await registration(server, null);
    const lonely = await fan(server, 0);
    const unlinked = await registration(server, lonely.id);
    await decideMany([demo, unlinked], 'approved');
    await server.app.jobs.runDue();
    expect(fake.received).toEqual([]);
    expect(await noticeOf(demo)).toBeNull();
    const notice = await noticeOf(unlinked);
    expect(notice).toMatchObject({ state: 'sent', targeted: 0, sent: 0 });
    expect(NOTICE_TEXTS.line(notice!)).toBe('The fan has no phone linked: they were not told');
  });

  it('counts a phone FCM says is gone (and removes it), and retries one FCM could not take at once', async () => {
    const { id: userId, tokens } = await fan(server, 2);
    fake.script(tokens[0], 'unregistered');
    fake.script(tokens[1], ['unavailable', 'accept']);
    const id = await registration(server, userId);
    await decide(id, 'rejected');
    await server.app.jobs.runDue();
    expect(await noticeOf(id)).toMatchObject({ state: 'sending', targeted: 2, gone: 1, pending: 1 });
    clock.advance(60_000);
    await server.app.jobs.runDue();
    const notice = await noticeOf(id);
    expect(notice).toMatchObject({ state: 'sent', targeted: 2, sent: 1, gone: 1, failed: 0 });
    expect(NOTICE_TEXTS.line(notice!)).toBe('Fan notified of the rejection: sent to 1 of 2 devices');
    expect(await server.db.selectFrom('devices').select('token').where('token', 'in', tokens).execute()).toEqual([{ token: tokens[1] }]);
  });

  it('a refused credential fails the notice with the admin’s message', async () => {
    const { id: userId } = await fan(server, 1);
    const id = await registration(server, userId);
    fake.refuseCredentials(true);
    await decide(id, 'approved');
    await server.app.jobs.runDue();
    const notice = await noticeOf(id);
    expect(notice).toMatchObject({ state: 'failed', failed: 1, sent: 0, message: 'FCM refused the credentials: check FCM_CREDENTIALS' });
  });
});

describe('without FCM set up', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await createTestServer();
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('skips the push, and the registration says the fan was not told', async () => {
    const { id: userId } = await fan(plain, 2);
    const id = await registration(plain, userId);
    const res = await decide(id, 'approved', plain);
    expect(res.statusCode, res.body).toBe(200);
    await plain.app.jobs.runDue();
    expect(fake.received).toEqual([]);
    expect(await plain.db.selectFrom('jobs').select('kind').execute()).toEqual([]);
    const notice = await noticeOf(id, plain);
    expect(notice).toEqual({ status: 'approved', state: 'not-configured', targeted: 0, sent: 0, failed: 0, gone: 0, pending: 0, message: NOTICE_TEXTS.notConfigured });
    expect(NOTICE_TEXTS.line(notice!)).toBe('Push delivery is not set up: the fan was not told');
  });
});
