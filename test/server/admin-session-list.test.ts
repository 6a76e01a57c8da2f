/**
 * Admins' server-side sessions: a sign-out ends the token's session on the server, the profile
 * lists the admin's sessions and ends one or all but this one, an admin's page ends all of theirs,
 * a password change ends the others, and a session's time is up by the server's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, SESSION_TEXTS } from '../../src/domain/messages';
import { REMEMBER_ME_DAYS, SESSION_HOURS } from '../../src/domain/limits';
import { hashPassword } from '../../server/auth/passwords';
import { createAdmin } from '../../server/repositories/admins';
import { DEVICE_MAX } from '../../server/repositories/admin-sessions';
import { createTestServer, type TestServer } from './harness';
import { movableClock } from './push-fixtures';

const clock = movableClock(new Date().toISOString());
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ clock });
});
afterAll(() => server.close());

const PASSWORD = 'a long enough password';
let admins = 0;
async function newAdmin() {
  const email = `sessions-${++admins}@test.local`;
  const { id } = await createAdmin(server.db, { email, passwordHash: await hashPassword(PASSWORD), firstName: 'Sid', lastName: `Session${admins}` });
  return { id, email };
}

async function signIn(email: string, userAgent = 'Mozilla/5.0 (Test) Firefox/130.0', remember = false) {
  const res = await server.app.inject({ method: 'POST', url: '/admin/login', payload: { email, password: PASSWORD, remember }, headers: { 'user-agent': userAgent }, remoteAddress: `10.0.${admins}.${Math.floor(Math.random() * 250)}` });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

const sessionsOf = async (token: string) => (await as(token, 'GET', '/admin/profile/sessions')).json().data as { _id: string; device: string; address: string; current: boolean; lastUsedAt: string }[];

describe('sign-out', () => {
  it('ends the token on the server: the same token is refused afterwards', async () => {
    const { email } = await newAdmin();
    const token = await signIn(email);
    expect((await as(token, 'GET', '/admin/videos')).statusCode).toBe(200);
    const out = await as(token, 'POST', '/admin/logout');
    expect(out.json()).toMatchObject({ success: true, message: SESSION_TEXTS.signedOut });
    const after = await as(token, 'GET', '/admin/videos');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, code: 'auth.session_ended', message: AUTH.sessionExpired });
    // Signed out once: a second sign-out is the same 401.
    expect((await as(token, 'POST', '/admin/logout')).statusCode).toBe(401);
  });

  it('leaves the admin\'s other sessions open, and is in the activity log', async () => {
    const { id, email } = await newAdmin();
    const kept = await signIn(email);
    const leaving = await signIn(email);
    await as(leaving, 'POST', '/admin/logout');
    expect((await as(kept, 'GET', '/admin/videos')).statusCode).toBe(200);
    const log = (await server.request({ method: 'GET', url: `/admin/activity?resource=admins&action=signOut` })).json().data.docs as { recordId: string }[];
    expect(log.map((entry) => entry.recordId)).toContain(id);
  });
});

describe('the profile\'s sessions', () => {
  it('lists each sign-in with its device, address and "this session", and ends one', async () => {
    const { email } = await newAdmin();
    const laptop = await signIn(email, 'Laptop browser');
    const phone = await signIn(email, 'Phone browser');
    const listed = await sessionsOf(laptop);
    expect(listed.map((s) => [s.device, s.current]).sort()).toEqual([
      ['Laptop browser', true],
      ['Phone browser', false],
    ]);
    expect(listed.every((s) => s.address.startsWith('10.0.'))).toBe(true);

    const phoneSession = listed.find((s) => !s.current)!;
    const ended = await as(laptop, 'DELETE', `/admin/profile/sessions/${phoneSession._id}`);
    expect(ended.json()).toMatchObject({ success: true, message: SESSION_TEXTS.ended });
    expect((await as(phone, 'GET', '/admin/videos')).json()).toEqual({ success: false, code: 'auth.session_ended', message: AUTH.sessionExpired });
    expect((await sessionsOf(laptop)).map((s) => s.device)).toEqual(['Laptop browser']);
    // Ended already, unknown, malformed: a 404 that changes nothing.
    for (const id of [phoneSession._id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await as(laptop, 'DELETE', `/admin/profile/sessions/${id}`);
      expect([res.statusCode, res.json().message], id).toEqual([404, SESSION_TEXTS.notFound]);
    }
  });

  it('never ends another admin\'s session from one\'s own profile', async () => {
    const mine = await signIn((await newAdmin()).email);
    const theirs = await signIn((await newAdmin()).email);
    const theirSession = (await sessionsOf(theirs))[0];
    expect((await as(mine, 'DELETE', `/admin/profile/sessions/${theirSession._id}`)).statusCode).toBe(404);
    expect((await as(theirs, 'GET', '/admin/videos')).statusCode).toBe(200);
  });

  it('ends all but this one', async () => {
    const { email } = await newAdmin();
    const here = await signIn(email);
    const others = [await signIn(email), await signIn(email)];
    const res = await as(here, 'DELETE', '/admin/profile/sessions');
    expect(res.json()).toMatchObject({ success: true, data: { ended: 2 }, message: SESSION_TEXTS.othersEnded(2) });
    for (const token of others) expect((await as(token, 'GET', '/admin/videos')).statusCode).toBe(401);
    expect((await as(here, 'GET', '/admin/videos')).statusCode).toBe(200);
    expect(await sessionsOf(here)).toHaveLength(1);
  });

  it('keeps a bounded device', async () => {
    const token = await signIn((await newAdmin()).email, 'x'.repeat(5000));
    expect((await sessionsOf(token))[0].device).toHaveLength(DEVICE_MAX);
  });
});

describe('an admin\'s page', () => {
  it('ends all of that admin\'s sessions, and logs it', async () => {
    const { id, email } = await newAdmin();
    const tokens = [await signIn(email), await signIn(email)];
    const res = await server.request({ method: 'POST', url: `/admin/admins/${id}/sessions/end` });
    expect(res.json()).toMatchObject({ success: true, data: { ended: 2 }, message: SESSION_TEXTS.allEnded(2) });
    for (const token of tokens) expect((await as(token, 'GET', '/admin/videos')).json().message).toBe(AUTH.sessionExpired);
    const log = (await server.request({ method: 'GET', url: `/admin/activity?resource=admins&action=sessionsEnd` })).json().data.docs as { recordId: string }[];
    expect(log.map((entry) => entry.recordId)).toContain(id);
    // They sign in again as before.
    expect((await as(await signIn(email), 'GET', '/admin/videos')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown admin', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await server.request({ method: 'POST', url: `/admin/admins/${id}/sessions/end` })).statusCode).toBe(404);
    }
  });
});

describe('a password change', () => {
  it('ends the other sessions; this one goes on with the fresh token', async () => {
    const { email } = await newAdmin();
    const here = await signIn(email, 'Here');
    const elsewhere = await signIn(email, 'Elsewhere');
    const res = await as(here, 'PUT', '/admin/profile/password', { currentPassword: PASSWORD, newPassword: 'another long password', repeatPassword: 'another long password' });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.token as string;
    expect((await as(elsewhere, 'GET', '/admin/videos')).statusCode).toBe(401);
    expect((await as(fresh, 'GET', '/admin/videos')).statusCode).toBe(200);
    expect((await sessionsOf(fresh)).map((s) => [s.device, s.current])).toEqual([['Here', true]]);
  });
});

describe('time', () => {
  it('ends a session after 12 hours, or 30 days with "Remember me", by the server\'s clock', async () => {
    const { id, email } = await newAdmin();
    const start = clock.now();
    const normal = await signIn(email);
    const remembered = await signIn(email, 'Remembered', true);
    try {
      clock.advance(SESSION_HOURS * 3600_000 - 60_000);
      expect((await as(normal, 'GET', '/admin/videos')).statusCode).toBe(200);
      clock.advance(2 * 60_000);
      expect((await as(normal, 'GET', '/admin/videos')).json()).toEqual({ success: false, code: 'auth.session_ended', message: AUTH.sessionExpired });
      expect((await as(remembered, 'GET', '/admin/videos')).statusCode).toBe(200);
      clock.set(new Date(start.getTime() + REMEMBER_ME_DAYS * 24 * 3600_000 + 60_000));
      expect((await as(remembered, 'GET', '/admin/videos')).statusCode).toBe(401);
      // The next sign-in removes the lapsed rows: nothing piles up.
      await signIn(email);
      expect(await server.db.selectFrom('admin_sessions').select('id').where('admin_id', '=', id).execute()).toHaveLength(1);
    } finally {
      clock.set(start);
    }
  });

  it('notes the last use at most once a minute', async () => {
    const token = await signIn((await newAdmin()).email);
    const start = clock.now();
    try {
      const first = (await sessionsOf(token))[0].lastUsedAt;
      clock.advance(30_000);
      expect((await sessionsOf(token))[0].lastUsedAt).toBe(first);
      clock.advance(60_000);
      await as(token, 'GET', '/admin/videos');
      expect((await sessionsOf(token))[0].lastUsedAt).toBe(clock.now().toISOString());
    } finally {
      clock.set(start);
    }
  });
});
