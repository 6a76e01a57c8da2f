/**
 * The fans' sign-in limits kept in Redis (REDIS_URL) hold across servers, as the admins' do: attempts
 * spread over two apps sharing one Redis count together, per address and per account, under keys
 * of their own (a fan's attempts never use up the admins' limit from that address).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS_PER_ACCOUNT, LOGIN_ATTEMPTS_PER_MINUTE } from '../../src/domain/limits';
import { AUTH } from '../../src/domain/messages';
import { connectRedis, type Redis } from '../../server/redis';
import { createTestServer, login, TEST_ADMIN, type TestServer } from './harness';

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

const fanLogin = (server: TestServer, email: string, remoteAddress: string) =>
  server.app.inject({ method: 'POST', url: '/app/v1/login', payload: { email, password: 'wrong-password-123' }, remoteAddress });

it("answers a fan's eleventh attempt from one address with 429 on either server, and leaves the admins' limit alone", async () => {
  for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) expect((await fanLogin(i % 2 ? b : a, 'fan@example.com', '10.42.0.1')).statusCode).toBe(401);
  for (const server of [a, b]) {
    const limited = await fanLogin(server, 'fan@example.com', '10.42.0.1');
    expect([limited.statusCode, limited.json().message]).toEqual([429, AUTH.tooManyAttempts]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  }
  expect((await login(a.app, TEST_ADMIN.email, TEST_ADMIN.password, { remoteAddress: '10.42.0.1' })).statusCode).toBe(200);
});

it("counts one fan's account over every address and both servers", async () => {
  for (let i = 0; i < LOGIN_ATTEMPTS_PER_ACCOUNT; i++) expect((await fanLogin(i % 2 ? b : a, 'spread.fan@example.com', `10.43.${i}.1`)).statusCode).toBe(401);
  const limited = await fanLogin(b, 'spread.fan@example.com', '10.43.99.1');
  expect([limited.statusCode, limited.json().message]).toEqual([429, AUTH.tooManyAccountAttempts]);
});
