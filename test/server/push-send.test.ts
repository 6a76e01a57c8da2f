/**
 * A notification reaches the fans' phones: sent through the fake FCM from an in-process server
 * whose clock the test moves (every wait — a Retry-After, a backoff, a schedule, the hour of
 * retries — passes by moving it, then `app.jobs.runDue()` does what is due).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_DATA_KEYS, PUSH_TEXTS } from '../../src/domain/push';
import { startFakeFcm, type FakeFcm } from '../fcm/fake-fcm';
import { UNKNOWN_ID } from './fixtures';
import { createTestServer, multipart, pngFile, type FilePart, type TestServer } from './harness';
import { fcmToken, insertDevices, movableClock, serverWithFcm } from './push-fixtures';

const clock = movableClock('2026-11-26T10:00:10Z');
let fake: FakeFcm;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeFcm();
  server = await serverWithFcm(fake, clock);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** Each test starts with no device and no job; the clock only moves forward. */
async function freshDevices(tokens: string[], platform?: (i: number) => 'android' | 'ios') {
  fake.reset();
  await server.db.deleteFrom('devices').execute();
  expect(await server.db.selectFrom('jobs').select('key').execute()).toEqual([]);
  await insertDevices(server.db, tokens, platform);
  clock.advance(60 * 60_000);
}

const create = async (fields: Record<string, string | FilePart | undefined>, on = server) =>
  on.request({ method: 'POST', url: '/admin/notifications', ...(await multipart({ title: 'Match day', body: 'Tickets are on sale now.', ...fields })) });
const delivery = async (id: string, on = server) => (await on.request({ method: 'GET', url: `/admin/notifications/${id}` })).json().data.delivery;
const post = (id: string, action: 'cancel' | 'retry' | 'schedule', payload?: object) =>
  server.request({ method: 'POST', url: `/admin/notifications/${id}/${action}`, ...(payload && { payload }) });
/** Tokens FCM was asked to send to since `from` (an index into fake.received). */
const sentTo = (from = 0) => fake.received.slice(from).map((received) => received.token);

/** The activity log's entries about one notification, newest first. */
async function activityOf(id: string) {
  const docs = (await server.request({ method: 'GET', url: '/admin/activity?limit=100' })).json().data.docs as {
    action: string;
    admin: { _id: string } | null;
    recordId: string;
    changes: { field: string; before: unknown; after: unknown }[];
  }[];
  return docs.filter((entry) => entry.recordId === id);
}

