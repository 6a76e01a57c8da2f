/**
 * What anyone on the internet may send, refused as it should be (issue 42's bodies, cursors, errors
 * and headers): JSON nested too deep or holding too many keys (a body, or a form field holding JSON)
 * is a 400 before any work, and twenty of them leave a public read as fast as before; a `since` or
 * `after` token the API did not write is a 400, whatever its shape; a sign-out ends the session with
 * or without a body; a path under /app/ or /.well-known/ that Crease does not serve is a JSON 404;
 * every answer to a signed-in call is `Cache-Control: private, no-store`; HSTS only over HTTPS.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CACHE_CONTROL, APP_TEXTS } from '../../src/domain/app';
import { FAN_TEXTS } from '../../src/domain/fans';
import { MAX_JSON_DEPTH, MAX_JSON_KEYS } from '../../src/domain/limits';
import { JSON_BOUNDS, NOT_FOUND, VALIDATION } from '../../src/domain/messages';
import { buildApp, type App } from '../../server/app';
import { clean } from '../../server/http/clean-text';
import { pageToken } from '../../server/http/cursors';
import { insertPlaces, registrationPerson, UNKNOWN_ID } from './fixtures';
import { createTestServer, multipart, pngFile, type TestServer } from './harness';
import { fcmToken } from './push-fixtures';

let server: TestServer;
let address = 0;
/** A fresh client address per call, so no per-address limit is met where a test does not mean it. */
const nextAddress = () => `10.42.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

let fans = 0;
async function signUp(): Promise<string> {
  fans++;
  const res = await server.app.inject({
    method: 'POST',
    url: '/app/v1/account',
    remoteAddress: nextAddress(),
    payload: { name: `Open Fan ${fans}`, email: `open.fan${fans}@example.com`, age: 30, password: `open-fan-password-${fans}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const account = (token: string) => server.app.inject({ method: 'GET', url: '/app/v1/account', headers: bearer(token), remoteAddress: nextAddress() });

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const manyKeys = (keys: number) => JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i])));

