/**
 * A fan's e-mail is verified before it matters: sign-up mails a single-use link (captured by an SMTP
 * server here), the app's call or the page's button verifies it, a registration is refused until
 * then (before its files are read) and accepted after, the link is sent again within limits, an
 * address never verified is taken over by its next sign-up while a verified one stays refused, a job
 * removes what is still unverified after 7 days, and a server that sends no mail verifies nothing
 * and makes nobody wait.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAN_TEXTS, SIGNUPS_PER_EMAIL_HOUR, VERIFY_ATTEMPTS_PER_MINUTE, VERIFY_LINK_DAYS, VERIFY_RESENDS_PER_ACCOUNT_HOUR, VERIFY_RESENDS_PER_MINUTE } from '../../src/domain/fans';
import { insertPlaces, registrationPerson } from './fixtures';
import { catchMail, type CaughtMail } from './mail-catcher';
import { createTestServer, multipart, pngFile, textAsPngFile, type FilePart, type TestServer } from './harness';
import { fcmToken } from './push-fixtures';

const PUBLIC_URL = 'https://crease.example.org';
const START = new Date('2026-11-26T10:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const now = { t: START };
let mails: CaughtMail[] = [];
let smtp: Awaited<ReturnType<typeof catchMail>>;
let server: TestServer;
let noMail: TestServer;
let photo: FilePart;
const places = new Map<TestServer, Record<string, string>>();
let address = 0;
/** A fresh client address per call, so the per-address limits are met only where a test means to. */
const nextAddress = () => `10.66.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

beforeAll(async () => {
  smtp = await catchMail();
  mails = smtp.mails;
  server = await createTestServer({ clock: { now: () => now.t }, mail: { smtpUrl: smtp.smtpUrl, from: 'League <league@example.org>', publicUrl: PUBLIC_URL } });
  noMail = await createTestServer({ push: { publicUrl: PUBLIC_URL } });
  for (const each of [server, noMail]) places.set(each, await insertPlaces(each.db));
  photo = await pngFile({ width: 400, height: 500, color: '#1565c0', filename: 'player.png' });
});
afterAll(async () => {
  await server?.close();
  await noMail?.close();
  await smtp?.close();
});
beforeEach(() => {
  now.t = START;
});

let fanCount = 0;
const newFan = () => {
  fanCount++;
  return { name: `Verifying Fan${fanCount}`, email: `verify${fanCount}.fan@example.com`, age: 30, password: `fan-password-${fanCount}` };
};
type Fan = ReturnType<typeof newFan>;
interface Profile {
  _id: string;
  email: string;
  emailVerified: boolean;
}

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown, remoteAddress = nextAddress(), on = server) =>
  on.app.inject({ method, url, payload: payload as Record<string, unknown>, remoteAddress, headers: token ? { authorization: `Bearer ${token}` } : {} });
const signUp = async (fan: Fan, on = server) => {
  const res = await call('POST', '/app/v1/account', undefined, fan, nextAddress(), on);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { token: string; refreshToken: string; user: Profile };
};
/** An access token of the session that works now (they last an hour: these tests move the clock days on), by the refresh token. */
const renew = async (session: { refreshToken: string }) => {
  const res = await call('POST', '/app/v1/session/refresh', undefined, { refreshToken: session.refreshToken });
  expect(res.statusCode, res.body).toBe(200);
  session.refreshToken = res.json().data.refreshToken;
  return res.json().data.token as string;
};
const profile = async (token: string, on = server) => (await call('GET', '/app/v1/account', token, undefined, nextAddress(), on)).json().data as Profile;

/** The token of the newest verification link mailed to `email`, once the mail (sent after the answer) has arrived. */
const mailedToken = async (email: string, count = 1) =>
  vi.waitFor(
    () => {
      const sent = mails.filter((mail) => mail.to.includes(email) && mail.text.includes('/verify-email?token='));
      expect(sent.length).toBeGreaterThanOrEqual(count);
      const link = /https:\/\/\S+\/verify-email\?token=\S+/.exec(sent.at(-1)!.text)![0];
      expect(link.startsWith(`${PUBLIC_URL}/verify-email?token=`)).toBe(true);
      return decodeURIComponent(new URL(link).searchParams.get('token')!);
    },
    { timeout: 5_000, interval: 20 },
  );
const verify = (token: string, remoteAddress = nextAddress()) => call('POST', '/app/v1/account/verify', undefined, { token }, remoteAddress);
const resend = (token: string | undefined, remoteAddress = nextAddress(), on = server) => call('POST', '/app/v1/account/verify/resend', token, undefined, remoteAddress, on);

const PLAYERS = [{ firstName: 'Rohan', lastName: 'Patil', dob: '2008-04-12', playingRole: 'Batsman', battingStyle: 'Right-handed', bowlingStyle: null }];
/** A registration every rule takes, with its player's photo (or another file part). */
const registrationForm = (on: TestServer, file: FilePart = photo) => {
  const place = places.get(on)!;
  return {
    ...registrationPerson(place),
    players: JSON.stringify(PLAYERS),
    'players.0.photo': file,
  };
};
const sendRegistration = async (token: string, on = server, file?: FilePart) => {
  const body = await multipart(registrationForm(on, file));
  return on.app.inject({ method: 'POST', url: '/app/v1/registrations', remoteAddress: nextAddress(), payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
};
const registrationRows = async (on = server) => Number((await on.db.selectFrom('registrations').select(on.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const adminUser = async (id: string) => (await server.request({ method: 'GET', url: `/admin/users/${id}` })).json().data as { emailVerified?: boolean } | undefined;

describe('the link mailed at sign-up', () => {
  it('is mailed to the fan; it verifies their e-mail once, as their profile and the admins\' Users say', async () => {
    const fan = newFan();
    const { token, user } = await signUp(fan);
    expect(user.emailVerified).toBe(false);
    expect((await adminUser(user._id))?.emailVerified).toBe(false);
    const link = await mailedToken(fan.email);
    expect(mails.find((mail) => mail.to.includes(fan.email))!.text).toContain(`${VERIFY_LINK_DAYS} days`);
    // Only the token's hash is kept.
    const kept = await server.db.selectFrom('email_verifications').select('token_hash').where('user_id', '=', user._id).execute();
    expect(kept).toHaveLength(1);
    expect(kept[0].token_hash).not.toContain(link);

    const res = await verify(link);
    expect(res.json()).toEqual({ success: true, data: null, message: FAN_TEXTS.emailVerified });
    expect((await profile(token)).emailVerified).toBe(true);
    expect((await adminUser(user._id))?.emailVerified).toBe(true);
    const again = await verify(link);
    expect([again.statusCode, again.json().message, again.json().errors]).toEqual([400, FAN_TEXTS.verifyTokenInvalid, { token: FAN_TEXTS.verifyTokenInvalid }]);
    // Signing in again answers the verified profile.
    const signedIn = await call('POST', '/app/v1/login', undefined, { email: fan.email, password: fan.password });
    expect(signedIn.json().data.user.emailVerified).toBe(true);
  });

  it('refuses a token unknown, too long, missing or lapsed with a 400 and a message, verifying nothing', async () => {
    const fan = newFan();
    const session = await signUp(fan);
    const link = await mailedToken(fan.email);
    for (const payload of [{ token: 'not-a-token' }, { token: link.slice(0, -1) }, { token: 'x'.repeat(500) }, { token: '' }, {}, { token: 42 }]) {
      const res = await call('POST', '/app/v1/account/verify', undefined, payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([400, FAN_TEXTS.verifyTokenInvalid]);
    }
    now.t = new Date(START.getTime() + VERIFY_LINK_DAYS * DAY_MS + 1);
    const lapsed = await verify(link);
    expect([lapsed.statusCode, lapsed.json().message]).toEqual([400, FAN_TEXTS.verifyTokenInvalid]);
    expect((await profile(await renew(session))).emailVerified).toBe(false);
  });

  it('is tried at most 10 times a minute from one address', async () => {
    const from = nextAddress();
    for (let i = 0; i < VERIFY_ATTEMPTS_PER_MINUTE; i++) expect((await verify(`guess-${i}`, from)).statusCode).toBe(400);
    const res = await verify('guess-more', from);
    expect([res.statusCode, res.json().message]).toEqual([429, FAN_TEXTS.tooManyVerifyAttempts]);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('a registration waits for the verified e-mail', () => {
  it('is refused with a 403 naming the call that sends the link again, storing nothing; reads and phones are not held back; once verified it is taken', async () => {
    const fan = newFan();
    const { token } = await signUp(fan);
    const stored = async () => [...(await server.storedFiles()), ...(await server.storedPrivateFiles())].sort();
    const filesBefore = await stored();
    const rowsBefore = await registrationRows();

    const refused = await sendRegistration(token);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([403, 'auth.email_not_verified', FAN_TEXTS.emailNotVerified]);
    expect(FAN_TEXTS.emailNotVerified).toContain('POST /app/v1/account/verify/resend');
    // Refused before the body is read: a part no image check would take is never looked at.
    const notAnImage = await sendRegistration(token, server, await textAsPngFile());
    expect(notAnImage.statusCode).toBe(403);
    expect(await registrationRows()).toBe(rowsBefore);
    expect(await stored()).toEqual(filesBefore);

    expect((await call('GET', '/app/v1/registrations', token)).statusCode).toBe(200);
    expect((await call('POST', '/app/v1/devices', token, { token: fcmToken(701), platform: 'android' })).statusCode).toBe(200);
    expect((await call('GET', '/app/v1/account', token)).statusCode).toBe(200);

    expect((await verify(await mailedToken(fan.email))).statusCode).toBe(200);
    const taken = await sendRegistration(token);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await registrationRows()).toBe(rowsBefore + 1);
  });
});

describe('sending the link again', () => {
  it('mails a new link, and the earlier one stops working; once verified there is nothing to send', async () => {
    const fan = newFan();
    const { token } = await signUp(fan);
    const first = await mailedToken(fan.email);
    expect((await resend(undefined)).statusCode).toBe(401);
    const res = await resend(token);
    expect(res.json()).toEqual({ success: true, data: null, message: FAN_TEXTS.verifySent });
    const second = await mailedToken(fan.email, 2);
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
    const done = await resend(token);
    expect([done.statusCode, done.json().message]).toEqual([409, FAN_TEXTS.alreadyVerified]);
  });

  it('is limited per account, whatever the addresses asking', async () => {
    const fan = newFan();
    const { token } = await signUp(fan);
    for (let i = 0; i < VERIFY_RESENDS_PER_ACCOUNT_HOUR; i++) expect((await resend(token)).statusCode).toBe(200);
    const res = await resend(token);
    expect([res.statusCode, res.json().message]).toEqual([429, FAN_TEXTS.tooManyVerifyResends]);
    await mailedToken(fan.email, 1 + VERIFY_RESENDS_PER_ACCOUNT_HOUR);
    // The refused one sent nothing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mails.filter((mail) => mail.to.includes(fan.email))).toHaveLength(1 + VERIFY_RESENDS_PER_ACCOUNT_HOUR);
  });

  it('is limited per address, whatever the accounts', async () => {
    const from = nextAddress();
    const tokens = [];
    for (let i = 0; i <= VERIFY_RESENDS_PER_MINUTE; i++) tokens.push((await signUp(newFan())).token);
    for (const token of tokens.slice(0, VERIFY_RESENDS_PER_MINUTE)) expect((await resend(token, from)).statusCode).toBe(200);
    const res = await resend(tokens.at(-1), from);
    expect([res.statusCode, res.json().message]).toEqual([429, FAN_TEXTS.tooManyVerifyResends]);
    expect((await resend(tokens.at(-1))).statusCode).toBe(200);
  });
});

describe('an address never verified', () => {
  it('is taken over by its next sign-up: the old account, its sessions, phone links and links go', async () => {
    const fan = newFan();
    const old = await signUp(fan);
    const oldLink = await mailedToken(fan.email);
    const phone = fcmToken(702);
    expect((await call('POST', '/app/v1/devices', old.token, { token: phone, platform: 'ios' })).statusCode).toBe(200);
    expect((await call('POST', '/app/v1/account/forgot', undefined, { email: fan.email })).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await server.db.selectFrom('password_resets').where('user_id', '=', old.user._id).selectAll().execute()).toHaveLength(1));

    const owner = await signUp({ ...fan, email: fan.email.toUpperCase(), password: 'the-owners-password' });
    expect(owner.user._id).not.toBe(old.user._id);
    const stale = await call('GET', '/app/v1/account', old.token);
    expect([stale.statusCode, stale.json().message]).toEqual([401, FAN_TEXTS.sessionEnded]);
    expect(await server.db.selectFrom('app_users').where('id', '=', old.user._id).selectAll().execute()).toEqual([]);
    expect(await server.db.selectFrom('password_resets').where('user_id', '=', old.user._id).selectAll().execute()).toEqual([]);
    expect((await server.db.selectFrom('devices').select('user_id').where('token', '=', phone).executeTakeFirstOrThrow()).user_id).toBeNull();
    expect((await verify(oldLink)).statusCode).toBe(400);
    // The old account's password no longer signs in; the owner's does.
    expect((await call('POST', '/app/v1/login', undefined, { email: fan.email, password: fan.password })).statusCode).toBe(401);
    expect((await call('POST', '/app/v1/login', undefined, { email: fan.email, password: 'the-owners-password' })).statusCode).toBe(200);
  });

  it('is signed up at most 3 times an hour, whatever the addresses asking (each one mails it)', async () => {
    const fan = newFan();
    for (let i = 0; i < SIGNUPS_PER_EMAIL_HOUR; i++) await signUp(fan);
    await mailedToken(fan.email, SIGNUPS_PER_EMAIL_HOUR);
    const res = await call('POST', '/app/v1/account', undefined, { ...fan, email: fan.email.toUpperCase() });
    expect([res.statusCode, res.json().message]).toEqual([429, FAN_TEXTS.tooManySignUpsForEmail]);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await server.db.selectFrom('app_users').where('email', 'in', [fan.email, fan.email.toUpperCase()]).selectAll().execute()).toHaveLength(1);
  });

  it('once verified, is refused to another sign-up (409), and its account stays', async () => {
    const fan = newFan();
    const { token, user } = await signUp(fan);
    expect((await verify(await mailedToken(fan.email))).statusCode).toBe(200);
    const res = await call('POST', '/app/v1/account', undefined, { ...newFan(), email: fan.email });
    expect([res.statusCode, res.json().message]).toEqual([409, FAN_TEXTS.emailTaken]);
    expect((await profile(token))._id).toBe(user._id);
  });
});

describe('the job removing unverified accounts', () => {
  it('removes an account still unverified 7 days after sign-up, and keeps a verified one and a fresh one', async () => {
    const unverified = await signUp(newFan());
    const verifiedFan = newFan();
    const verified = await signUp(verifiedFan);
    expect((await verify(await mailedToken(verifiedFan.email))).statusCode).toBe(200);
    now.t = new Date(START.getTime() + 6 * DAY_MS);
    const fresh = await signUp(newFan());

    now.t = new Date(START.getTime() + VERIFY_LINK_DAYS * DAY_MS - 60_000);
    await server.app.jobs.runDue();
    const latest = await renew(unverified);
    expect((await call('GET', '/app/v1/account', latest)).statusCode).toBe(200);

    now.t = new Date(START.getTime() + VERIFY_LINK_DAYS * DAY_MS + 60_000);
    await server.app.jobs.runDue();
    const gone = await call('GET', '/app/v1/account', latest);
    expect([gone.statusCode, gone.json().message]).toEqual([401, FAN_TEXTS.sessionEnded]);
    expect(await server.db.selectFrom('app_users').where('id', '=', unverified.user._id).selectAll().execute()).toEqual([]);
    expect((await profile(await renew(verified))).emailVerified).toBe(true);
    expect((await profile(await renew(fresh))).emailVerified).toBe(false);
    // Recorded as Crease's act, naming nobody.
    const logged = await server.db.selectFrom('activity').select(['action', 'admin_id', 'fan_id', 'record_label']).where('record_id', '=', unverified.user._id).execute();
    expect(logged).toContainEqual({ action: 'delete', admin_id: null, fan_id: null, record_label: 'Deleted user' });
    // Its address is free again.
    await signUp({ ...newFan(), email: unverified.user.email });
  });

  it('sending the link again does not postpone the removal', async () => {
    const fan = newFan();
    const session = await signUp(fan);
    now.t = new Date(START.getTime() + 5 * DAY_MS);
    expect((await resend(await renew(session))).statusCode).toBe(200);
    const renewed = await mailedToken(fan.email, 2);
    now.t = new Date(START.getTime() + VERIFY_LINK_DAYS * DAY_MS + 1);
    expect((await verify(renewed)).statusCode).toBe(400);
    const token = await renew(session);
    const late = await resend(token);
    expect([late.statusCode, late.json().code, late.json().message]).toEqual([410, 'gone', FAN_TEXTS.verifyLapsed]);
    await server.app.jobs.runDue();
    expect((await call('GET', '/app/v1/account', token)).statusCode).toBe(401);
  });
});

describe('the page the link opens', () => {
  const page = (url: string) => server.app.inject({ method: 'GET', url, remoteAddress: nextAddress() });
  const post = (body: string, remoteAddress = nextAddress()) =>
    server.app.inject({ method: 'POST', url: '/verify-email', remoteAddress, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('shows a button that posts the token, changing nothing by being opened; the button verifies, once', async () => {
    const fan = newFan();
    const { token } = await signUp(fan);
    const link = await mailedToken(fan.email);
    const shown = await page(`/verify-email?token=${encodeURIComponent(link)}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toMatch(/^text\/html/);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.body).toContain('<form method="post" action="/verify-email">');
    expect(shown.body).toContain(`<input type="hidden" name="token" value="${link}">`);
    expect(shown.body).toContain(FAN_TEXTS.verifyPageSubmit);
    expect(shown.body).not.toContain('<script');
    expect((await profile(token)).emailVerified).toBe(false);

    const done = await post(`token=${encodeURIComponent(link)}`);
    expect([done.statusCode, done.headers['cache-control']]).toEqual([200, 'no-store']);
    expect(done.body).toContain(FAN_TEXTS.verifyPageDone);
    expect((await profile(token)).emailVerified).toBe(true);
    const again = await post(`token=${encodeURIComponent(link)}`);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(FAN_TEXTS.verifyTokenInvalid.replace(/'/g, '&#39;'));
  });

  it('says what is wrong with a missing or unknown token (400), and escapes what it was sent', async () => {
    for (const url of ['/verify-email', '/verify-email?token=']) {
      const res = await page(url);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(FAN_TEXTS.verifyPageMissingToken);
    }
    const hostile = await page(`/verify-email?token=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(hostile.body).not.toContain('<script>');
    expect((await post('')).statusCode).toBe(400);
    const unknown = await post('token=not-a-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('This verification link is not valid');
  });

  it("counts the page's tries in the app call's limit, and answers the 429 as a page", async () => {
    const from = nextAddress();
    for (let i = 0; i < VERIFY_ATTEMPTS_PER_MINUTE / 2; i++) expect((await verify(`guess-${i}`, from)).statusCode).toBe(400);
    for (let i = VERIFY_ATTEMPTS_PER_MINUTE / 2; i < VERIFY_ATTEMPTS_PER_MINUTE; i++) expect((await post(`token=guess-${i}`, from)).statusCode).toBe(400);
    const res = await post('token=guess-more', from);
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(FAN_TEXTS.tooManyVerifyAttempts.replace(/'/g, '&#39;'));
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('a server that sends no mail', () => {
  it('takes a sign-up as verified at once: no mail, no wait for a registration, nothing to send again', async () => {
    const fan = newFan();
    const sentBefore = mails.length;
    const { token, user } = await signUp(fan, noMail);
    expect(user.emailVerified).toBe(true);
    const registered = await sendRegistration(token, noMail);
    expect(registered.statusCode, registered.body).toBe(200);
    const res = await resend(token, nextAddress(), noMail);
    expect([res.statusCode, res.json().message]).toEqual([409, FAN_TEXTS.verifyUnavailable]);
    expect(mails.length).toBe(sentBefore);
    expect(await noMail.db.selectFrom('email_verifications').selectAll().execute()).toEqual([]);
  });
});