async function createdId(res: Awaited<ReturnType<typeof create>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

describe('a send to 1,000 devices through every outcome FCM has', () => {
  const tokens = Array.from({ length: 1000 }, (_, i) => fcmToken(`all${i}`));
  const range = (from: number, to: number) => tokens.slice(from, to);
  const accepted = range(0, 600);
  const unregistered = range(600, 650);
  const invalid = range(650, 700);
  const quota = range(700, 800);
  const internal = range(800, 900);
  const unavailable = range(900, 1000);
  let id: string;
  let started: Date;

  it('sends at once, records the answers, removes the gone devices and keeps the transient ones pending', async () => {
    await freshDevices(tokens);
    for (const token of unregistered) fake.script(token, 'unregistered');
    for (const token of invalid) fake.script(token, 'invalid-token');
    for (const token of quota) fake.script(token, ['quota', 'accept']);
    for (const token of internal) fake.script(token, ['internal', 'accept']);
    for (const token of unavailable) fake.script(token, 'unavailable');
    fake.retryAfterSeconds = 120;
    started = clock.now();

    const res = await create({});
    id = await createdId(res);
    expect(res.json().data.delivery).toMatchObject({ state: 'sending', sendAt: null, message: null });
    expect(await server.app.jobs.runDue()).toBe(1);

    expect(new Set(sentTo())).toEqual(new Set(tokens));
    expect(fake.received).toHaveLength(1000);
    expect(await delivery(id)).toEqual({ state: 'sending', sendAt: null, targeted: 1000, sent: 600, failed: 0, gone: 100, pending: 300, reasons: {}, message: null });
    const left = (await server.db.selectFrom('devices').select('token').execute()).map((row) => row.token);
    expect(left).toHaveLength(900);
    expect(left.filter((token) => unregistered.includes(token) || invalid.includes(token))).toEqual([]);
  });

  it('tries the 500s again after their backoff but not the 429s before their Retry-After', async () => {
    const mark = fake.received.length;
    clock.set(new Date(started.getTime() + 60_000));
    await server.app.jobs.runDue();
    const tried = new Set(sentTo(mark));
    expect(quota.filter((token) => tried.has(token))).toEqual([]);
    expect(internal.every((token) => tried.has(token))).toBe(true);
    expect(await delivery(id)).toMatchObject({ state: 'sending', sent: 700, failed: 0, gone: 100, pending: 200 });

    clock.set(new Date(started.getTime() + 119_000));
    const beforeRetryAfter = fake.received.length;
    await server.app.jobs.runDue();
    expect(sentTo(beforeRetryAfter).filter((token) => quota.includes(token))).toEqual([]);

    clock.set(new Date(started.getTime() + 121_000));
    await server.app.jobs.runDue();
    expect(await delivery(id)).toMatchObject({ state: 'sending', sent: 800, failed: 0, gone: 100, pending: 100 });
  });

  it('counts a device that stays unavailable as failed once the hour of retries is over, and ends the send partly sent', async () => {
    // Run what falls due, a few minutes at a time, through the hour.
    for (let at = started.getTime() + 5 * 60_000; at <= started.getTime() + 65 * 60_000; at += 5 * 60_000) {
      clock.set(new Date(at));
      await server.app.jobs.runDue();
      if (at < started.getTime() + 55 * 60_000) expect((await delivery(id)).state).toBe('sending');
    }
    expect(await delivery(id)).toEqual({
      state: 'partly-sent',
      sendAt: null,
      targeted: 1000,
      sent: 800,
      failed: 100,
      gone: 100,
      pending: 0,
      reasons: { UNAVAILABLE: 100 },
      message: null,
    });
    expect(fake.received.filter((received) => received.outcome === 'unavailable').length).toBeGreaterThan(400);
    expect(await server.db.selectFrom('jobs').select('key').execute()).toEqual([]);

    // Each phone that FCM took got the message once.
    expect(fake.accepted.size).toBe(800);
    for (const token of [...accepted, ...quota, ...internal]) expect(fake.accepted.get(token), token).toBe(1);
    for (const token of [...unregistered, ...invalid, ...unavailable]) expect(fake.accepted.has(token)).toBe(false);
  });

  it('logs the send by the admin and its end by Crease itself, with its counts', async () => {
    const mine = await activityOf(id);
    expect(mine.find((entry) => entry.action === 'send')).toMatchObject({ admin: { _id: server.admin.id }, changes: [] });
    const ended = mine.filter((entry) => entry.action === 'sendEnded');
    expect(ended).toHaveLength(1);
    expect(ended[0].admin).toBeNull();
    expect(ended[0].changes).toEqual([
      { field: 'state', before: 'sending', after: 'partly-sent' },
      { field: 'targeted', before: null, after: 1000 },
      { field: 'sent', before: null, after: 800 },
      { field: 'failed', before: null, after: 100 },
      { field: 'gone', before: null, after: 100 },
    ]);
  });

  it('retries only the devices that failed for a passing reason, then has nothing left to retry', async () => {
    for (const token of unavailable) fake.script(token, 'accept');
    const mark = fake.received.length;
    const res = await post(id, 'retry');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: PUSH_TEXTS.retried, data: { delivery: { state: 'sending', failed: 0, pending: 100, reasons: {} } } });
    await server.app.jobs.runDue();

    expect(sentTo(mark).sort()).toEqual([...unavailable].sort());
    expect(await delivery(id)).toEqual({ state: 'sent', sendAt: null, targeted: 1000, sent: 900, failed: 0, gone: 100, pending: 0, reasons: {}, message: null });
    expect([...fake.accepted.values()].every((times) => times === 1)).toBe(true);

    const again = await post(id, 'retry');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, code: 'conflict', message: PUSH_TEXTS.nothingToRetry });
    expect((await activityOf(id)).find((entry) => entry.action === 'retry')).toMatchObject({ admin: { _id: server.admin.id }, changes: [{ field: 'devices', before: null, after: 100 }] });
  });
});

