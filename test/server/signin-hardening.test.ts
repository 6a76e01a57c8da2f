import { hash as bcryptHash } from '@node-rs/bcrypt';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { passwordCheckQueue } from '../../server/auth/password-checks';
import { parseTrustProxy } from '../../server/config';
import { createAdmin, findAdminByEmail } from '../../server/repositories/admins';
import { LOGIN_ACCOUNT_WINDOW_MINUTES, LOGIN_ATTEMPTS_PER_ACCOUNT, LOGIN_ATTEMPTS_PER_MINUTE } from '../../src/domain/limits';
import { AUTH } from '../../src/domain/messages';
import { createTestServer, login, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const list = (token: string) => server.app.inject({ method: 'GET', url: '/admin/videos', headers: { authorization: `Bearer ${token}` } });

describe('tokens', () => {
  it('refuses a validly signed token without exp', async () => {
    const forever = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(server.admin.id)
      .setIssuedAt()
      .sign(new TextEncoder().encode(server.jwtSecret));
    const res = await list(forever);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 'auth.required', message: AUTH.unauthorized });
  });
});

describe('password hashes', () => {
  it('accepts a bcrypt hash from before, then replaces it with argon2id and keeps the session', async () => {
    const email = 'legacy@test.local';
    await createAdmin(server.db, { email, passwordHash: await bcryptHash('legacy password', 4), firstName: 'Leg' });
    const first = await login(server.app, email, 'legacy password', { remoteAddress: '10.20.0.1' });
    expect(first.statusCode).toBe(200);
    const stored = (await findAdminByEmail(server.db, email))!.password_hash;
    expect(stored).toMatch(/^\$argon2id\$/);

    expect((await list(first.json().token)).statusCode).toBe(200);
    expect((await login(server.app, email, 'legacy password', { remoteAddress: '10.20.0.1' })).statusCode).toBe(200);
    expect((await login(server.app, email, 'wrong password', { remoteAddress: '10.20.0.1' })).statusCode).toBe(401);
    expect((await findAdminByEmail(server.db, email))!.password_hash).toBe(stored);
  });
});

describe('the per-account sign-in limit', () => {
  it('stops attempts on one e-mail spread over many addresses, and only on that e-mail', async () => {
    const email = 'target@test.local';
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_ACCOUNT; i++) {
      const res = await login(server.app, email, 'guess', { remoteAddress: `10.30.${i}.1` });
      expect(res.statusCode).toBe(401);
    }
    const limited = await login(server.app, email, 'guess', { remoteAddress: '10.30.99.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, code: 'rate_limited', message: AUTH.tooManyAccountAttempts });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_ACCOUNT_WINDOW_MINUTES * 60);
    expect(AUTH.tooManyAccountAttempts).toContain(`${LOGIN_ACCOUNT_WINDOW_MINUTES} minutes`);

    const sameCaseInsensitive = await login(server.app, email.toUpperCase(), 'guess', { remoteAddress: '10.30.98.1' });
    expect(sameCaseInsensitive.statusCode).toBe(429);
    const other = await login(server.app, server.admin.email, server.admin.password, { remoteAddress: '10.30.99.1' });
    expect(other.statusCode).toBe(200);
  });
});

describe('password checks at once', () => {
  it('lets a few run, queues some and refuses the rest with a 503', async () => {
    const check = passwordCheckQueue(1, 1);
    let release!: () => void;
    const running = check(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    await Promise.resolve();
    const waiting = check(async () => 'second');
    expect(() => check(async () => 'third')).toThrow(expect.objectContaining({ statusCode: 503, message: AUTH.signInBusy }));
    release();
    expect(await Promise.all([running, waiting])).toEqual(['first', 'second']);
  });
});

describe('TRUST_PROXY', () => {
  it('parses off, on, a hop count and a list of proxies', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    const hops = parseTrustProxy('1') as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.1', 1)]).toEqual([true, false]);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16')).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('limits by the forwarded address only when the proxy is trusted', async () => {
    const attempts = async (app: typeof server.app, forwardedFor: (i: number) => string) => {
      const statuses: number[] = [];
      for (let i = 0; i <= LOGIN_ATTEMPTS_PER_MINUTE; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/admin/login',
          payload: { email: `proxy-${i}@test.local`, password: 'guess' },
          remoteAddress: '10.40.0.1',
          headers: { 'x-forwarded-for': forwardedFor(i) },
        });
        statuses.push(res.statusCode);
      }
      return statuses.at(-1);
    };
    const options = { db: server.db, uploadsDir: server.uploadsDir, jwtSecret: server.jwtSecret, logger: false as const };
    const trusting = await buildApp({ ...options, trustProxy: true });
    const plain = await buildApp(options);
    try {
      expect(await attempts(trusting, (i) => `198.51.100.${i}`)).toBe(401);
      expect(await attempts(plain, (i) => `198.51.100.${i}`)).toBe(429);
    } finally {
      await Promise.all([trusting.close(), plain.close()]);
    }
  });
});
