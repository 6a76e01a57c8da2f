/**
 * Sign-in limits kept in Redis (REDIS_URL) hold across servers: attempts spread over two apps
 * sharing one Redis count together. A Redis that does not answer refuses sign-in with a clear 503
 * (unlimited guessing is no fallback) while signed-in admins carry on.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS_PER_ACCOUNT, LOGIN_ATTEMPTS_PER_MINUTE } from '../../src/domain/limits';
import { AUTH } from '../../src/domain/messages';
import { connectRedis, type Redis } from '../../server/redis';
import { adminSessionToken, createTestServer, login, TEST_ADMIN, type TestServer } from './harness';
import { freePort } from './process';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

let redis: Redis;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  redis = connectRedis(REDIS_URL, () => {});
  // A prefix of this run's own: other test files and engineers share the Redis.
  const shared = { client: redis, prefix: `crease-test:${randomBytes(6).toString('hex')}:` };
  [a, b] = await Promise.all([createTestServer({ redis: shared }), createTestServer({ redis: shared })]);
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  redis?.disconnect();
});

describe('sign-in limits in Redis', () => {
  it('answers the eleventh attempt from one address with 429, whichever servers the ten went to', async () => {
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) {
      const res = await login((i % 2 ? b : a).app, TEST_ADMIN.email, 'wrong password!', { remoteAddress: '10.40.0.1' });
      expect(res.statusCode).toBe(401);
    }
    for (const server of [a, b]) {
      const limited = await login(server.app, TEST_ADMIN.email, TEST_ADMIN.password, { remoteAddress: '10.40.0.1' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ success: false, code: 'rate_limited', message: AUTH.tooManyAttempts });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await login(b.app, TEST_ADMIN.email, TEST_ADMIN.password, { remoteAddress: '10.40.0.2' })).statusCode).toBe(200);
  });

  it('counts one account over every address and both servers', async () => {
    const email = 'spread@test.local';
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_ACCOUNT; i++) {
      const res = await login((i % 2 ? b : a).app, email, 'wrong password!', { remoteAddress: `10.41.${i}.1` });
      expect(res.statusCode).toBe(401);
    }
    const limited = await login(a.app, email, 'wrong password!', { remoteAddress: '10.41.99.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, code: 'rate_limited', message: AUTH.tooManyAccountAttempts });
  });
});

describe('a Redis that does not answer', () => {
  it('refuses sign-in with a clear 503, lets signed-in admins work, and makes /readyz say so', async () => {
    const down = connectRedis(`redis://127.0.0.1:${await freePort()}`, () => {});
    const server = await createTestServer({ redis: { client: down, prefix: 'crease-test:down:' } });
    try {
      const res = await login(server.app, TEST_ADMIN.email, TEST_ADMIN.password);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, code: 'unavailable', message: AUTH.signInUnavailable });

      const token = await adminSessionToken(server, server.admin.id);
      const list = await server.app.inject({ method: 'GET', url: '/admin/videos', headers: { authorization: `Bearer ${token}` } });
      expect(list.statusCode).toBe(200);

      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ data: { status: 'unavailable', checks: { database: 'ok', storage: 'ok', redis: 'unreachable' } } });
    } finally {
      await server.close();
      down.disconnect();
    }
  });
});