describe('the message each platform gets', () => {
  it('carries the picture at PUBLIC_URL for Android (notification.image) and iOS (apns fcm_options.image with mutable-content)', async () => {
    await freshDevices([fcmToken('droid'), fcmToken('phone')], (i) => (i === 0 ? 'android' : 'ios'));
    const res = await create({ title: 'Final today', body: 'The final starts at three.', logo: await pngFile() });
    const id = await createdId(res);
    const image = res.json().data.image as string;
    expect(image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(existsSync(server.fileOnDisk(image))).toBe(true);
    await server.app.jobs.runDue();

    const url = `https://league.example${image}`;
    const of = (token: string) => fake.received.find((received) => received.token === token)!.message;
    expect(of(fcmToken('droid'))).toEqual({ token: fcmToken('droid'), notification: { title: 'Final today', body: 'The final starts at three.', image: url }, data: { notificationId: id } });
    const ios = of(fcmToken('phone'));
    expect(ios.notification).toEqual({ title: 'Final today', body: 'The final starts at three.' });
    expect(ios.apns.fcm_options.image).toBe(url);
    expect(ios.apns.payload.aps['mutable-content']).toBe(1);
    expect((await delivery(id)).state).toBe('sent');
  });

  it('sends no picture field when the notification has none', async () => {
    await freshDevices([fcmToken('droid2'), fcmToken('phone2')], (i) => (i === 0 ? 'android' : 'ios'));
    const id = await createdId(await create({}));
    await server.app.jobs.runDue();
    expect(fake.received.map((received) => received.message).sort((a, b) => (a.token < b.token ? -1 : 1))).toEqual([
      { token: fcmToken('droid2'), notification: { title: 'Match day', body: 'Tickets are on sale now.' }, data: { notificationId: id } },
      { token: fcmToken('phone2'), notification: { title: 'Match day', body: 'Tickets are on sale now.' }, data: { notificationId: id } },
    ]);
  });

  it('carries its target in the data keys on both platforms: a record by type and id, an address by url', async () => {
    const team = (await server.db.insertInto('teams').values({ name: 'Falcons', coach: 'R. Rao' }).returning('id').executeTakeFirstOrThrow()).id;
    await freshDevices([fcmToken('droid3'), fcmToken('phone3')], (i) => (i === 0 ? 'android' : 'ios'));
    const toTeam = await createdId(await create({ targetType: 'team', targetId: team }));
    const toPage = await createdId(await create({ title: 'Tickets', targetType: 'url', targetUrl: 'https://tickets.example/final' }));
    await server.app.jobs.runDue();
    const dataOf = (id: string) => fake.received.filter((received) => received.message.data?.notificationId === id).map((received) => received.message.data);
    expect(dataOf(toTeam)).toEqual([
      { notificationId: toTeam, type: 'team', id: team },
      { notificationId: toTeam, type: 'team', id: team },
    ]);
    expect(dataOf(toPage)).toEqual([
      { notificationId: toPage, type: 'url', url: 'https://tickets.example/final' },
      { notificationId: toPage, type: 'url', url: 'https://tickets.example/final' },
    ]);
    // Every key sent is a declared one.
    const declared = Object.keys(PUSH_DATA_KEYS.notification);
    for (const received of fake.received) expect(Object.keys(received.message.data).filter((key) => !declared.includes(key))).toEqual([]);
  });
});

describe('a scheduled send', () => {
  const tokens = Array.from({ length: 20 }, (_, i) => fcmToken(`sched${i}`));
  /** The next whole minute at least `minutes` ahead, and a time within it to ask for. */
  const minuteAhead = (minutes: number) => {
    const minute = new Date(Math.floor(clock.now().getTime() / 60_000) * 60_000 + minutes * 60_000);
    return { minute, asked: new Date(minute.getTime() + 37_250) };
  };

  it('waits for its minute (seconds dropped), then goes within it', async () => {
    await freshDevices(tokens);
    const { minute, asked } = minuteAhead(30);
    const res = await create({ sendAt: asked.toISOString() });
    const id = await createdId(res);
    expect(res.json().data.delivery).toMatchObject({ state: 'scheduled', sendAt: minute.toISOString(), targeted: 0, pending: 0 });

    clock.set(new Date(minute.getTime() - 1_000));
    expect(await server.app.jobs.runDue()).toBe(0);
    expect(fake.received).toEqual([]);
    expect((await delivery(id)).state).toBe('scheduled');

    clock.set(new Date(minute.getTime() + 1_000));
    expect(await server.app.jobs.runDue()).toBe(1);
    expect(new Set(sentTo())).toEqual(new Set(tokens));
    expect(await delivery(id)).toMatchObject({ state: 'sent', sendAt: minute.toISOString(), targeted: 20, sent: 20, pending: 0 });
    expect((await activityOf(id)).find((entry) => entry.action === 'schedule')?.changes).toEqual([{ field: 'sendAt', before: null, after: minute.toISOString() }]);
  });

  it('never fires once cancelled; only a scheduled send can be cancelled', async () => {
    await freshDevices(tokens);
    const { minute } = minuteAhead(10);
    const id = await createdId(await create({ sendAt: minute.toISOString() }));
    const cancelled = await post(id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: PUSH_TEXTS.cancelled, data: { delivery: { state: 'cancelled' } } });

    clock.set(new Date(minute.getTime() + 5 * 60_000));
    expect(await server.app.jobs.runDue()).toBe(0);
    expect(fake.received).toEqual([]);
    expect((await delivery(id)).state).toBe('cancelled');

    for (const target of [id, await createdId(await create({}))]) {
      const refused = await post(target, 'cancel');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ success: false, code: 'conflict', message: PUSH_TEXTS.notScheduled });
      expect((await post(target, 'schedule', { sendAt: new Date(clock.now().getTime() + 60 * 60_000).toISOString() })).statusCode).toBe(409);
    }
    await server.app.jobs.runDue();
  });

  it('moves when rescheduled, and goes at the new time, not the old', async () => {
    await freshDevices(tokens);
    const first = minuteAhead(5).minute;
    const later = minuteAhead(45).minute;
    const id = await createdId(await create({ sendAt: first.toISOString() }));
    const moved = await post(id, 'schedule', { sendAt: new Date(later.getTime() + 12_000).toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ message: PUSH_TEXTS.rescheduled, data: { delivery: { state: 'scheduled', sendAt: later.toISOString() } } });

    clock.set(new Date(first.getTime() + 1_000));
    expect(await server.app.jobs.runDue()).toBe(0);
    clock.set(new Date(later.getTime() - 1_000));
    expect(await server.app.jobs.runDue()).toBe(0);
    expect(fake.received).toEqual([]);
    clock.set(new Date(later.getTime() + 1_000));
    expect(await server.app.jobs.runDue()).toBe(1);
    expect(await delivery(id)).toMatchObject({ state: 'sent', sendAt: later.toISOString(), sent: 20 });
    expect((await activityOf(id)).find((entry) => entry.action === 'schedule' && entry.changes[0].before)).toMatchObject({
      changes: [{ field: 'sendAt', before: first.toISOString(), after: later.toISOString() }],
    });
  });

  it('refuses a time in the past (400 errors.sendAt) and stores nothing', async () => {
    await freshDevices(tokens);
    const count = async () => (await server.db.selectFrom('notifications').select('id').execute()).length;
    const before = { notifications: await count(), files: await server.storedFiles() };
    const past = new Date(clock.now().getTime() - 2 * 60_000).toISOString();
    const res = await create({ sendAt: past, logo: await pngFile() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'validation.failed', message: PUSH_TEXTS.sendAtPast, errors: { sendAt: PUSH_TEXTS.sendAtPast } });
    expect({ notifications: await count(), files: await server.storedFiles() }).toEqual(before);

    const id = await createdId(await create({ sendAt: minuteAhead(10).minute.toISOString() }));
    const moved = await post(id, 'schedule', { sendAt: past });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ sendAt: PUSH_TEXTS.sendAtPast });
    expect((await post(id, 'cancel')).statusCode).toBe(200);
  });
});

