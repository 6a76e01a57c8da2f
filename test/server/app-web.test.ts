/**
 * The fans' app as a web build calls it: CORS on /app/v1 for the origins in APP_ORIGINS only,
 * public images other sites may show, RFC 9110's If-None-Match on the public reads, and 401s that
 * say how to authenticate and why a token was refused (RFC 6750).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEXTS } from '../../src/domain/app';
import { FAN_TEXTS } from '../../src/domain/fans';
import { AUTH } from '../../src/domain/messages';
import { parseOrigins } from '../../server/config';
import { createTestServer, multipart, pngFile, type TestServer } from './harness';

const WEB_APP = 'https://app.league.example';
const OTHER_SITE = 'https://evil.example';

let server: TestServer;
/** A served news story, made through the admin route: its /uploads image and its public read. */
let news: { _id: string; image: string };

beforeAll(async () => {
  server = await createTestServer({ appOrigins: [WEB_APP, 'http://localhost:5173'] });
  const form = await multipart({ title: 'Web build', small_description: 'Read from a browser', description: '<p>Body</p>', image: await pngFile() });
  const res = await server.request({ method: 'POST', url: '/admin/news', ...form });
  expect(res.statusCode, res.body).toBe(200);
  news = res.json().data;
});
afterAll(() => server?.close());

const inject = (method: 'GET' | 'POST' | 'OPTIONS' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: object) =>
  server.app.inject({ method, url, headers, ...(payload && { payload }) });