describe('JSON bodies nested too deep or too wide', () => {
  const sendJson = (method: 'POST' | 'PUT', url: string, payload: string, token?: string) =>
    server.app.inject({ method, url, payload, remoteAddress: nextAddress(), headers: { 'content-type': 'application/json', ...(token && bearer(token)) } });

  it('refuses a body deeper than the bound with a 400 and its message, signed in or not, and the session lives on', async () => {
    const token = await signUp();
    const bodies = [deepArray(MAX_JSON_DEPTH + 1), deepObject(MAX_JSON_DEPTH + 1), deepArray(200_000), deepObject(100_000), `{"name":${deepArray(MAX_JSON_DEPTH)}}`];
    const routes: ['POST' | 'PUT', string, string | undefined][] = [
      ['POST', '/app/v1/logout', token],
      ['POST', '/app/v1/logout', undefined],
      ['PUT', '/app/v1/account', token],
      ['POST', '/app/v1/account', undefined],
      ['POST', '/app/v1/devices', undefined],
      ['POST', '/app/v1/account/forgot', undefined],
    ];
    for (const body of bodies) {
      for (const [method, url, withToken] of routes) {
        const res = await sendJson(method, url, body, withToken);
        expect([url, body.length, res.statusCode, res.json().message]).toEqual([url, body.length, 400, JSON_BOUNDS.tooDeep]);
      }
    }
    expect((await account(token)).statusCode).toBe(200);
  });

  it('refuses more keys in all than the bound, counted at every depth', async () => {
    const token = await signUp();
    const nested = JSON.stringify({ a: JSON.parse(manyKeys(MAX_JSON_KEYS / 2)), b: [JSON.parse(manyKeys(MAX_JSON_KEYS / 2 + 1))] });
    for (const body of [manyKeys(MAX_JSON_KEYS + 1), nested]) {
      const res = await sendJson('PUT', '/app/v1/account', body, token);
      expect([res.statusCode, res.json().message]).toEqual([400, JSON_BOUNDS.tooManyKeys]);
    }
  });

  it('reads a body at the bounds, and brackets, colons and escaped quotes inside strings count for nothing', async () => {
    const token = await signUp();
    // At the depth bound: read, then refused by the route's own schema, not by the bound.
    const atDepth = await sendJson('PUT', '/app/v1/account', `{"name":${deepArray(MAX_JSON_DEPTH - 1)}}`, token);
    expect(atDepth.statusCode).toBe(400);
    expect(atDepth.json().message).not.toBe(JSON_BOUNDS.tooDeep);
    // At the keys bound: read, the keys the route does not take dropped.
    const atKeys = await sendJson('PUT', '/app/v1/account', manyKeys(MAX_JSON_KEYS), token);
    expect(atKeys.statusCode, atKeys.body).toBe(200);

    // Forty brackets deep, were they counted; a backslash before the quote that ends the string.
    const name = `Fan \\"x\\ ${'[{:'.repeat(20)} \\`;
    const res = await sendJson('PUT', '/app/v1/account', JSON.stringify({ name, age: 33 }), token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.name).toBe(name);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a registration whose players field holds JSON nested too deep or too wide, naming the field', async () => {
    const token = await signUp();
    const place = await insertPlaces(server.db);
    const photo = await pngFile({ filename: 'player.png' });
    const form = (players: string) => ({
      ...registrationPerson(place),
      players,
      'players.0.photo': photo,
    });
    const cases = [
      [`[{"firstName":"Rohan","lastName":${deepArray(MAX_JSON_DEPTH)}}]`, JSON_BOUNDS.tooDeep],
      [deepArray(100_000), JSON_BOUNDS.tooDeep],
      [`[${manyKeys(MAX_JSON_KEYS + 1)}]`, JSON_BOUNDS.tooManyKeys],
    ] as const;
    const stored = () => server.db.selectFrom('registrations').select('id').execute();
    const before = await stored();
    for (const [players, message] of cases) {
      const { payload, headers } = await multipart(form(players));
      const res = await server.app.inject({ method: 'POST', url: '/app/v1/registrations', remoteAddress: nextAddress(), payload, headers: { ...headers, ...bearer(token) } });
      expect([res.statusCode, res.json().message, res.json().errors]).toEqual([400, message, { players: message }]);
    }
    expect(await stored()).toEqual(before);
  });

  it('keeps a public read fast while deep bodies arrive: twenty refused, then the read answers as before', async () => {
    const read = async () => {
      const started = performance.now();
      const res = await server.app.inject({ method: 'GET', url: `/app/v1/news?limit=${1 + (address % 50)}`, remoteAddress: nextAddress() });
      expect(res.statusCode, res.body).toBe(200);
      return performance.now() - started;
    };
    await read();
    const before = await read();
    // The largest body the server takes (1 MB), nested all the way.
    const body = deepArray(500_000);
    const started = performance.now();
    const refused = await Promise.all(Array.from({ length: 20 }, () => sendJson('POST', '/app/v1/devices', body)));
    const refusing = performance.now() - started;
    expect(refused.map((res) => res.statusCode)).toEqual(Array(20).fill(400));
    const after = await read();
    console.log(`deep bodies: 20 refused in ${refusing.toFixed(0)} ms; a public read ${before.toFixed(1)} ms before, ${after.toFixed(1)} ms after`);
    expect(refusing).toBeLessThan(3_000);
    expect(after).toBeLessThan(500);
  });
});

describe('the text clean-up', () => {
  it('cleans text at any depth without overflowing the stack', () => {
    let value: unknown = ['a\u0007b', { password: 'p\u0007w', note: 'x\u0000' }];
    for (let i = 0; i < 200_000; i++) value = i % 2 ? [value] : { inner: value };
    const errors: Record<string, string> = {};
    expect(() => clean(value, 'field', errors)).not.toThrow();
    let inner = value as unknown;
    while (!(Array.isArray(inner) && typeof inner[0] === 'string')) inner = Array.isArray(inner) ? inner[0] : (inner as { inner: unknown }).inner;
    expect(inner).toEqual(['ab', { password: 'p\u0007w', note: 'x' }]);
    expect(errors).toEqual({ field: VALIDATION.nulCharacter });
  });
});

