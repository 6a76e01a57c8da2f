/**
 * Fan accounts in the app (/app/v1): sign up, sign in and out, the limits, the token audiences both
 * ways, an admin's deactivation, the profile and password, a reset by e-mail through a captured SMTP
 * server (an expired link and a reused one too), the export of exactly the fan's own data, and a
 * deletion that leaves the fan's name, e-mail and age in no table, the activity log included.
 */
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DELETED_USER_LABEL, FAN_TEXTS, REDACTED, RESET_LINK_MINUTES, RESET_MAILS_PER_HOUR } from '../../src/domain/fans';
import { USER_TEXTS } from '../../src/domain/entities/users';
import { AUTH } from '../../src/domain/messages';
import { LOGIN_ATTEMPTS_PER_ACCOUNT, LOGIN_ATTEMPTS_PER_MINUTE } from '../../src/domain/limits';
import { buildApp } from '../../server/app';
import { recordActivity } from '../../server/repositories/activity';
import { UNKNOWN_ID } from './fixtures';
import { catchMail, type CaughtMail } from './mail-catcher';
import { createTestServer, type TestServer } from './harness';
import { fcmToken } from './push-fixtures';

const PUBLIC_URL = 'https://crease.example.org';
const now = { t: new Date('2026-11-26T10:00:00Z') };
let mails: CaughtMail[] = [];
let smtp: Awaited<ReturnType<typeof catchMail>>;
let server: TestServer;
let noMail: TestServer;
let address = 0;
/** A fresh client address per test, so the per-address limits of one test do not reach another. */
const nextAddress = () => `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

beforeAll(async () => {
  smtp = await catchMail();
  mails = smtp.mails;
  server = await createTestServer({ clock: { now: () => now.t }, mail: { smtpUrl: smtp.smtpUrl, from: 'League <league@example.org>', publicUrl: PUBLIC_URL } });
  noMail = await createTestServer();
});
afterAll(async () => {
  await server?.close();
  await noMail?.close();
  await smtp?.close();
});
beforeEach(() => {
  now.t = new Date('2026-11-26T10:00:00Z');
});

let fanCount = 0;
const newFan = () => {
  fanCount++;
  return { name: `Fan Number${fanCount} Zed`, email: `fan${fanCount}.zed@example.com`, age: 30 + fanCount, password: `fan-password-${fanCount}` };
};
type Fan = ReturnType<typeof newFan>;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown, remoteAddress = nextAddress(), app = server.app) =>
  app.inject({ method, url, payload: payload as Record<string, unknown>, remoteAddress, headers: token ? { authorization: `Bearer ${token}` } : {} });
const signUp = async (fan: Fan) => {
  const res = await call('POST', '/app/v1/account', undefined, fan);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { token: string; user: { _id: string; name: string; email: string; age: number; createdAt: string } };
};
/** Opens the verification link mailed at sign-up (email-verification.test.ts tests it): the address is then the fan's. */
async function verifyMailed(email: string) {
  const sent = (mail: { to: string[]; text: string }) => mail.to.includes(email) && mail.text.includes('/verify-email?token=');
  await expect.poll(() => mails.some(sent), { timeout: 5000 }).toBe(true);
  const link = /https:\/\/\S+\/verify-email\?token=\S+/.exec(mails.find(sent)!.text)![0];
  const res = await call('POST', '/app/v1/account/verify', undefined, { token: new URL(link).searchParams.get('token') });
  expect(res.statusCode, res.body).toBe(200);
}
const signIn = (email: string, password: string, remoteAddress = nextAddress()) => call('POST', '/app/v1/login', undefined, { email, password }, remoteAddress);
const adminSets = (id: string, isActive: unknown) => server.request({ method: 'PUT', url: `/admin/users/${id}`, payload: { isActive } as Record<string, unknown> });
const userRows = () => server.db.selectFrom('app_users').selectAll().execute();

describe('sign up and sign in', () => {
  it('signs a fan up: a token and their profile; they appear among the users as signed up in the app', async () => {
    const fan = newFan();
    const res = await call('POST', '/app/v1/account', undefined, fan);
    expect(res.statusCode, res.body).toBe(200);
    const { data, message, success } = res.json();
    expect({ success, message }).toEqual({ success: true, message: FAN_TEXTS.signedUp });
    expect(data.user).toEqual({ _id: expect.any(String), name: fan.name, email: fan.email, age: fan.age, createdAt: expect.any(String), emailVerified: false });
    const me = await call('GET', '/app/v1/account', data.token);
    expect(me.json()).toEqual({ success: true, data: data.user, message: FAN_TEXTS.fetched });

    const listed = await server.request({ method: 'GET', url: `/admin/users/${data.user._id}` });
    expect(listed.json().data).toMatchObject({ name: fan.name, email: fan.email, age: fan.age, isActive: true, source: 'app', lastSignInAt: expect.any(String) });
  });

  it('refuses a taken e-mail (in any case) and bad input with a message, storing nothing', async () => {
    const fan = newFan();
    await signUp(fan);
    await verifyMailed(fan.email);
    const before = await userRows();
    const cases: [unknown, number, string][] = [
      [{ ...fan, email: fan.email.toUpperCase() }, 409, FAN_TEXTS.emailTaken],
      [{ ...newFan(), password: 'short-pw1' }, 400, FAN_TEXTS.passwordTooShort],
      [{ ...newFan(), name: '   ' }, 400, FAN_TEXTS.nameRequired],
      [{ ...newFan(), name: undefined }, 400, FAN_TEXTS.nameRequired],
      [{ ...newFan(), email: 'not-an-email' }, 400, FAN_TEXTS.emailInvalid],
      [{ ...newFan(), age: 0 }, 400, FAN_TEXTS.ageInvalid],
      [{ ...newFan(), age: 'thirty' }, 400, FAN_TEXTS.ageInvalid],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call('POST', '/app/v1/account', undefined, payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([status, message]);
    }
    expect(await userRows()).toEqual(before);
  });

  it('signs in with the right password only, whatever the e-mail case; a wrong one or an unknown e-mail get the same answer', async () => {
    const fan = newFan();
    const { user } = await signUp(fan);
    const res = await signIn(fan.email.toUpperCase(), fan.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toEqual(user);
    expect((await call('GET', '/app/v1/account', res.json().data.token)).statusCode).toBe(200);
    for (const [email, password] of [[fan.email, 'wrong-password-123'], ['nobody@example.com', fan.password]]) {
      const refused = await signIn(email, password);
      expect([refused.statusCode, refused.json().message]).toEqual([401, FAN_TEXTS.invalidCredentials]);
      expect(refused.json().data).toBeUndefined();
    }
  });

  it('limits sign-in per address and per account, with Retry-After', async () => {
    const fan = newFan();
    await signUp(fan);
    const from = nextAddress();
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) expect((await signIn(fan.email, 'wrong-password-123', from)).statusCode).toBe(401);
    const limited = await signIn(fan.email, fan.password, from);
    expect([limited.statusCode, limited.json().message]).toEqual([429, AUTH.tooManyAttempts]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The admins' sign-in from that address is counted apart.
    expect((await server.app.inject({ method: 'POST', url: '/admin/login', payload: { email: 'x@example.com', password: 'y' }, remoteAddress: from })).statusCode).toBe(401);

    for (let i = LOGIN_ATTEMPTS_PER_MINUTE; i < LOGIN_ATTEMPTS_PER_ACCOUNT; i++) await signIn(fan.email, 'wrong-password-123');
    const account = await signIn(fan.email, fan.password);
    expect([account.statusCode, account.json().message]).toEqual([429, AUTH.tooManyAccountAttempts]);
  });
});

describe('sessions', () => {
  it('keeps the audiences apart: a fan token is refused by admin routes, an admin token by fan routes', async () => {
    const { token } = await signUp(newFan());
    for (const url of ['/admin/videos', '/admin/users', '/admin/users/stats', '/admin/profile']) {
      const res = await call('GET', url, token);
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
    const admin = await server.token();
    for (const [method, url] of [['GET', '/app/v1/account'], ['GET', '/app/v1/account/export'], ['POST', '/app/v1/logout']] as const) {
      const res = await call(method, url, admin, method === 'POST' ? {} : undefined);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 401, FAN_TEXTS.unauthorized]);
    }
    const device = await call('POST', '/app/v1/devices', admin, { token: fcmToken(901), platform: 'android' });
    expect(device.statusCode).toBe(401);
    expect(await server.db.selectFrom('devices').where('token', '=', fcmToken(901)).selectAll().execute()).toEqual([]);
    expect((await call('GET', '/app/v1/account')).statusCode).toBe(401);
    expect((await call('GET', '/app/v1/account', 'not.a.token')).statusCode).toBe(401);
  });

  it('links a phone registered while signed in; logout ends this session only and unlinks that phone', async () => {
    const fan = newFan();
    const { token, user } = await signUp(fan);
    const other = (await signIn(fan.email, fan.password)).json().data.token as string;
    const phone = fcmToken(902);
    expect((await call('POST', '/app/v1/devices', token, { token: phone, platform: 'ios' })).statusCode).toBe(200);
    expect((await call('POST', '/app/v1/devices', undefined, { token: fcmToken(903), platform: 'ios' })).statusCode).toBe(200);
    const owner = async (t: string) => (await server.db.selectFrom('devices').select('user_id').where('token', '=', t).executeTakeFirstOrThrow()).user_id;
    expect([await owner(phone), await owner(fcmToken(903))]).toEqual([user._id, null]);

    const out = await call('POST', '/app/v1/logout', token, { token: phone });
    expect(out.json()).toEqual({ success: true, data: null, message: FAN_TEXTS.signedOut });
    expect(await owner(phone)).toBeNull();
    const after = await call('GET', '/app/v1/account', token);
    expect([after.statusCode, after.json().message]).toEqual([401, FAN_TEXTS.sessionEnded]);
    expect((await call('GET', '/app/v1/account', other)).statusCode).toBe(200);
    const bad = await call('POST', '/app/v1/logout', other, { token: 'short' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, FAN_TEXTS.deviceTokenInvalid]);
    expect((await call('GET', '/app/v1/account', other)).statusCode).toBe(200);
  });

  it('an admin deactivates a fan: refused on every call and at sign-in (told only with the right password); reactivated, they sign in again', async () => {
    const fan = newFan();
    const { token, user } = await signUp(fan);
    const res = await adminSets(user._id, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { _id: user._id, isActive: false, source: 'app' }, message: USER_TEXTS.deactivated });
    for (const [method, url] of [['GET', '/app/v1/account'], ['PUT', '/app/v1/account'], ['GET', '/app/v1/account/export']] as const) {
      const refused = await call(method, url, token, method === 'PUT' ? { age: 50 } : undefined);
      expect([url, refused.statusCode]).toEqual([url, 401]);
    }
    expect((await signIn(fan.email, fan.password)).json().message).toBe(FAN_TEXTS.accountDeactivated);
    expect((await signIn(fan.email, 'wrong-password-123')).json().message).toBe(FAN_TEXTS.invalidCredentials);
    expect((await userRows()).find((row) => row.id === user._id)?.age).toBe(fan.age);

    expect((await adminSets(user._id, true)).json().message).toBe(USER_TEXTS.activated);
    // Their sessions ended with the deactivation: they sign in again.
    expect((await call('GET', '/app/v1/account', token)).statusCode).toBe(401);
    expect((await signIn(fan.email, fan.password)).statusCode).toBe(200);

    const entries = await server.request({ method: 'GET', url: `/admin/activity?resource=users&recordId=${user._id}` });
    expect(entries.statusCode, entries.body).toBe(200);
    expect(entries.json().data.docs.map((e: { action: string; changes: unknown }) => [e.action, e.changes])).toEqual([
      ['update', [{ field: 'isActive', before: false, after: true }]],
      ['update', [{ field: 'isActive', before: true, after: false }]],
    ]);
  });

  it('refuses a bad isActive and an unknown user, changing nothing', async () => {
    const { user } = await signUp(newFan());
    for (const value of ['no', 1, null, undefined]) {
      const res = await adminSets(user._id, value);
      expect([res.statusCode, res.json().message]).toEqual([400, USER_TEXTS.isActiveInvalid]);
    }
    expect((await adminSets(UNKNOWN_ID, false)).statusCode).toBe(404);
    expect((await adminSets('not-an-id', false)).statusCode).toBe(404);
    expect((await userRows()).find((row) => row.id === user._id)?.is_active).toBe(true);
    const fanToken = (await signUp(newFan())).token;
    expect((await call('PUT', `/admin/users/${user._id}`, fanToken, { isActive: false })).statusCode).toBe(401);
  });
});

describe('profile and password', () => {
  it('reads and edits the own name and age, nothing else', async () => {
    const fan = newFan();
    const { token, user } = await signUp(fan);
    const res = await call('PUT', '/app/v1/account', token, { name: 'New Name', age: 44 });
    expect(res.json()).toEqual({ success: true, data: { ...user, name: 'New Name', age: 44 }, message: FAN_TEXTS.updated });
    // The e-mail is the sign-in name: not changed here.
    await call('PUT', '/app/v1/account', token, { email: 'other@example.com' });
    expect((await call('PUT', '/app/v1/account', token, { age: 500 })).json().message).toBe(FAN_TEXTS.ageInvalid);
    expect((await call('GET', '/app/v1/account', token)).json().data).toEqual({ ...user, name: 'New Name', age: 44 });
  });

  it('changes the password with the current one: other sessions end, this one goes on', async () => {
    const fan = newFan();
    const { token } = await signUp(fan);
    const other = (await signIn(fan.email, fan.password)).json().data.token as string;
    const wrong = await call('PUT', '/app/v1/account/password', token, { currentPassword: 'wrong-password-123', newPassword: 'a-new-password-1' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, FAN_TEXTS.wrongPassword]);
    const short = await call('PUT', '/app/v1/account/password', token, { currentPassword: fan.password, newPassword: 'short' });
    expect([short.statusCode, short.json().message]).toEqual([400, FAN_TEXTS.newPasswordTooShort]);
    expect((await call('GET', '/app/v1/account', other)).statusCode).toBe(200);

    const res = await call('PUT', '/app/v1/account/password', token, { currentPassword: fan.password, newPassword: 'a-new-password-1' });
    expect(res.json()).toEqual({ success: true, data: null, message: FAN_TEXTS.passwordChanged });
    expect((await call('GET', '/app/v1/account', token)).statusCode).toBe(200);
    expect((await call('GET', '/app/v1/account', other)).statusCode).toBe(401);
    expect((await signIn(fan.email, fan.password)).statusCode).toBe(401);
    expect((await signIn(fan.email, 'a-new-password-1')).statusCode).toBe(200);
  });
});

describe('reset by e-mail', () => {
  const forgot = (email: string, app = server.app) => call('POST', '/app/v1/account/forgot', undefined, { email }, nextAddress(), app);
  /** The reset link of the next mail to `email`, once it arrives. */
  async function linkMailedTo(email: string): Promise<string> {
    // Not the verification mail sign-up sent.
    const resetTo = (mail: { to: string[]; text: string }) => mail.to.includes(email) && mail.text.includes('/reset-password?token=');
    await expect.poll(() => mails.some(resetTo), { timeout: 5000 }).toBe(true);
    const mail = mails.splice(mails.findIndex(resetTo), 1)[0];
    const link = /https:\/\/crease\.example\.org\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    return link!;
  }
  const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);

  it('answers the same for an unknown e-mail, and mails nothing then', async () => {
    const fan = newFan();
    await signUp(fan);
    const known = await forgot(fan.email);
    const unknown = await forgot('nobody.at.all@example.com');
    expect(known.json()).toEqual({ success: true, data: null, message: FAN_TEXTS.forgotSent });
    expect(unknown.json()).toEqual(known.json());
    await linkMailedTo(fan.email);
    expect(mails.filter((mail) => mail.to.includes('nobody.at.all@example.com'))).toEqual([]);
  });

  it('resets through the link once: the new password works, every session ends, and the link is spent', async () => {
    const fan = newFan();
    const { token } = await signUp(fan);
    await forgot(fan.email);
    const link = await linkMailedTo(fan.email);

    // The page the link opens: a form carrying the token.
    const page = await server.app.inject({ method: 'GET', url: link.replace(PUBLIC_URL, '') });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(FAN_TEXTS.pageTitle);
    expect(page.body).toContain(`value="${tokenOf(link)}"`);

    const res = await call('POST', '/app/v1/account/reset', undefined, { token: tokenOf(link), password: 'reset-password-1' });
    expect(res.json()).toEqual({ success: true, data: null, message: FAN_TEXTS.resetDone });
    expect((await call('GET', '/app/v1/account', token)).statusCode).toBe(401);
    expect((await signIn(fan.email, fan.password)).statusCode).toBe(401);
    expect((await signIn(fan.email, 'reset-password-1')).statusCode).toBe(200);

    const again = await call('POST', '/app/v1/account/reset', undefined, { token: tokenOf(link), password: 'reset-password-2' });
    expect([again.statusCode, again.json().message]).toEqual([400, FAN_TEXTS.resetTokenInvalid]);
    expect((await signIn(fan.email, 'reset-password-1')).statusCode).toBe(200);
  });

  it('refuses a link past its 30 minutes, changing nothing', async () => {
    const fan = newFan();
    await signUp(fan);
    await forgot(fan.email);
    const link = await linkMailedTo(fan.email);
    now.t = new Date(now.t.getTime() + RESET_LINK_MINUTES * 60_000 + 1000);
    const res = await call('POST', '/app/v1/account/reset', undefined, { token: tokenOf(link), password: 'too-late-password' });
    expect([res.statusCode, res.json().message]).toEqual([400, FAN_TEXTS.resetTokenInvalid]);
    expect((await signIn(fan.email, fan.password)).statusCode).toBe(200);
  });

  it('resets on the page the link opens, which checks the two passwords first', async () => {
    const fan = newFan();
    await signUp(fan);
    await forgot(fan.email);
    const token = tokenOf(await linkMailedTo(fan.email));
    const post = (fields: Record<string, string>) =>
      server.app.inject({ method: 'POST', url: '/reset-password', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    const mismatch = await post({ token, password: 'page-password-1', confirm: 'page-password-2' });
    expect([mismatch.statusCode, mismatch.body.includes(FAN_TEXTS.pageMismatch)]).toEqual([400, true]);
    const done = await post({ token, password: 'page-password-1', confirm: 'page-password-1' });
    expect([done.statusCode, done.body.includes(FAN_TEXTS.pageDone)]).toEqual([200, true]);
    expect((await signIn(fan.email, 'page-password-1')).statusCode).toBe(200);
    const reused = await post({ token, password: 'page-password-3', confirm: 'page-password-3' });
    expect([reused.statusCode, reused.body.includes(FAN_TEXTS.resetTokenInvalid)]).toEqual([400, true]);
    expect((await server.app.inject({ method: 'GET', url: '/reset-password' })).statusCode).toBe(400);
  });

  it('without SMTP_URL says reset is unavailable (a 409), and the server runs on', async () => {
    const res = await call('POST', '/app/v1/account/forgot', undefined, { email: 'any@example.com' }, nextAddress(), noMail.app);
    expect([res.statusCode, res.json()]).toEqual([409, { success: false, code: 'unavailable', message: FAN_TEXTS.resetUnavailable }]);
    expect((await noMail.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  const postPage = (fields: Record<string, string>, remoteAddress = nextAddress()) =>
    server.app.inject({ method: 'POST', url: '/reset-password', remoteAddress, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

  it('refuses a link mailed before the fan changed their password, by the call and on the page, changing nothing', async () => {
    const fan = newFan();
    const { token: session } = await signUp(fan);
    await forgot(fan.email);
    const token = tokenOf(await linkMailedTo(fan.email));
    const changed = await call('PUT', '/app/v1/account/password', session, { currentPassword: fan.password, newPassword: 'changed-password-1' });
    expect(changed.statusCode, changed.body).toBe(200);

    const res = await call('POST', '/app/v1/account/reset', undefined, { token, password: 'attacker-password-1' });
    expect([res.statusCode, res.json().message]).toEqual([400, FAN_TEXTS.resetTokenInvalid]);
    const page = await postPage({ token, password: 'attacker-password-2', confirm: 'attacker-password-2' });
    expect([page.statusCode, page.body.includes(FAN_TEXTS.resetTokenInvalid)]).toEqual([400, true]);
    // The fan is still signed in, with the password they chose.
    expect((await call('GET', '/app/v1/account', session)).statusCode).toBe(200);
    expect((await signIn(fan.email, 'changed-password-1')).statusCode).toBe(200);
  });

  it('refuses a link mailed before the account\'s e-mail changed, and one a newer link replaced', async () => {
    const fan = newFan();
    const { user } = await signUp(fan);
    await forgot(fan.email);
    const first = tokenOf(await linkMailedTo(fan.email));
    await forgot(fan.email);
    const second = tokenOf(await linkMailedTo(fan.email));
    const replaced = await call('POST', '/app/v1/account/reset', undefined, { token: first, password: 'replaced-password-1' });
    expect([replaced.statusCode, replaced.json().message]).toEqual([400, FAN_TEXTS.resetTokenInvalid]);

    // No call changes a fan's e-mail yet; the binding must hold when one does.
    const moved = `moved.${fan.email}`;
    await server.db.updateTable('app_users').set({ email: moved }).where('id', '=', user._id).execute();
    const res = await call('POST', '/app/v1/account/reset', undefined, { token: second, password: 'moved-password-1' });
    expect([res.statusCode, res.json().message]).toEqual([400, FAN_TEXTS.resetTokenInvalid]);
    expect((await signIn(moved, fan.password)).statusCode).toBe(200);
  });

  it('limits the reset page\'s form per address, in the same counter as the JSON reset, with Retry-After', async () => {
    const address = nextAddress();
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE / 2; i++) {
      const res = await call('POST', '/app/v1/account/reset', undefined, { token: `guess-${i}`, password: 'guessed-password-1' }, address);
      expect(res.statusCode).toBe(400);
    }
    for (let i = LOGIN_ATTEMPTS_PER_MINUTE / 2; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) {
      const res = await postPage({ token: `guess-${i}`, password: 'guessed-password-1', confirm: 'guessed-password-1' }, address);
      expect(res.statusCode).toBe(400);
    }
    const page = await postPage({ token: 'guess-page', password: 'guessed-password-1', confirm: 'guessed-password-1' }, address);
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(AUTH.tooManyAttempts);
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    const json = await call('POST', '/app/v1/account/reset', undefined, { token: 'guess-json', password: 'guessed-password-1' }, address);
    expect(json.statusCode).toBe(429);
    // Another address is not held back.
    expect((await postPage({ token: 'guess-other', password: 'guessed-password-1', confirm: 'guessed-password-1' })).statusCode).toBe(400);
  });

  it(`mails one account at most ${RESET_MAILS_PER_HOUR} links an hour, whatever addresses ask, answering every ask the same`, async () => {
    const fan = newFan();
    await signUp(fan);
    const asks = 12;
    const answers = [];
    for (let i = 0; i < asks; i++) answers.push((await forgot(i % 2 ? fan.email.toUpperCase() : fan.email)).json());
    expect(answers).toEqual(Array.from({ length: asks }, () => ({ success: true, data: null, message: FAN_TEXTS.forgotSent })));
    const resetMails = () => mails.filter((mail) => mail.to.includes(fan.email) && mail.text.includes('/reset-password?token='));
    await expect.poll(() => resetMails().length, { timeout: 5000 }).toBe(RESET_MAILS_PER_HOUR);
    // Give a stray fourth mail the time to arrive before counting again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resetMails()).toHaveLength(RESET_MAILS_PER_HOUR);
    mails.splice(0, mails.length);
  });
});

describe('names', () => {
  const INVISIBLE_ONLY = '\u200B\u200C\u200D\u2060\uFEFF';

  it('refuses a name of only zero-width or direction characters, storing nothing', async () => {
    const before = await userRows();
    for (const name of [INVISIBLE_ONLY, ` ${INVISIBLE_ONLY} `, '\u202E\u202C\u2066\u2069\u200F']) {
      const res = await call('POST', '/app/v1/account', undefined, { ...newFan(), name });
      expect([res.statusCode, res.json().errors], JSON.stringify(name)).toEqual([400, { name: FAN_TEXTS.nameRequired }]);
    }
    expect(await userRows()).toEqual(before);
  });

  it('keeps a name trimmed and without its invisible characters, on sign-up and on a profile change', async () => {
    const fan = newFan();
    const { token, user } = await signUp({ ...fan, name: `  \u202EAsha\u200B Rao\u202C  ` });
    expect(user.name).toBe('Asha Rao');
    const edited = await call('PUT', '/app/v1/account', token, { name: '\u2067Ravi\u2069 Kumar ' });
    expect(edited.json().data.name).toBe('Ravi Kumar');
    const empty = await call('PUT', '/app/v1/account', token, { name: INVISIBLE_ONLY });
    expect([empty.statusCode, empty.json().errors]).toEqual([400, { name: FAN_TEXTS.nameRequired }]);
    expect((await call('GET', '/app/v1/account', token)).json().data.name).toBe('Ravi Kumar');
  });
});

describe('export and deletion', () => {
  /** A registration sent by the fan (the app's form is another change; here it is written as it would be). */
  const registrationOf = async (userId: string, fan: Fan, phone: string, idNumber: string, address = `${fan.age} Pitch Lane`) => {
    const [firstName, lastName] = [fan.name.split(' ')[0], fan.name.split(' ').slice(1).join(' ')];
    const row = await server.db
      .insertInto('registrations')
      .values({ first_name: firstName, last_name: lastName, email: fan.email, phone, government_id_type: 'Aadhaar', government_id_number: idNumber, address, user_id: userId } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('registration_players').values({ registration_id: row.id, position: 0, first_name: 'Teammate', last_name: 'One' }).execute();
    return row.id;
  };

  it('exports exactly the fan’s own data', async () => {
    const a = newFan();
    const b = newFan();
    const { token, user } = await signUp(a);
    const other = await signUp(b);
    await call('POST', '/app/v1/devices', token, { token: fcmToken(910), platform: 'android' });
    await call('POST', '/app/v1/devices', other.token, { token: fcmToken(911), platform: 'ios' });
    const mine = await registrationOf(user._id, a, '+91 90000 00001', '1234-5678-9012');
    await registrationOf(other.user._id, b, '+91 90000 00002', '2222-3333-4444');

    const res = await call('GET', '/app/v1/account/export', token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.account).toEqual({ _id: user._id, name: a.name, email: a.email, age: a.age, isActive: true, emailVerified: false, createdAt: user.createdAt, lastSignInAt: expect.any(String) });
    expect(data.sessions).toHaveLength(1);
    expect(data.devices.map((d: { token: string }) => d.token)).toEqual([fcmToken(910)]);
    expect(data.registrations).toHaveLength(1);
    expect(data.registrations[0]).toMatchObject({ _id: mine, email: a.email, phone: '+91 90000 00001', GovernmentIdNumber: '1234-5678-9012', players: [{ firstName: 'Teammate', lastName: 'One' }] });
    const text = JSON.stringify(data);
    for (const value of [b.name, b.email, other.user._id, fcmToken(911), '2222-3333-4444']) expect(text).not.toContain(value);
  });

  it('deletes the account with the password: name, e-mail and age are in no table afterwards, and the log keeps its entries redacted', async () => {
    const fan = newFan();
    const { token, user } = await signUp(fan);
    await call('POST', '/app/v1/devices', token, { token: fcmToken(920), platform: 'android' });
    const registration = await registrationOf(user._id, fan, '+91 98765 43210', '9876-5432-1098');
    await adminSets(user._id, false);
    await adminSets(user._id, true);
    // An admin's edit of the registration, as the log records one: its label and values are the fan's.
    await server.db.transaction().execute((trx) =>
      recordActivity(trx, server.admin.id, [
        {
          action: 'update',
          resource: 'registrations',
          recordId: registration,
          recordLabel: fan.name,
          changes: [
            { field: 'phone', before: '+91 98765 43210', after: '+91 98765 00000' },
            { field: 'status', before: 'pending', after: 'approved' },
          ],
        },
      ]),
    );
    const fresh = (await signIn(fan.email, fan.password)).json().data.token as string;

    const wrong = await call('DELETE', '/app/v1/account', fresh, { password: 'wrong-password-123' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, FAN_TEXTS.wrongPassword]);
    expect((await call('GET', '/app/v1/account', fresh)).statusCode).toBe(200);
    const entriesBefore = await server.db.selectFrom('activity').select(['id', 'action', 'resource', 'record_id']).orderBy('id').execute();

    const res = await call('DELETE', '/app/v1/account', fresh, { password: fan.password });
    expect(res.json()).toEqual({ success: true, data: null, message: FAN_TEXTS.deleted });
    expect((await call('GET', '/app/v1/account', fresh)).statusCode).toBe(401);
    expect((await signIn(fan.email, fan.password)).statusCode).toBe(401);

    // Every table of the database, row by row as JSON: none holds the fan's name, e-mail, phone or ID, nor their age as a user's.
    const { rows: tables } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(server.db);
    for (const { name } of tables) {
      const { rows } = await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.table(name)} t`.execute(server.db);
      for (const { row } of rows) {
        for (const value of [fan.name, fan.email, fan.name.split(' ')[1], '+91 98765 43210', '9876-5432-1098', `${fan.age} Pitch Lane`]) expect(row, `${name}: ${row}`).not.toContain(value);
        if (row.includes(user._id)) expect(row, `${name}: ${row}`).not.toMatch(new RegExp(`"age":\\s*${fan.age}\\b`));
      }
    }
    expect(await server.db.selectFrom('app_users').where('id', '=', user._id).selectAll().execute()).toEqual([]);
    // The phone stays registered, no longer linked; the registration stays, anonymised.
    expect(await server.db.selectFrom('devices').select('user_id').where('token', '=', fcmToken(920)).executeTakeFirstOrThrow()).toEqual({ user_id: null });
    const kept = await server.request({ method: 'GET', url: `/admin/registrations/${registration}` });
    expect(kept.json().data).toMatchObject({ firstName: DELETED_USER_LABEL, lastName: null, email: null, phone: null, GovernmentIdNumber: null, status: expect.any(String) });

    // The log: the same entries in the same shape, values redacted, then the redaction and the deletion.
    const after = await server.db.selectFrom('activity').selectAll().orderBy('id').execute();
    expect(after.slice(0, entriesBefore.length).map((e) => ({ id: e.id, action: e.action, resource: e.resource, record_id: e.record_id }))).toEqual(entriesBefore);
    const edited = after.find((e) => e.resource === 'registrations' && e.record_id === registration)!;
    expect(edited.record_label).toBe(DELETED_USER_LABEL);
    expect(edited.changes).toEqual([
      { field: 'phone', before: REDACTED, after: REDACTED },
      { field: 'status', before: 'pending', after: 'approved' },
    ]);
    expect(after.slice(entriesBefore.length).map((e) => [e.action, e.resource, e.record_id, e.record_label, e.admin_id])).toEqual([
      ['redact', 'users', user._id, DELETED_USER_LABEL, null],
      ['delete', 'users', user._id, DELETED_USER_LABEL, null],
    ]);
    expect((await server.request({ method: 'GET', url: '/admin/activity' })).statusCode).toBe(200);
  });

  it('keeps the log append-only for everything but a redaction', async () => {
    await expect(sql`update activity set record_label = 'rewritten'`.execute(server.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from activity`.execute(server.db)).rejects.toThrow(/append-only/);
    const entry = await server.db.selectFrom('activity').select('id').orderBy('id').executeTakeFirstOrThrow();
    // Even inside the redaction path, no column but the label and the changes may move.
    await expect(
      server.db.transaction().execute(async (trx) => {
        await sql`select set_config('crease.activity_redaction', 'on', true)`.execute(trx);
        await sql`update activity set action = 'create' where id = ${entry.id}`.execute(trx);
      }),
    ).rejects.toThrow(/append-only/);
  });
});

it("never logs a fan's personal data: routes by pattern, no bodies, no addresses, no tokens", async () => {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  // A mail server that refuses connections: the failed reset mail is logged too.
  const app = await buildApp({
    db: server.db,
    uploadsDir: server.uploadsDir,
    jwtSecret: server.jwtSecret,
    logger: { level: 'debug', stream },
    distDir: server.uploadsDir,
    mail: { smtpUrl: 'smtp://127.0.0.1:1', publicUrl: PUBLIC_URL },
  });
  const fan = { name: 'Private Person Name', email: 'private.person@example.com', age: 47, password: 'private-password-1' };
  const { token } = (await call('POST', '/app/v1/account', undefined, fan, nextAddress(), app)).json().data;
  await call('POST', '/app/v1/login', undefined, { email: fan.email, password: 'wrong-password-123' }, nextAddress(), app);
  await call('PUT', '/app/v1/account', token, { name: 'Another Private Name' }, nextAddress(), app);
  await call('POST', '/app/v1/devices', token, { token: fcmToken(990), platform: 'ios' }, nextAddress(), app);
  await call('POST', '/app/v1/account/forgot', undefined, { email: fan.email }, nextAddress(), app);
  await app.inject({ method: 'GET', url: '/reset-password?token=secret-reset-token' });
  await call('DELETE', '/app/v1/account', token, { password: fan.password }, nextAddress(), app);
  await expect.poll(() => text.includes('password-reset mail not sent'), { timeout: 5000 }).toBe(true);
  await app.close();
  expect(text).toContain('POST /app/v1/account 200');
  expect(text).toContain('GET /reset-password 200');
  for (const value of [fan.name, fan.email, fan.password, 'Another Private Name', 'wrong-password-123', token, fcmToken(990), 'secret-reset-token']) {
    expect(text, value).not.toContain(value);
  }
  expect(text).not.toMatch(/"(age|name|email|body)"/);
});
