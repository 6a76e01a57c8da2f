import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { createAdmin, setAdminPassword } from '../../server/repositories/admins';
import { LOGIN_ATTEMPTS_PER_MINUTE, REMEMBER_ME_DAYS, SESSION_HOURS } from '../../src/domain/limits';
import { AUTH, VALIDATION } from '../../src/domain/messages';
import { adminSessionToken, createTestServer, login, TEST_ADMIN, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const lifetimeSeconds = (token: string) => {
  const { exp, iat } = decodeJwt(token);
  return exp! - iat!;
};

describe('POST /admin/login', () => {
  it('signs in and answers the token and the user', async () => {
    const res = await login(server.app, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: AUTH.loginSuccess,
      user: {
        _id: server.admin.id,
        name: 'Ada Admin',
        email: TEST_ADMIN.email,
        firstName: 'Ada',
        lastName: 'Admin',
        role: 'owner',
      },
    });
    expect(body.data).toEqual({ token: body.token, user: body.user });
    expect(lifetimeSeconds(body.token)).toBe(SESSION_HOURS * 3600);
  });

  it('accepts the e-mail in any case', async () => {
    const res = await login(server.app, TEST_ADMIN.email.toUpperCase(), TEST_ADMIN.password);
    expect(res.statusCode).toBe(200);
  });

  it('gives a 30-day token with remember', async () => {
    const res = await login(server.app, TEST_ADMIN.email, TEST_ADMIN.password, { remember: true });
    expect(lifetimeSeconds(res.json().token)).toBe(REMEMBER_ME_DAYS * 24 * 3600);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await login(server.app, TEST_ADMIN.email, 'not the password');
    const unknownEmail = await login(server.app, 'nobody@test.local', TEST_ADMIN.password);
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'auth.invalid_credentials', message: AUTH.invalidCredentials });
    }
  });

  it('names each missing field with the message of its rule', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/admin/login', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'validation.failed',
      message: VALIDATION.emailRequired,
      errors: { email: VALIDATION.emailRequired, password: VALIDATION.passwordRequired },
    });
  });

  it('rejects a malformed e-mail', async () => {
    const res = await login(server.app, 'not-an-email', 'whatever');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: VALIDATION.emailInvalid });
  });

  it('limits attempts per address with a 429', async () => {
    const address = '10.1.2.3';
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) {
      const res = await login(server.app, TEST_ADMIN.email, 'wrong', { remoteAddress: address });
      expect(res.statusCode).toBe(401);
    }
    const limited = await login(server.app, TEST_ADMIN.email, TEST_ADMIN.password, { remoteAddress: address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'rate_limited', message: AUTH.tooManyAttempts });
    expect(limited.headers['retry-after']).toBeDefined();

    const elsewhere = await login(server.app, TEST_ADMIN.email, TEST_ADMIN.password, { remoteAddress: '10.9.9.9' });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('the token guard', () => {
  const get = (authorization?: string) =>
    server.app.inject({ method: 'GET', url: '/admin/videos', headers: authorization ? { authorization } : {} });

  it('refuses a call without a token', async () => {
    const res = await get();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 'auth.required', message: AUTH.unauthorized });
  });

  it('refuses a garbage token and a token signed with another secret', async () => {
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(server.admin.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some other secret'));
    for (const authorization of ['Bearer not.a.token', 'Bearer', `Basic ${foreign}`, `Bearer ${foreign}`]) {
      const res = await get(authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().message).toBe(AUTH.unauthorized);
    }
  });

  it('refuses an expired token and says the session expired', async () => {
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(server.admin.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(server.jwtSecret));
    const res = await get(`Bearer ${expired}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 'auth.session_ended', message: AUTH.sessionExpired });
  });

  it('refuses a token that worked a moment ago once its time is up', async () => {
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await adminSessionToken(server, server.admin.id, { issuedAt: now, expiresAt: now + 2 });
    expect((await get(`Bearer ${shortLived}`)).statusCode).toBe(200);
    // Its signature was checked and remembered; its expiry still counts.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((now + 3) * 1000);
      const res = await get(`Bearer ${shortLived}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'auth.session_ended', message: AUTH.sessionExpired });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a well-signed token whose admin does not exist', async () => {
    for (const subject of [randomUUID(), 'not-a-uuid']) {
      const token = await server.app.tokens.sign(subject, randomUUID(), new Date(Date.now() + 3600_000));
      const res = await get(`Bearer ${token}`);
      expect(res.statusCode, subject).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'auth.required', message: AUTH.unauthorized });
    }
  });

  it('ends the sessions issued before a password reset', async () => {
    // A second admin of its own, so the shared test admin's cached token stays valid.
    const email = 'reset@test.local';
    const other = await createAdmin(server.db, { email, passwordHash: await hashPassword('first-password'), firstName: 'Reg' });
    const anHourAgo = new Date(Date.now() - 3600_000);
    await server.db.updateTable('admins').set({ password_changed_at: anHourAgo }).where('id', '=', other.id).execute();
    const before = await adminSessionToken(server, other.id, { issuedAt: Math.floor(Date.now() / 1000) - 60 });
    expect((await get(`Bearer ${before}`)).statusCode).toBe(200);

    await setAdminPassword(server.db, email, await hashPassword('second-password'));
    const res = await get(`Bearer ${before}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 'auth.session_ended', message: AUTH.sessionExpired });
    const signedInAgain = await login(server.app, email, 'second-password');
    expect((await get(`Bearer ${signedInAgain.json().token}`)).statusCode).toBe(200);
  });

  it('lets a valid token through', async () => {
    const res = await get(`Bearer ${await server.token()}`);
    expect(res.statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('never contain the password or the token', async () => {
    let output = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
    const app = await buildApp({
      db: server.db,
      uploadsDir: server.uploadsDir,
      jwtSecret: server.jwtSecret,
      logger: { level: 'trace', stream },
    });
    try {
      const signedIn = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
      const token = signedIn.json().token as string;
      await app.inject({ method: 'GET', url: '/admin/videos', headers: { authorization: `Bearer ${token}` } });
      expect(output).toContain('/admin/login');
      expect(output).not.toContain(TEST_ADMIN.password);
      expect(output).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});