describe('since and after tokens the API did not write', () => {
  const token = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = () => Math.floor(Date.now() / 1000);
  const read = (url: string) => server.app.inject({ method: 'GET', url, remoteAddress: nextAddress() });

  it('answers each with a 400 and the message to start afresh, never a 500', async () => {
    const cursor = (await read('/app/v1/news')).json().data.cursor as string;
    const sinceCases = [
      `since=${cursor}&since=${cursor}`,
      `since=a&since=b`,
      `since=${'x'.repeat(1001)}`,
      'since=garbage',
      'since=12345',
      `since=${cursor}==`,
      `since=${cursor.slice(0, -1)}`,
      `since=${token({ position: '1:1:', at: now() })}`,
      `since=${token(['0:0:', now()])}`,
      `since=${token(['5:3:', now()])}`,
      `since=${token(['1:9:4,2', now()])}`,
      `since=${token(['1:1:', 'now'])}`,
      `since=${pageToken({ value: '2026-01-01T00:00:00.000Z', id: UNKNOWN_ID })}`,
    ];
    for (const query of sinceCases) {
      const res = await read(`/app/v1/news?${query}`);
      expect([query.slice(0, 80), res.statusCode, res.json().message]).toEqual([query.slice(0, 80), 400, APP_TEXTS.sinceInvalid]);
    }
    const afterCases: [string, string][] = [
      ['/app/v1/news', `after=a&after=b`],
      ['/app/v1/news', `after=${'x'.repeat(1001)}`],
      ['/app/v1/news', `after=${cursor}`],
      ['/app/v1/news', `after=${token(['-010000-01-01T00:00:00Z', UNKNOWN_ID])}`],
      ['/app/v1/news', `after=${token(['+275760-09-13T00:00:00Z', UNKNOWN_ID])}`],
      ['/app/v1/news', `after=${token(['not a date', UNKNOWN_ID])}`],
      ['/app/v1/news', `after=${token(['2026-01-01T00:00:00.000Z', 'not-an-id'])}`],
      ['/app/v1/news', `after=${token(['2026-01-01T00:00:00.000Z', 7])}`],
      ['/app/v1/news', `after=${token({ value: '2026-01-01T00:00:00.000Z', id: UNKNOWN_ID })}`],
      ['/app/v1/slides', `after=${token(['abc', UNKNOWN_ID])}`],
      ['/app/v1/slides', `after=${token([1.5, UNKNOWN_ID])}`],
      ['/app/v1/slides', `after=${token([1e300, UNKNOWN_ID])}`],
      ['/app/v1/teams', `after=${token(['Mumbai\u0000', UNKNOWN_ID])}`],
      ['/app/v1/teams', `after=${token([12, UNKNOWN_ID])}`],
      ['/app/v1/teams', `after=${pageToken({ value: 'Mumbai', id: UNKNOWN_ID })}%20`],
    ];
    for (const [path, query] of afterCases) {
      const res = await read(`${path}?${query}`);
      expect([path, query.slice(0, 80), res.statusCode, res.json().message]).toEqual([path, query.slice(0, 80), 400, APP_TEXTS.afterInvalid]);
    }
  });

  it('still reads the tokens it wrote', async () => {
    const cursor = (await read('/app/v1/slides')).json().data.cursor as string;
    expect((await read(`/app/v1/slides?since=${cursor}`)).statusCode).toBe(200);
    for (const [path, value] of [['/app/v1/slides', 3], ['/app/v1/news', '2026-01-01T00:00:00.000Z'], ['/app/v1/teams', 'Mumbai']] as const) {
      const res = await read(`${path}?after=${pageToken({ value, id: UNKNOWN_ID })}`);
      expect([path, res.statusCode]).toEqual([path, 200]);
    }
  });
});

describe('POST /app/v1/logout', () => {
  it('ends the session with or without a body, whatever its type says', async () => {
    const forms: [string, { headers?: Record<string, string>; payload?: string }][] = [
      ['no body, no type', {}],
      ['JSON type, empty body', { headers: { 'content-type': 'application/json' }, payload: '' }],
      ['JSON type, no payload', { headers: { 'content-type': 'application/json' } }],
      ['text type, empty body', { headers: { 'content-type': 'text/plain' }, payload: '' }],
      ['JSON null', { headers: { 'content-type': 'application/json' }, payload: 'null' }],
      ['an empty object', { headers: { 'content-type': 'application/json' }, payload: '{}' }],
    ];
    for (const [form, options] of forms) {
      const token = await signUp();
      const res = await server.app.inject({ method: 'POST', url: '/app/v1/logout', remoteAddress: nextAddress(), ...options, headers: { ...options.headers, ...bearer(token) } });
      expect([form, res.statusCode, res.json()]).toEqual([form, 200, { success: true, data: null, message: FAN_TEXTS.signedOut }]);
      const after = await account(token);
      expect([form, after.statusCode, after.json().message]).toEqual([form, 401, FAN_TEXTS.sessionEnded]);
    }
  });

  it('refuses a body it cannot read, and the session lives on', async () => {
    const token = await signUp();
    for (const payload of ['{"token":', '"x"', '[1]']) {
      const res = await server.app.inject({ method: 'POST', url: '/app/v1/logout', payload, remoteAddress: nextAddress(), headers: { 'content-type': 'application/json', ...bearer(token) } });
      expect([payload, res.statusCode]).toEqual([payload, 400]);
    }
    expect((await account(token)).statusCode).toBe(200);
  });
});

