/**
 * Every error answer is `{ success: false, code, message, errors? }` with a code from
 * src/domain/error-codes.ts: one bad request per code family, answered with its status, code and
 * message (the messages as they were); a sign-up's bad fields all at once; the status's own code
 * for an error raised with none; and the README's list of codes is the declaration's.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEXTS, SYNC_CURSOR_DAYS } from '../../src/domain/app';
import { APP_REGISTRATION_TEXTS } from '../../src/domain/app-registrations';
import { NEWS_TEXTS } from '../../src/domain/entities/news';
import { codeOfStatus, ERROR_CODES } from '../../src/domain/error-codes';
import { FAN_TEXTS, SIGNUPS_PER_MINUTE } from '../../src/domain/fans';
import { MAX_JSON_DEPTH, MAX_TEXT_BYTES } from '../../src/domain/limits';
import { AUTH, JSON_BOUNDS, MEDIA, NOT_FOUND, UPLOAD } from '../../src/domain/messages';
import { HttpError } from '../../server/errors';
import { insertPlaces, registrationPerson, UNKNOWN_ID } from './fixtures';
import { createTestServer, login, multipart, oversizedPngFile, pngFile, textAsPngFile, type FilePart, type TestServer } from './harness';
import { movableClock } from './push-fixtures';

const clock = movableClock('2026-11-26T10:00:00Z');
let server: TestServer;
let photo: FilePart;
const place: Record<string, string> = {};
let address = 0;
/** A fresh client address per call, so no per-address limit is met but where a test means to. */
const nextAddress = () => `10.91.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

beforeAll(async () => {
  server = await createTestServer({ clock });
  photo = await pngFile({ width: 300, height: 400, filename: 'player.png' });
  Object.assign(place, await insertPlaces(server.db));
});
afterAll(() => server?.close());

type Call = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; token?: string; payload?: unknown; headers?: Record<string, string>; remoteAddress?: string };
const call = ({ method = 'GET', url, token, payload, headers = {}, remoteAddress = nextAddress() }: Call) =>
  server.app.inject({
    method,
    url,
    remoteAddress,
    payload: payload as string,
    headers: { ...headers, ...(token && { authorization: `Bearer ${token}` }) },
  });
/** An answer's status and its envelope, to compare whole. */
const refusal = async (request: Call) => {
  const res = await call(request);
  return [res.statusCode, res.json()];
};

let fans = 0;
const newFan = () => {
  fans++;
  return { name: `Code Fan${fans}`, email: `code.fan${fans}@example.com`, age: 30, password: `fan-password-${fans}` };
};
async function signUp() {
  const fan = newFan();
  const res = await call({ method: 'POST', url: '/app/v1/account', payload: fan });
  expect(res.statusCode, res.body).toBe(200);
  return { ...fan, id: res.json().data.user._id as string, token: res.json().data.token as string };
}
const sendRegistration = async (token: string, form: Record<string, string | FilePart>) => {
  const body = await multipart(form);
  return call({ method: 'POST', url: '/app/v1/registrations', token, payload: body.payload, headers: body.headers });
};
const registration = (extra: Record<string, string | FilePart>) => ({
  ...registrationPerson(place),
  players: JSON.stringify([{ firstName: 'Rohan', lastName: 'Patil' }, { firstName: 'Kiran', lastName: 'Desai' }]),
  'players.0.photo': photo,
  'players.1.photo': photo,
  ...extra,
});

describe('auth.*', () => {
  it('tells "sign in first" from "sign in again", a wrong password and a deactivated account', async () => {
    const fan = await signUp();
    expect(await refusal({ url: '/app/v1/account' })).toEqual([401, { success: false, code: 'auth.required', message: FAN_TEXTS.unauthorized }]);
    expect(await refusal({ url: '/app/v1/account', token: 'not-a-token' })).toEqual([401, { success: false, code: 'auth.required', message: FAN_TEXTS.unauthorized }]);
    expect(await refusal({ method: 'POST', url: '/app/v1/login', payload: { email: fan.email, password: 'wrong-password-1' } })).toEqual([
      401,
      { success: false, code: 'auth.invalid_credentials', message: FAN_TEXTS.invalidCredentials },
    ]);
    expect((await call({ method: 'POST', url: '/app/v1/logout', token: fan.token, payload: {} })).statusCode).toBe(200);
    expect(await refusal({ url: '/app/v1/account', token: fan.token })).toEqual([401, { success: false, code: 'auth.session_ended', message: FAN_TEXTS.sessionEnded }]);

    const other = await signUp();
    expect((await server.request({ method: 'PUT', url: `/admin/users/${other.id}`, payload: { isActive: false } })).statusCode).toBe(200);
    // Deactivating ends the fan's sessions; signing in again (with the right password) is told why.
    expect(await refusal({ url: '/app/v1/account', token: other.token })).toEqual([401, { success: false, code: 'auth.session_ended', message: FAN_TEXTS.sessionEnded }]);
    expect(await refusal({ method: 'POST', url: '/app/v1/login', payload: { email: other.email, password: other.password } })).toEqual([
      401,
      { success: false, code: 'auth.account_deactivated', message: FAN_TEXTS.accountDeactivated },
    ]);
  });

  it("answers the admin's refusals with the same codes, the admin app's texts unchanged", async () => {
    expect(await refusal({ url: '/admin/news' })).toEqual([401, { success: false, code: 'auth.required', message: AUTH.unauthorized }]);
    const wrong = await login(server.app, server.admin.email, 'not the password', { remoteAddress: nextAddress() });
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { success: false, code: 'auth.invalid_credentials', message: AUTH.invalidCredentials }]);
  });
});

describe('validation.failed', () => {
  it("names every bad field of a sign-up at once, each under its own name, the message the first's as before", async () => {
    const before = await server.db.selectFrom('app_users').select('id').execute();
    const bad = { name: '   ', email: 'not-an-email', age: 0, password: 'short' };
    expect(await refusal({ method: 'POST', url: '/app/v1/account', payload: bad })).toEqual([
      400,
      {
        success: false,
        code: 'validation.failed',
        message: FAN_TEXTS.nameRequired,
        errors: { name: FAN_TEXTS.nameRequired, email: FAN_TEXTS.emailInvalid, age: FAN_TEXTS.ageInvalid, password: FAN_TEXTS.passwordTooShort },
      },
    ]);
    const [status, body] = await refusal({ method: 'POST', url: '/app/v1/account', payload: { age: 'thirty' } });
    expect([status, body.code, Object.keys(body.errors).sort()]).toEqual([400, 'validation.failed', ['age', 'email', 'name', 'password']]);
    expect(await server.db.selectFrom('app_users').select('id').execute()).toEqual(before);
  });

  it("names every bad field of a registration at once, the person's and each player's by its path", async () => {
    const fan = await signUp();
    const players = JSON.stringify([{ firstName: '' }, { firstName: 'Kiran', lastName: 7 }]);
    const res = await sendRegistration(fan.token, registration({ email: 'not-an-email', players, 'players.1.photo': '' }));
    expect(res.statusCode, res.body).toBe(400);
    const { errors, ...rest } = res.json();
    expect(rest).toEqual({ success: false, code: 'validation.failed', message: errors.email });
    expect(Object.keys(errors).sort()).toEqual(['email', 'players.0.firstName', 'players.1.lastName', 'players.1.photo']);
    expect(errors['players.1.photo']).toBe(APP_REGISTRATION_TEXTS.player(1, APP_REGISTRATION_TEXTS.photoRequired));
    expect((await call({ url: '/app/v1/registrations', token: fan.token })).json().data).toEqual([]);
  });
});

describe('body.*', () => {
  it('refuses a body it cannot read, one too large, and a type it does not take', async () => {
    const json = { 'content-type': 'application/json' };
    const [status, broken] = await refusal({ method: 'POST', url: '/app/v1/login', payload: '{"email":', headers: json });
    expect([status, broken.success, broken.code, typeof broken.message]).toEqual([400, false, 'body.invalid', 'string']);
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect(await refusal({ method: 'POST', url: '/app/v1/login', payload: deep, headers: json })).toEqual([400, { success: false, code: 'body.invalid', message: JSON_BOUNDS.tooDeep }]);
    const [large, tooLarge] = await refusal({ method: 'POST', url: '/app/v1/login', payload: JSON.stringify({ email: 'x'.repeat(MAX_TEXT_BYTES + 1) }), headers: json });
    expect([large, tooLarge.code]).toEqual([413, 'body.too_large']);
    const [plain, unsupported] = await refusal({ method: 'POST', url: '/app/v1/login', payload: '<login/>', headers: { 'content-type': 'application/xml' } });
    expect([plain, unsupported.code]).toEqual([415, 'body.unsupported_type']);
  });

  it('answers a path that is no valid URL in the envelope', async () => {
    const [status, body] = await refusal({ url: '/app/v1/news/%E0%A4%A' });
    expect([status, body.success, body.code, typeof body.message]).toEqual([400, false, 'bad_request', 'string']);
  });
});

describe('upload.*', () => {
  it('names the refused photo in a 413 and a 415, and refuses files where no route takes them', async () => {
    const fan = await signUp();
    expect(await refusal({ method: 'POST', url: '/app/v1/login', ...(await multipart({ email: fan.email, password: fan.password })) })).toEqual([
      415,
      { success: false, code: 'upload.not_a_file_route', message: UPLOAD.notAFileRoute },
    ]);
    const large = await sendRegistration(fan.token, registration({ 'players.1.photo': await oversizedPngFile() }));
    expect([large.statusCode, large.json()]).toEqual([413, { success: false, code: 'upload.too_large', message: UPLOAD.tooLarge, errors: { 'players.1.photo': UPLOAD.tooLarge } }]);
    const text = await sendRegistration(fan.token, registration({ 'players.0.photo': textAsPngFile() }));
    expect([text.statusCode, text.json()]).toEqual([415, { success: false, code: 'upload.not_an_image', message: UPLOAD.notAnImage, errors: { 'players.0.photo': UPLOAD.notAnImage } }]);
  });
});

describe('cursor.*', () => {
  it('refuses a cursor the list did not give, and one too old', async () => {
    expect(await refusal({ url: '/app/v1/news?since=garbage' })).toEqual([400, { success: false, code: 'cursor.invalid', message: APP_TEXTS.sinceInvalid }]);
    const { cursor } = (await call({ url: '/app/v1/news' })).json().data;
    expect(await refusal({ url: `/app/v1/news?since=${cursor}&after=x` })).toEqual([400, { success: false, code: 'cursor.invalid', message: APP_TEXTS.afterWithSince }]);
    clock.advance((SYNC_CURSOR_DAYS + 1) * 86_400_000);
    expect(await refusal({ url: `/app/v1/news?since=${cursor}` })).toEqual([410, { success: false, code: 'cursor.expired', message: APP_TEXTS.sinceExpired }]);
  });
});

describe('not_found, conflict, rate_limited, unavailable, link.invalid', () => {
  it('answers each with its code', async () => {
    expect(await refusal({ url: `/app/v1/news/${UNKNOWN_ID}` })).toEqual([404, { success: false, code: 'not_found', message: NEWS_TEXTS.notFound }]);
    expect(await refusal({ url: '/app/v1/nothing-here' })).toEqual([404, { success: false, code: 'not_found', message: NOT_FOUND.route }]);
    const fan = await signUp();
    expect(await refusal({ method: 'POST', url: '/app/v1/account', payload: { ...newFan(), email: fan.email } })).toEqual([
      409,
      { success: false, code: 'conflict', message: FAN_TEXTS.emailTaken, errors: { email: FAN_TEXTS.emailTaken } },
    ]);
    expect(await refusal({ method: 'POST', url: '/app/v1/account/forgot', payload: { email: fan.email } })).toEqual([
      409,
      { success: false, code: 'unavailable', message: FAN_TEXTS.resetUnavailable },
    ]);
    expect(await refusal({ url: '/media/photo.png?exp=1&sig=forged' })).toEqual([403, { success: false, code: 'link.invalid', message: MEDIA.badLink }]);
  });

  it('answers a limit passed with rate_limited and Retry-After', async () => {
    const remoteAddress = nextAddress();
    for (let n = 0; n < SIGNUPS_PER_MINUTE; n++) await call({ method: 'POST', url: '/app/v1/account', payload: { name: '' }, remoteAddress });
    const res = await call({ method: 'POST', url: '/app/v1/account', payload: newFan(), remoteAddress });
    expect([res.statusCode, res.json()]).toEqual([429, { success: false, code: 'rate_limited', message: FAN_TEXTS.tooManySignUps }]);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('an error raised with no code', () => {
  it("gets its status's usual one, so errors added later are coded too", () => {
    const codes = [400, 401, 403, 404, 409, 410, 413, 415, 422, 429, 500, 503].map((status) => [status, new HttpError(status, 'x').code]);
    expect(Object.fromEntries(codes)).toEqual({
      400: 'validation.failed',
      401: 'auth.required',
      403: 'auth.forbidden',
      404: 'not_found',
      409: 'conflict',
      410: 'gone',
      413: 'body.too_large',
      415: 'body.unsupported_type',
      422: 'bad_request',
      429: 'rate_limited',
      500: 'internal',
      503: 'unavailable',
    });
    for (const [, code] of codes) expect(ERROR_CODES).toHaveProperty([code as string]);
    expect(new HttpError(401, 'x', undefined, 'auth.session_ended').code).toBe('auth.session_ended');
    expect(codeOfStatus(418)).toBe('bad_request');
  });
});

describe('the OpenAPI document', () => {
  it("describes every error answer with its code, from the declaration's list", async () => {
    const doc = (await call({ url: '/docs/json' })).json();
    for (const [path, method] of [['/app/v1/news', 'get'], ['/app/v1/account', 'post'], ['/admin/login', 'post']]) {
      const schema = doc.paths[path][method].responses['4XX'].content['application/json'].schema;
      expect(schema.required, path).toEqual(['success', 'code', 'message']);
      expect(schema.properties.code.enum, path).toEqual(Object.keys(ERROR_CODES));
    }
  });
});

describe("the README's list of codes", () => {
  it('is the declaration, code by code and meaning by meaning', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('<!-- error-codes -->'), readme.indexOf('<!-- /error-codes -->'));
    const listed = [...section.matchAll(/^\| `([^`]+)` \| (.*) \|$/gm)].map(([, code, meaning]) => [code, meaning]);
    // The README's table, as it must read: paste this when a code is added.
    const expected = Object.entries(ERROR_CODES).map(([code, meaning]) => [code, meaning.replace(/\|/g, '\\|')]);
    expect(listed, Object.entries(ERROR_CODES).map(([code, meaning]) => `| \`${code}\` | ${meaning} |`).join('\n')).toEqual(expected);
  });
});