const preflight = (url: string, origin: string, method = 'GET') =>
  inject('OPTIONS', url, { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, if-none-match' });

const corsHeaders = (headers: Record<string, unknown>) => Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('CORS for the origins in APP_ORIGINS', () => {
  it('answers a preflight from an allowed origin with 204 and what it may send', async () => {
    for (const url of ['/app/v1/news', `/app/v1/news/${news._id}`, '/app/v1/account', '/app/v1/devices/some-token']) {
      const res = await preflight(url, WEB_APP, url.includes('devices') ? 'DELETE' : 'POST');
      expect([url, res.statusCode, res.body]).toEqual([url, 204, '']);
      expect(res.headers['access-control-allow-origin']).toBe(WEB_APP);
      expect(String(res.headers['access-control-allow-methods']).split(', ')).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
      expect(String(res.headers['access-control-allow-headers']).split(', ')).toEqual(expect.arrayContaining(['authorization', 'content-type', 'if-none-match']));
      expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
      expect(res.headers.vary).toMatch(/\bOrigin\b/);
    }
  });

  it('refuses a preflight from any other origin with 403 and no Access-Control header', async () => {
    for (const origin of [OTHER_SITE, `${WEB_APP}.evil.example`, 'null', WEB_APP.replace('https', 'http')]) {
      const res = await preflight('/app/v1/news', origin);
      expect([origin, res.statusCode, res.json().code, res.json().message]).toEqual([origin, 403, 'origin.not_allowed', APP_TEXTS.originNotAllowed]);
      expect(corsHeaders(res.headers)).toEqual([]);
    }
  });

  it('echoes an allowed origin on a GET, a repeat served from the kept answer, and its 304, with Vary: Origin and the headers an app reads', async () => {
    const first = await inject('GET', '/app/v1/news', { origin: WEB_APP });
    const kept = await inject('GET', '/app/v1/news', { origin: 'http://localhost:5173' });
    const notModified = await inject('GET', '/app/v1/news', { origin: WEB_APP, 'if-none-match': String(first.headers.etag) });
    expect([first.statusCode, kept.statusCode, notModified.statusCode]).toEqual([200, 200, 304]);
    for (const [res, origin] of [[first, WEB_APP], [kept, 'http://localhost:5173'], [notModified, WEB_APP]] as const) {
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers.vary).toMatch(/\bOrigin\b/);
      const exposed = String(res.headers['access-control-expose-headers']).split(', ');
      expect(exposed).toEqual(expect.arrayContaining(['ETag', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'WWW-Authenticate']));
    }
  });

  it('echoes an allowed origin on a POST, its refusal included', async () => {
    const signUp = await inject('POST', '/app/v1/account', { origin: WEB_APP }, { name: 'Web Fan', email: 'web.fan@example.com', age: 30, password: 'web-fan-password-1' });
    const refused = await inject('POST', '/app/v1/login', { origin: WEB_APP }, { email: 'web.fan@example.com', password: 'not the password' });
    expect([signUp.statusCode, refused.statusCode]).toEqual([200, 401]);
    for (const res of [signUp, refused]) {
      expect(res.headers['access-control-allow-origin']).toBe(WEB_APP);
      expect(res.headers.vary).toMatch(/\bOrigin\b/);
    }
  });

  it('sends no CORS header to another origin, nor to a call without one, but still varies by Origin', async () => {
    for (const headers of [{ origin: OTHER_SITE }, {}] as Record<string, string>[]) {
      const res = await inject('GET', '/app/v1/news', headers);
      expect(res.statusCode).toBe(200);
      expect(corsHeaders(res.headers)).toEqual([]);
      expect(res.headers.vary).toMatch(/\bOrigin\b/);
    }
  });

  it('leaves the admin routes, the images and the pages as they were, even from an allowed origin', async () => {
    const adminRead = await server.request({ method: 'GET', url: '/admin/news', headers: { origin: WEB_APP } });
    const adminPreflight = await preflight('/admin/news', WEB_APP);
    const image = await inject('GET', news.image, { origin: WEB_APP });
    expect([adminRead.statusCode, adminPreflight.statusCode, image.statusCode]).toEqual([200, 404, 200]);
    for (const res of [adminRead, adminPreflight, image]) {
      expect(corsHeaders(res.headers)).toEqual([]);
      expect(String(res.headers.vary ?? '')).not.toMatch(/\bOrigin\b/);
    }
  });

  it('answers no CORS header at all when APP_ORIGINS is not set', async () => {
    const plain = await createTestServer();
    try {
      const pre = await plain.app.inject({ method: 'OPTIONS', url: '/app/v1/news', headers: { origin: WEB_APP, 'access-control-request-method': 'GET' } });
      const read = await plain.app.inject({ method: 'GET', url: '/app/v1/news', headers: { origin: WEB_APP } });
      expect([pre.statusCode, read.statusCode]).toEqual([403, 200]);
      for (const res of [pre, read]) expect(corsHeaders(res.headers)).toEqual([]);
      expect(read.headers.vary ?? '').not.toMatch(/\bOrigin\b/);
    } finally {
      await plain.close();
    }
  });

  it('reads APP_ORIGINS as origins and refuses a value that is not one', () => {
    expect(parseOrigins(undefined)).toEqual([]);
    expect(parseOrigins(' https://App.League.example/ , http://localhost:5173')).toEqual(['https://app.league.example', 'http://localhost:5173']);
    for (const bad of ['app.league.example', 'https://app.league.example/path', 'ftp://files.example', '*', 'https://a.example?x=1']) {
      expect(() => parseOrigins(bad), bad).toThrow(/APP_ORIGINS must be comma-separated origins/);
    }
  });
});

describe('images other sites may show', () => {
  it('serves a public image with Cross-Origin-Resource-Policy: cross-origin', async () => {
    expect(news.image).toMatch(/^\/uploads\//);
    const res = await inject('GET', news.image);
    expect([res.statusCode, res.headers['cross-origin-resource-policy']]).toEqual([200, 'cross-origin']);
  });

  it('keeps the private files same-origin', async () => {
    const media = await inject('GET', '/media/0b4a1e0c-6a3c-4d0a-9b1e-3f2d7c8e9a10.png?exp=1&sig=x');
    expect([media.statusCode, media.headers['cross-origin-resource-policy']]).toEqual([403, 'same-origin']);
  });
});

describe('If-None-Match on the public reads (RFC 9110)', () => {
  const read = (ifNoneMatch: string) => inject('GET', `/app/v1/news/${news._id}`, { 'if-none-match': ifNoneMatch });

  it('answers 304 for the same tag, its weak form, a list holding it, and *', async () => {
    const first = await inject('GET', `/app/v1/news/${news._id}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, `W/"a,b", W/${etag} ,"c"`, '*', ' * ']) {
      const res = await read(header);
      expect([header, res.statusCode, res.body]).toEqual([header, 304, '']);
      expect(res.headers.etag).toBe(etag);
    }
  });

  it('answers 200 with the body for tags that do not match', async () => {
    const etag = String((await inject('GET', `/app/v1/news/${news._id}`)).headers.etag);
    const opaque = etag.slice(1, -1);
    for (const header of ['"other"', 'W/"other", "another"', opaque, `"${opaque}x"`, `"x${opaque}"`, '']) {
      const res = await read(header);
      expect([header, res.statusCode]).toEqual([header, 200]);
      expect(res.json().data._id).toBe(news._id);
    }
  });

  it('answers * for a record that does not exist with its 404', async () => {
    const res = await inject('GET', '/app/v1/news/00000000-0000-4000-8000-000000000000', { 'if-none-match': '*' });
    expect(res.statusCode).toBe(404);
  });
});

describe('401s say how to authenticate (RFC 6750)', () => {
  const challenge = (message: string) => `Bearer realm="crease", error="invalid_token", error_description="${message}"`;

  it('asks for a token when none was sent', async () => {
    for (const headers of [{}, { authorization: 'Basic dXNlcjpwYXNz' }] as Record<string, string>[]) {
      const res = await inject('GET', '/app/v1/account', headers);
      expect([res.statusCode, res.json().message, res.headers['www-authenticate']]).toEqual([401, FAN_TEXTS.unauthorized, 'Bearer realm="crease"']);
    }
  });

  it('says invalid_token and why for a bad token and an ended session', async () => {
    const bad = await inject('GET', '/app/v1/account', { authorization: 'Bearer not-a-token' });
    expect([bad.statusCode, bad.headers['www-authenticate']]).toEqual([401, challenge(FAN_TEXTS.unauthorized)]);

    const signUp = await inject('POST', '/app/v1/account', {}, { name: 'Ended Fan', email: 'ended.fan@example.com', age: 30, password: 'ended-fan-password-1' });
    const token = signUp.json().data.token as string;
    const authorization = `Bearer ${token}`;
    expect((await inject('POST', '/app/v1/logout', { authorization })).statusCode).toBe(200);
    const ended = await inject('GET', '/app/v1/account', { authorization });
    expect([ended.statusCode, ended.json().message, ended.headers['www-authenticate']]).toEqual([401, FAN_TEXTS.sessionEnded, challenge(FAN_TEXTS.sessionEnded)]);
  });

  it('gives a wrong password at sign-in the plain challenge: no token was refused', async () => {
    const res = await inject('POST', '/app/v1/login', { authorization: 'Bearer stale' }, { email: 'nobody@example.com', password: 'whatever-password' });
    expect([res.statusCode, res.json().message, res.headers['www-authenticate']]).toEqual([401, FAN_TEXTS.invalidCredentials, 'Bearer realm="crease"']);
  });

  it('challenges on the admin routes the same way', async () => {
    const none = await inject('GET', '/admin/news');
    const bad = await inject('GET', '/admin/news', { authorization: 'Bearer not-a-token' });
    expect([none.statusCode, none.headers['www-authenticate']]).toEqual([401, 'Bearer realm="crease"']);
    expect([bad.statusCode, bad.headers['www-authenticate']]).toEqual([401, challenge(AUTH.unauthorized)]);
  });
});