describe('credentials FCM refuses', () => {
  it('stop the send: failed, with the message naming FCM_CREDENTIALS', async () => {
    await freshDevices(Array.from({ length: 50 }, (_, i) => fcmToken(`refused${i}`)));
    fake.refuseCredentials(true);
    const id = await createdId(await create({}));
    // A token bought before is refused at its first use; one bought long ago is renewed first, and that is refused.
    for (let i = 0; i < 5 && (await delivery(id)).state === 'sending'; i++) {
      await server.app.jobs.runDue();
      clock.advance(10_000);
    }
    const { state, message, targeted, sent, failed, pending, reasons } = await delivery(id);
    expect({ state, message, targeted, sent, failed, pending }).toEqual({ state: 'failed', message: PUSH_TEXTS.credentialsRefused, targeted: 50, sent: 0, failed: 50, pending: 0 });
    expect(Object.values(reasons)).toEqual([50]);
    expect(fake.accepted.size).toBe(0);
    expect(fake.received.length).toBeLessThanOrEqual(32 + 1);
    expect(await server.db.selectFrom('jobs').select('key').execute()).toEqual([]);

    // Once the key is put right, the admin sends the failed ones again.
    fake.refuseCredentials(false);
    const retried = await post(id, 'retry');
    expect(retried.statusCode, retried.body).toBe(200);
    await server.app.jobs.runDue();
    expect(await delivery(id)).toMatchObject({ state: 'sent', sent: 50, failed: 0, message: null });
  });
});

