/**
 * The fans' sessions as an app plans for them: sign-in answers an access token with its expiry and a
 * refresh token; a refresh rotates both; a spent refresh token sent again ends its whole family; a
 * sign-out ends it; a deactivated fan cannot refresh; the access token lapses after an hour and the
 * session after 90 days without a refresh, by the server's clock. And the app-link files.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAN_ACCESS_MINUTES, FAN_SESSION_DAYS, FAN_TEXTS, REFRESH_TOKEN_MAX, REFRESHES_PER_MINUTE } from '../../src/domain/fans';
import { parseAppLinks } from '../../server/config';
import { SPENT_KEPT } from '../../server/repositories/fan-refresh';
import { createTestServer, type TestServer } from './harness';
import { movableClock } from './push-fixtures';

const clock = movableClock('2026-11-26T10:00:00Z');
let server: TestServer;
let address = 0;
const nextAddress = () => `10.88.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

beforeAll(async () => {
  server = await createTestServer({ clock });
});
afterAll(() => server.close());
beforeEach(() => clock.set('2026-11-26T10:00:00Z'));

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown, remoteAddress = nextAddress()) =>
  server.app.inject({ method, url, payload: payload as Record<string, unknown>, remoteAddress, headers: token ? { authorization: `Bearer ${token}` } : {} });

type Tokens = { token: string; expiresAt: string; refreshToken: string };

let fans = 0;
async function signUp(): Promise<Tokens & { user: { _id: string } }> {
  fans++;
  const res = await call('POST', '/app/v1/account', undefined, { name: `Rae Refresh${fans}`, email: `rae${fans}.refresh@example.com`, password: `rae-password-${fans}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const refresh = (refreshToken: unknown, remoteAddress?: string) => call('POST', '/app/v1/session/refresh', undefined, { refreshToken }, remoteAddress);
const account = (token: string) => call('GET', '/app/v1/account', token);

describe('sign-in and sign-up', () => {
  it('answer an access token with its expiry, a refresh token and the user', async () => {
    const data = await signUp();
    expect(Object.keys(data).sort()).toEqual(['expiresAt', 'refreshToken', 'token', 'user']);
    expect(data.expiresAt).toBe(new Date(clock.now().getTime() + FAN_ACCESS_MINUTES * MINUTE).toISOString());
    expect(data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const fan = (await server.db.selectFrom('app_users').select('email').where('id', '=', data.user._id).executeTakeFirstOrThrow()).email;
    const signedIn = (await call('POST', '/app/v1/login', undefined, { email: fan, password: `rae-password-${fans}` })).json().data;
    expect(signedIn).toMatchObject({ token: expect.any(String), refreshToken: expect.any(String), expiresAt: data.expiresAt });
    expect(signedIn.refreshToken).not.toBe(data.refreshToken);
  });

  it('keep only a hash of the refresh token', async () => {
    const { refreshToken } = await signUp();
    const kept = await server.db.selectFrom('fan_refresh_tokens').select('token_hash').execute();
    expect(kept.some((row) => row.token_hash.includes(refreshToken))).toBe(false);
    expect(kept.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });
});

describe('refresh', () => {
  it('rotates: a new access token and a new refresh token, each working; the old access token works till its expiry', async () => {
    const first = await signUp();
    clock.advance(30 * MINUTE);
    const res = await refresh(first.refreshToken);
    expect(res.json()).toMatchObject({ success: true, message: FAN_TEXTS.refreshed });
    const second: Tokens = res.json().data;
    expect(Object.keys(second).sort()).toEqual(['expiresAt', 'refreshToken', 'token']);
    expect(second.expiresAt).toBe(new Date(clock.now().getTime() + FAN_ACCESS_MINUTES * MINUTE).toISOString());
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await account(second.token)).statusCode).toBe(200);
    expect((await account(first.token)).statusCode).toBe(200);
    const third: Tokens = (await refresh(second.refreshToken)).json().data;
    expect((await account(third.token)).statusCode).toBe(200);
  });

  it('a spent refresh token sent again ends the whole family: every token of it is refused', async () => {
    const first = await signUp();
    const second: Tokens = (await refresh(first.refreshToken)).json().data;
    const third: Tokens = (await refresh(second.refreshToken)).json().data;
    // The thief (or a confused app) sends the first one again.
    const reused = await refresh(first.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ success: false, message: FAN_TEXTS.refreshEnded });
    // The legitimate holder's newest tokens are worth nothing now.
    expect((await refresh(third.refreshToken)).statusCode).toBe(401);
    const access = await account(third.token);
    expect([access.statusCode, access.json().message]).toEqual([401, FAN_TEXTS.sessionEnded]);
    expect(await server.db.selectFrom('fan_refresh_tokens').innerJoin('fan_sessions', 'fan_sessions.id', 'fan_refresh_tokens.session_id').where('fan_sessions.user_id', '=', first.user._id).selectAll().execute()).toEqual([]);
  });

  it('ends only that family: the fan\'s other phone stays signed in', async () => {
    const phone = await signUp();
    const email = (await server.db.selectFrom('app_users').select('email').where('id', '=', phone.user._id).executeTakeFirstOrThrow()).email;
    const tablet: Tokens = (await call('POST', '/app/v1/login', undefined, { email, password: `rae-password-${fans}` })).json().data;
    await refresh(phone.refreshToken);
    await refresh(phone.refreshToken);
    expect((await refresh(tablet.refreshToken)).statusCode).toBe(200);
  });

  it(`keeps the family's newest ${SPENT_KEPT} spent tokens, still ending the family when one of them comes back`, async () => {
    const session = await signUp();
    const spent: string[] = [];
    let current = session.refreshToken;
    for (let i = 0; i < SPENT_KEPT + 5; i++) {
      spent.push(current);
      current = (await refresh(current)).json().data.refreshToken;
    }
    const rows = await server.db.selectFrom('fan_refresh_tokens').innerJoin('fan_sessions', 'fan_sessions.id', 'fan_refresh_tokens.session_id').where('fan_sessions.user_id', '=', session.user._id).selectAll().execute();
    expect(rows).toHaveLength(SPENT_KEPT + 1);
    // The oldest are forgotten: refused, the family untouched.
    expect((await refresh(spent[0])).statusCode).toBe(401);
    expect((await account(session.token)).statusCode).toBe(200);
    // A recent one ends it.
    expect((await refresh(spent.at(-SPENT_KEPT)!)).statusCode).toBe(401);
    expect((await refresh(current)).statusCode).toBe(401);
  });

  it('after a sign-out, the refresh token is refused', async () => {
    const { token, refreshToken } = await signUp();
    expect((await call('POST', '/app/v1/logout', token)).statusCode).toBe(200);
    const res = await refresh(refreshToken);
    expect([res.statusCode, res.json().message]).toEqual([401, FAN_TEXTS.refreshEnded]);
  });

  it('refuses a deactivated fan: an admin\'s deactivation ends the sessions, and an inactive account is refused as such', async () => {
    const deactivated = await signUp();
    await server.request({ method: 'PUT', url: `/admin/users/${deactivated.user._id}`, payload: { isActive: false } });
    const ended = await refresh(deactivated.refreshToken);
    expect([ended.statusCode, ended.json().message]).toEqual([401, FAN_TEXTS.refreshEnded]);
    // An account made inactive some other way (by hand in the database) keeps its rows; the refresh still fails.
    const inactive = await signUp();
    await server.db.updateTable('app_users').set({ is_active: false }).where('id', '=', inactive.user._id).execute();
    const refused = await refresh(inactive.refreshToken);
    expect([refused.statusCode, refused.json().message]).toEqual([401, FAN_TEXTS.accountDeactivated]);
  });

  it('refuses bad input with a 400 that says what refreshToken must be, and an unknown token with a 401', async () => {
    for (const payload of [{}, { refreshToken: '' }, { refreshToken: null }, { refreshToken: { nested: true } }, { refreshToken: 'x'.repeat(REFRESH_TOKEN_MAX + 1) }]) {
      const res = await call('POST', '/app/v1/session/refresh', undefined, payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([400, FAN_TEXTS.refreshTokenInvalid]);
    }
    const garbage = await server.app.inject({ method: 'POST', url: '/app/v1/session/refresh', payload: '{"refreshToken":', headers: { 'content-type': 'application/json' }, remoteAddress: nextAddress() });
    expect(garbage.statusCode).toBe(400);
    expect((await refresh('a'.repeat(43))).statusCode).toBe(401);
  });

  it('is limited per address', async () => {
    const from = nextAddress();
    for (let i = 0; i < REFRESHES_PER_MINUTE; i++) expect((await refresh('a'.repeat(43), from)).statusCode).toBe(401);
    const limited = await refresh('a'.repeat(43), from);
    expect([limited.statusCode, limited.json().message]).toEqual([429, FAN_TEXTS.tooManyRefreshes]);
  });
});

describe('time, by the server\'s clock', () => {
  it('an access token lapses after an hour, with a message telling to refresh', async () => {
    const { token, refreshToken } = await signUp();
    clock.advance(FAN_ACCESS_MINUTES * MINUTE - MINUTE);
    expect((await account(token)).statusCode).toBe(200);
    clock.advance(2 * MINUTE);
    const lapsed = await account(token);
    expect([lapsed.statusCode, lapsed.json().message]).toEqual([401, FAN_TEXTS.accessExpired]);
    const renewed: Tokens = (await refresh(refreshToken)).json().data;
    expect((await account(renewed.token)).statusCode).toBe(200);
  });

  it('a refresh token works for 90 days from the last refresh, and then no more', async () => {
    const { refreshToken } = await signUp();
    clock.advance(FAN_SESSION_DAYS * DAY - MINUTE);
    const renewed: Tokens = (await refresh(refreshToken)).json().data;
    expect(renewed.refreshToken).toBeTruthy();
    // The session now lasts 90 days from this refresh.
    clock.advance(FAN_SESSION_DAYS * DAY - MINUTE);
    const again = await refresh(renewed.refreshToken);
    expect(again.statusCode).toBe(200);
    clock.advance(FAN_SESSION_DAYS * DAY + MINUTE);
    const lapsed = await refresh(again.json().data.refreshToken);
    expect([lapsed.statusCode, lapsed.json().message]).toEqual([401, FAN_TEXTS.refreshEnded]);
  });
});

describe('app links', () => {
  const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').toUpperCase()).join(':');

  it('answer JSON 404s when unset', async () => {
    for (const url of ['/.well-known/assetlinks.json', '/.well-known/apple-app-site-association']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ success: false, message: FAN_TEXTS.appLinksUnset });
    }
  });

  it('serve the Android and iOS files from the settings, covering the reset and verification pages', async () => {
    const appLinks = parseAppLinks({ ANDROID_APP_ID: 'org.example.crease', ANDROID_CERT_SHA256: `${FINGERPRINT.toLowerCase()}, ${FINGERPRINT}`, IOS_APP_ID: 'ABCDE12345.org.example.crease' });
    const linked = await createTestServer({ appLinks });
    try {
      const android = await linked.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
      expect(android.headers['content-type']).toMatch(/^application\/json/);
      expect(android.json()).toEqual([
        {
          relation: ['delegate_permission/common.handle_all_urls'],
          target: { namespace: 'android_app', package_name: 'org.example.crease', sha256_cert_fingerprints: [FINGERPRINT, FINGERPRINT] },
        },
      ]);
      const ios = await linked.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' });
      expect(ios.statusCode).toBe(200);
      expect(ios.headers['content-type']).toMatch(/^application\/json/);
      const details = ios.json().applinks.details;
      expect(details).toEqual([
        {
          appIDs: ['ABCDE12345.org.example.crease'],
          components: [{ '/': '/reset-password' }, { '/': '/verify-email' }],
          appID: 'ABCDE12345.org.example.crease',
          paths: ['/reset-password', '/verify-email'],
        },
      ]);
    } finally {
      await linked.close();
    }
  });

  it('refuse malformed settings at start, naming the variable', () => {
    expect(() => parseAppLinks({ ANDROID_APP_ID: 'org.example.crease' })).toThrow(/ANDROID_CERT_SHA256/);
    expect(() => parseAppLinks({ ANDROID_APP_ID: 'not a package', ANDROID_CERT_SHA256: FINGERPRINT })).toThrow(/ANDROID_APP_ID/);
    expect(() => parseAppLinks({ ANDROID_APP_ID: 'org.example.crease', ANDROID_CERT_SHA256: 'AB:CD' })).toThrow(/ANDROID_CERT_SHA256/);
    expect(() => parseAppLinks({ IOS_APP_ID: 'org.example.crease' })).toThrow(/IOS_APP_ID/);
    expect(parseAppLinks({})).toEqual({});
  });
});