describe('paths Crease does not serve under /app/ and /.well-known/', () => {
  let distDir: string;
  let app: App;
  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'crease-dist-'));
    await mkdir(join(distDir, 'assets'));
    await writeFile(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    app = await buildApp({ db: server.db, uploadsDir: server.uploadsDir, jwtSecret: server.jwtSecret, logger: false, distDir });
  });
  afterAll(async () => {
    await app?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const APP_LINK_FILES = ['/.well-known/assetlinks.json', '/.well-known/apple-app-site-association'];

  it('answers a JSON 404 whatever the Accept and the method, and the admin pages still get the app', async () => {
    const paths = ['/app', '/app/', '/app/news', '/app/v1', '/app/v1/nothing-here', '/app/v2/news?limit=1', '/.well-known/assetlinks.json', '/.well-known/apple-app-site-association', '/.well-known/'];
    for (const url of paths) {
      for (const accept of ['text/html,application/xhtml+xml', '*/*', 'application/json']) {
        for (const method of ['GET', 'HEAD', 'POST', 'DELETE'] as const) {
          const res = await app.inject({ method, url, headers: { accept } });
          expect([method, url, accept, res.statusCode, res.headers['content-type']]).toEqual([method, url, accept, 404, 'application/json; charset=utf-8']);
          // The app-link files exist, and say why they are empty while no app is set up (routes/app-links.ts).
          const appLink = method === 'GET' && APP_LINK_FILES.includes(url);
          if (method !== 'HEAD') expect(res.json()).toEqual({ success: false, code: 'not_found', message: appLink ? FAN_TEXTS.appLinksUnset : NOT_FOUND.route });
        }
      }
    }
    for (const url of ['/news', '/application', '/apps/x', '/well-known']) {
      const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect([url, page.statusCode, page.headers['content-type']]).toEqual([url, 200, 'text/html; charset=utf-8']);
    }
  });
});

describe('headers', () => {
  const PRIVATE = 'private, no-store';

  it("marks every answer to an admin's signed-in call private, the government ID's reveal and errors included", async () => {
    const { id } = await server.db
      .insertInto('registrations')
      .values({ first_name: 'Asha', last_name: 'Patil', email: 'asha@example.in', status: 'pending', government_id_type: 'Passport', government_id_number: 'K1234567' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const calls = [
      { method: 'GET', url: '/admin/videos' },
      { method: 'GET', url: '/admin/dashboard' },
      { method: 'GET', url: '/admin/profile' },
      { method: 'GET', url: '/admin/registrations/export.csv' },
      { method: 'POST', url: `/admin/registrations/${id}/government-id`, payload: {} },
      { method: 'GET', url: `/admin/videos/${UNKNOWN_ID}` },
      { method: 'PUT', url: '/admin/slides/order', payload: { ids: 'x' } },
    ] as const;
    for (const call of calls) {
      const res = await server.request(call);
      expect([call.url, res.headers['cache-control']]).toEqual([call.url, PRIVATE]);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it("marks every answer to a fan's signed-in call private, and leaves the public reads' caching alone", async () => {
    const token = await signUp();
    const calls = [
      { method: 'GET', url: '/app/v1/account' },
      { method: 'GET', url: '/app/v1/account/export' },
      { method: 'GET', url: '/app/v1/registrations' },
      { method: 'GET', url: `/app/v1/registrations/${UNKNOWN_ID}` },
      { method: 'POST', url: '/app/v1/devices', payload: { token: fcmToken('open-internet'), platform: 'android' } },
      { method: 'PUT', url: '/app/v1/account', payload: { age: 44 } },
    ] as const;
    for (const call of calls) {
      const res = await server.app.inject({ ...call, headers: bearer(token), remoteAddress: nextAddress() });
      expect([call.url, res.statusCode < 500, res.headers['cache-control']]).toEqual([call.url, true, PRIVATE]);
    }
    for (const headers of [{}, bearer(token)]) {
      const res = await server.app.inject({ method: 'GET', url: '/app/v1/news', headers, remoteAddress: nextAddress() });
      expect([res.statusCode, res.headers['cache-control']]).toEqual([200, APP_CACHE_CONTROL]);
    }
    // A refused token is no session: its 401 says nothing of caching.
    const refused = await server.app.inject({ method: 'GET', url: '/app/v1/account', headers: bearer('not.a.token') });
    expect([refused.statusCode, refused.headers['cache-control']]).toEqual([401, undefined]);
  });

  it('sends HSTS only over HTTPS, as the trusted proxy says', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await buildApp({ db: server.db, uploadsDir: server.uploadsDir, jwtSecret: server.jwtSecret, logger: false, trustProxy: true });
    try {
      const https = await proxied.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const http = await proxied.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
      const signedIn = await proxied.inject({ method: 'GET', url: '/admin/videos', headers: { 'x-forwarded-proto': 'https', authorization: `Bearer ${await server.token()}` } });
      expect([signedIn.statusCode, signedIn.headers['cache-control']]).toEqual([200, PRIVATE]);
      expect(signedIn.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });
});