describe('the admin calls refuse bad input with a 4xx and a message', () => {
  it('answers garbled times, unknown and malformed ids without a 5xx', async () => {
    await freshDevices([]);
    const scheduled = await createdId(await create({ sendAt: new Date(clock.now().getTime() + 3 * 60 * 60_000).toISOString() }));
    const times = ['garbled', '', '2026-02-30T10:00:00Z', '2030-06-30T23:59:60Z', '2030-01-01', '2030-01-01T10:00:00', '+275760-09-13T00:00:00Z', 'Infinity'];
    for (const sendAt of times) {
      const created = await create({ sendAt });
      expect(created.statusCode, sendAt).toBe(400);
      expect(created.json(), sendAt).toEqual({ success: false, code: 'validation.failed', message: PUSH_TEXTS.sendAtRequired, errors: { sendAt: PUSH_TEXTS.sendAtRequired } });
      const moved = await post(scheduled, 'schedule', { sendAt });
      expect(moved.statusCode, sendAt).toBe(400);
      expect(moved.json(), sendAt).toEqual({ success: false, code: 'validation.failed', message: PUSH_TEXTS.sendAtRequired, errors: { sendAt: PUSH_TEXTS.sendAtRequired } });
    }
    for (const body of [undefined, {}, { sendAt: 12 }, { sendAt: null }, { sendAt: { at: '2030-01-01T00:00:00Z' } }]) {
      const res = await server.request({ method: 'POST', url: `/admin/notifications/${scheduled}/schedule`, ...(body && { payload: body }) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await delivery(scheduled)).state).toBe('scheduled');

    for (const bad of [UNKNOWN_ID, 'not-a-uuid', '7', '%00', 'x'.repeat(300)]) {
      for (const action of ['cancel', 'retry'] as const) {
        const res = await post(bad, action);
        expect(res.statusCode, `${action} ${bad}`).toBe(404);
        expect(res.json()).toEqual({ success: false, code: 'not_found', message: 'Notification not found' });
      }
      const res = await post(bad, 'schedule', { sendAt: '2031-01-01T00:00:00Z' });
      expect(res.statusCode, bad).toBe(404);
    }
    expect((await post(scheduled, 'cancel')).statusCode).toBe(200);
    await server.app.jobs.runDue();
  });
});

describe('without FCM', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await createTestServer();
  });
  afterAll(() => plain?.close());

  it('stores the notification as not sent, with the reason, queues nothing and has nothing to retry', async () => {
    await insertDevices(plain.db, [fcmToken('nowhere1'), fcmToken('nowhere2')]);
    const res = await create({}, plain);
    const id = await createdId(res);
    expect(res.json().data.delivery).toEqual({
      state: 'not-configured',
      sendAt: null,
      targeted: 0,
      sent: 0,
      failed: 0,
      gone: 0,
      pending: 0,
      reasons: {},
      message: PUSH_TEXTS.notConfigured,
    });
    expect(await plain.db.selectFrom('jobs').select('key').execute()).toEqual([]);
    expect(await plain.app.jobs.runDue()).toBe(0);

    const retry = await plain.request({ method: 'POST', url: `/admin/notifications/${id}/retry` });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ success: false, code: 'unavailable', message: PUSH_TEXTS.notConfigured });
    const cancel = await plain.request({ method: 'POST', url: `/admin/notifications/${id}/cancel` });
    expect(cancel.statusCode).toBe(409);

    // A time asked for schedules nothing: no job waits for it.
    const later = await create({ sendAt: '2031-05-01T09:00:00Z' }, plain);
    expect(later.json().data.delivery).toMatchObject({ state: 'not-configured', message: PUSH_TEXTS.notConfigured });
    expect(await plain.db.selectFrom('jobs').select('key').execute()).toEqual([]);
    const listed = (await plain.request({ method: 'GET', url: '/admin/notifications' })).json().data.docs;
    expect(listed.map((doc: { delivery: { state: string } }) => doc.delivery.state)).toEqual(['not-configured', 'not-configured']);
  });
});
