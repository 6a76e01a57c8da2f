/**
 * What every /app/v1 answer tells the app beyond its body: the limits it counted in (the RateLimit
 * fields of draft-ietf-httpapi-ratelimit-headers-11), and images it can load from anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_READS_PER_MINUTE, APP_TEXTS } from '../../src/domain/app';
import { DEVICE_REGISTRATIONS_PER_MINUTE, PUSH_TEXTS } from '../../src/domain/push';
import { createTestServer, type TestServer } from './harness';
import { fcmToken } from './push-fixtures';

type Answer = Awaited<ReturnType<TestServer['app']['inject']>>;

/** A RateLimit or RateLimit-Policy list as `{ name: { param: number } }`. */
const itemsOf = (field: unknown) =>
  Object.fromEntries(
    String(field ?? '')
      .split(',')
      .filter((item) => item.trim())
      .map((item) => {
        const [name, ...params] = item.trim().split(';');
        return [JSON.parse(name), Object.fromEntries(params.map((param) => [param.split('=')[0], Number(param.split('=')[1])]))];
      }),
  ) as Record<string, Record<string, number>>;
const limitsOf = (res: Answer) => ({ policy: itemsOf(res.headers['ratelimit-policy']), now: itemsOf(res.headers['ratelimit']) });

describe('rate-limit fields', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it("names the reads' policy and the address's remaining reads on a read", async () => {
    const first = await server.app.inject({ method: 'GET', url: '/app/v1/news', remoteAddress: '10.61.0.1' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-policy']).toBe(`"reads";q=${APP_READS_PER_MINUTE};w=60`);
    const { now } = limitsOf(first);
    expect(now.reads.r).toBe(APP_READS_PER_MINUTE - 1);
    expect(now.reads.t).toBeGreaterThan(0);
    expect(now.reads.t).toBeLessThanOrEqual(60);
  });

  it("gives each address its own count on a kept answer and its 304, never another's", async () => {
    const url = '/app/v1/videos';
    const a = (headers = {}) => server.app.inject({ method: 'GET', url, remoteAddress: '10.61.1.1', headers });
    const b = () => server.app.inject({ method: 'GET', url, remoteAddress: '10.61.1.2' });
    const fresh = await a();
    // The second and later calls are sent from the kept answer, before any route runs.
    const kept = await a();
    const other = await b();
    const revalidated = await a({ 'if-none-match': fresh.headers.etag as string });
    expect([fresh.statusCode, kept.statusCode, other.statusCode, revalidated.statusCode]).toEqual([200, 200, 200, 304]);
    expect(kept.body).toBe(fresh.body);
    expect([fresh, kept, other, revalidated].map((res) => limitsOf(res).now.reads.r)).toEqual([
      APP_READS_PER_MINUTE - 1,
      APP_READS_PER_MINUTE - 2,
      APP_READS_PER_MINUTE - 1,
      APP_READS_PER_MINUTE - 3,
    ]);
    expect(limitsOf(revalidated).policy).toEqual({ reads: { q: APP_READS_PER_MINUTE, w: 60 } });
  });

  it("names a limited write's own policy, not the reads'", async () => {
    const res = await server.app.inject({ method: 'POST', url: '/app/v1/devices', payload: { token: fcmToken(611), platform: 'android' }, remoteAddress: '10.61.2.1' });
    expect(res.statusCode).toBe(200);
    expect(limitsOf(res)).toMatchObject({
      policy: { devices: { q: DEVICE_REGISTRATIONS_PER_MINUTE, w: 60 } },
      now: { devices: { r: DEVICE_REGISTRATIONS_PER_MINUTE - 1 } },
    });
    expect(limitsOf(res).now.reads).toBeUndefined();
  });

  it("names the reads' policy on a signed-in call with no limit of its own, and on its 401", async () => {
    const res = await server.app.inject({ method: 'GET', url: '/app/v1/account', remoteAddress: '10.61.3.1' });
    expect(res.statusCode).toBe(401);
    expect(limitsOf(res).now.reads.r).toBe(APP_READS_PER_MINUTE - 1);
  });
});

describe('a 429', () => {
  it('says in Retry-After, in RateLimit and in its message the same wait: the window, renewed by each refused call', async () => {
    const limited = await createTestServer({ appReads: { perMinute: 2 } });
    try {
      const read = () => limited.app.inject({ method: 'GET', url: '/app/v1/news', remoteAddress: '10.61.4.1' });
      expect([(await read()).statusCode, (await read()).statusCode]).toEqual([200, 200]);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const refused = await read();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(APP_TEXTS.tooManyReads);
      expect(APP_TEXTS.tooManyReads).toContain('wait a minute');
      expect(refused.headers['retry-after']).toBe('60');
      expect(limitsOf(refused)).toEqual({ policy: { reads: { q: 2, w: 60 } }, now: { reads: { r: 0, t: 60 } } });
    } finally {
      await limited.close();
    }
  });

  it("of a write names the write's own limit, with the wait its message says", async () => {
    const limited = await createTestServer();
    try {
      const send = (i: number) =>
        limited.app.inject({ method: 'POST', url: '/app/v1/devices', payload: { token: fcmToken(620 + (i % 5)), platform: 'ios' }, remoteAddress: '10.61.5.1' });
      for (let i = 0; i < DEVICE_REGISTRATIONS_PER_MINUTE; i++) {
        const res = await send(i);
        if (res.statusCode !== 200) expect.fail(`call ${i + 1} answered ${res.statusCode}`);
      }
      const refused = await send(0);
      expect([refused.statusCode, refused.json().message, refused.headers['retry-after']]).toEqual([429, PUSH_TEXTS.tooManyDevices, '60']);
      expect(PUSH_TEXTS.tooManyDevices).toContain('wait a minute');
      expect(limitsOf(refused).now).toEqual({ devices: { r: 0, t: 60 } });
    } finally {
      await limited.close();
    }
  });
});
