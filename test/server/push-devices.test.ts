/**
 * The fans' app registers phones for push without signing in: `POST /app/v1/devices` stores or
 * refreshes an FCM token, `DELETE /app/v1/devices/{token}` removes it. A token is one device however
 * often (or however concurrently) it registers; bad input is refused with words a developer can act
 * on and stores nothing; each address is limited (in Redis when set, so across servers too); the
 * admins' push figure counts the devices.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_REGISTRATIONS_PER_MINUTE, DEVICE_TOKEN, PUSH_TEXTS } from '../../src/domain/push';
import { connectRedis, type Redis } from '../../server/redis';
import { expectTokenRequired } from './checks';
import { UNKNOWN_ID } from './fixtures';
import { createTestServer, type TestServer } from './harness';
import { fcmToken } from './push-fixtures';

const now = { t: new Date('2026-11-26T10:00:00Z') };
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ clock: { now: () => now.t } });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.db.deleteFrom('devices').execute();
});

const register = (payload: unknown, remoteAddress = '10.50.0.1') =>
  server.app.inject({ method: 'POST', url: '/app/v1/devices', payload: payload as Record<string, unknown>, remoteAddress });
const unregister = (token: string, remoteAddress = '10.50.0.1') =>
  server.app.inject({ method: 'DELETE', url: `/app/v1/devices/${encodeURIComponent(token)}`, remoteAddress });
const rows = () => server.db.selectFrom('devices').selectAll().orderBy('token').execute();

describe('POST /app/v1/devices', () => {
  it('stores an Android and an iOS token without a sign-in', async () => {
    for (const [token, platform] of [[fcmToken(1), 'android'], [fcmToken(2), 'ios']] as const) {
      const res = await register({ token, platform });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { token, platform, created: true }, message: PUSH_TEXTS.deviceSaved });
    }
    // The shortest and the longest token the rule allows, with every character it allows.
    const shortest = `Az09_-:${'q'.repeat(DEVICE_TOKEN.minLength - 7)}`;
    const longest = 'L'.repeat(DEVICE_TOKEN.maxLength);
    for (const token of [shortest, longest]) expect((await register({ token, platform: 'android' })).statusCode).toBe(200);
    expect((await rows()).map((row) => [row.token, row.platform])).toEqual(
      [[fcmToken(1), 'android'], [fcmToken(2), 'ios'], [shortest, 'android'], [longest, 'android']].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    );
  });

  it('refuses a token that is not an FCM token, a platform other than android or ios, and missing fields, storing nothing', async () => {
    const token = fcmToken(3);
    const cases: [unknown, string, string][] = [
      [{ token: 'x'.repeat(DEVICE_TOKEN.minLength - 1), platform: 'android' }, 'token', PUSH_TEXTS.tokenInvalid],
      [{ token: `${fcmToken(4).slice(0, 120)} ${'y'.repeat(30)}`, platform: 'android' }, 'token', PUSH_TEXTS.tokenInvalid],
      [{ token: `${fcmToken(5)}/../x`, platform: 'ios' }, 'token', PUSH_TEXTS.tokenInvalid],
      [{ token: `${fcmToken(6)}é`, platform: 'ios' }, 'token', PUSH_TEXTS.tokenInvalid],
      [{ token: 'z'.repeat(DEVICE_TOKEN.maxLength + 1), platform: 'android' }, 'token', PUSH_TEXTS.tokenInvalid],
      [{ token: 12345, platform: 'android' }, 'token', PUSH_TEXTS.tokenInvalid],
      [{ token, platform: 'web' }, 'platform', PUSH_TEXTS.platformInvalid],
      [{ token, platform: 'Android' }, 'platform', PUSH_TEXTS.platformInvalid],
      [{ token, platform: '' }, 'platform', PUSH_TEXTS.platformInvalid],
      [{ platform: 'android' }, 'token', PUSH_TEXTS.tokenInvalid],
      [{ token }, 'platform', PUSH_TEXTS.platformInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const res = await register(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    }
    const empty = await register({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().success).toBe(false);
    expect(Object.values(empty.json().errors)).toContain(PUSH_TEXTS.tokenInvalid);
    expect(await rows()).toEqual([]);
  });

  it('refreshes a known token (last seen moves, platform follows, created false) and never stores it twice', async () => {
    const token = fcmToken(7);
    const first = new Date('2026-11-26T10:00:00Z');
    now.t = first;
    expect((await register({ token, platform: 'android' })).json().data.created).toBe(true);

    now.t = new Date('2026-11-27T08:30:00Z');
    const again = await register({ token, platform: 'ios' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, data: { token, platform: 'ios', created: false }, message: PUSH_TEXTS.deviceSaved });

    const [row, ...more] = await rows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({ token, platform: 'ios', created_at: first, last_seen_at: now.t });

    // The app registers at every start: the same token at once from several requests is still one device.
    const together = await Promise.all(Array.from({ length: 8 }, (_, i) => register({ token, platform: i % 2 ? 'ios' : 'android' })));
    expect(together.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(together.filter((res) => res.json().data.created)).toEqual([]);
    expect(await rows()).toHaveLength(1);
  });
});

describe('DELETE /app/v1/devices/{token}', () => {
  it('removes a registered device, then answers 404 for it', async () => {
    const token = fcmToken(8);
    await register({ token, platform: 'android' });
    await register({ token: fcmToken(9), platform: 'ios' });
    const removed = await unregister(token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true, data: null, message: PUSH_TEXTS.deviceRemoved });
    expect((await rows()).map((row) => row.token)).toEqual([fcmToken(9)]);

    const again = await unregister(token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, code: 'not_found', message: PUSH_TEXTS.deviceNotFound });
    expect((await unregister(fcmToken(10))).json()).toEqual({ success: false, code: 'not_found', message: PUSH_TEXTS.deviceNotFound });
  });

  it('refuses what cannot be a token with the same message as registration, removing nothing', async () => {
    await register({ token: fcmToken(11), platform: 'android' });
    for (const token of ['short', `${fcmToken(12)}é`, `${fcmToken(12)} x`]) {
      const res = await unregister(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: PUSH_TEXTS.tokenInvalid });
    }
    expect(await rows()).toHaveLength(1);
  });
});

describe('the per-address limit', () => {
  it(`lets ${DEVICE_REGISTRATIONS_PER_MINUTE} registrations a minute through from one address, then answers 429 with Retry-After; another address passes`, async () => {
    const from = '10.51.0.1';
    for (let i = 0; i < DEVICE_REGISTRATIONS_PER_MINUTE; i++) {
      const res = await register({ token: fcmToken(`r${i}`), platform: i % 2 ? 'ios' : 'android' }, from);
      if (res.statusCode !== 200) expect.fail(`registration ${i + 1} answered ${res.statusCode} ${res.body}`);
    }
    const limited = await register({ token: fcmToken('one-too-many'), platform: 'android' }, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, code: 'rate_limited', message: PUSH_TEXTS.tooManyDevices });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Removal counts against the same limit: the address is out of turns for both.
    expect((await unregister(fcmToken('r0'), from)).statusCode).toBe(429);

    expect((await register({ token: fcmToken('neighbour'), platform: 'ios' }, '10.51.0.2')).statusCode).toBe(200);
    expect((await unregister(fcmToken('r0'), '10.51.0.2')).statusCode).toBe(200);
    expect(await rows()).toHaveLength(DEVICE_REGISTRATIONS_PER_MINUTE);
  });

  it('counts one address over two servers sharing a Redis', async () => {
    const redis: Redis = connectRedis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', () => {});
    const shared = { client: redis, prefix: `crease-test:${randomBytes(6).toString('hex')}:` };
    const [a, b] = await Promise.all([createTestServer({ redis: shared }), createTestServer({ redis: shared })]);
    try {
      const from = '10.52.0.1';
      for (let i = 0; i < DEVICE_REGISTRATIONS_PER_MINUTE; i++) {
        const res = await (i % 2 ? b : a).app.inject({ method: 'POST', url: '/app/v1/devices', payload: { token: fcmToken(`s${i}`), platform: 'android' }, remoteAddress: from });
        if (res.statusCode !== 200) expect.fail(`registration ${i + 1} answered ${res.statusCode} ${res.body}`);
      }
      for (const limitedOn of [a, b]) {
        const res = await limitedOn.app.inject({ method: 'POST', url: '/app/v1/devices', payload: { token: fcmToken('over'), platform: 'ios' }, remoteAddress: from });
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ success: false, code: 'rate_limited', message: PUSH_TEXTS.tooManyDevices });
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
      redis.disconnect();
    }
  });
});

describe('GET /admin/notifications/push', () => {
  it('counts the registered devices for the dashboard, and says push is not set up here', async () => {
    for (let i = 0; i < 3; i++) await register({ token: fcmToken(`c${i}`), platform: 'android' }, '10.53.0.1');
    await register({ token: fcmToken('c0'), platform: 'ios' }, '10.53.0.1');
    const res = await server.request({ method: 'GET', url: '/admin/notifications/push' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ configured: false, devices: 3, message: `${PUSH_TEXTS.notConfigured} ${PUSH_TEXTS.notConfiguredHow}` });
    await unregister(fcmToken('c1'), '10.53.0.1');
    expect((await server.request({ method: 'GET', url: '/admin/notifications/push' })).json().data.devices).toBe(2);
  });

  it('needs an admin token, where the app’s device calls need none', async () => {
    await expectTokenRequired(server, [
      { method: 'GET', url: '/admin/notifications/push' },
      { method: 'POST', url: `/admin/notifications/${UNKNOWN_ID}/cancel` },
      { method: 'POST', url: `/admin/notifications/${UNKNOWN_ID}/retry` },
      { method: 'POST', url: `/admin/notifications/${UNKNOWN_ID}/schedule`, payload: { sendAt: '2030-01-01T00:00:00Z' } },
    ]);
    expect((await register({ token: fcmToken('open'), platform: 'android' }, '10.54.0.1')).statusCode).toBe(200);
    expect((await unregister(fcmToken('open'), '10.54.0.1')).statusCode).toBe(200);
  });
});
