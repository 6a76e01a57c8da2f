/**
 * A bounded fuzz of every write route (the admins', and the app's devices, fan accounts and registrations): about 1,000 malformed requests (hostile field values,
 * broken JSON and multipart encodings, odd content types, mangled ids), drawn from a fixed seed
 * so a failure replays exactly. No answer may be a 5xx, and a refused request (4xx) may change no
 * row of any table and no file in the uploads folder, and answers the error envelope: a declared
 * `code` (src/domain/error-codes.ts) and a message. The lists' query strings get the same
 * treatment (reads change nothing; none may answer 5xx).
 */
import { sql } from 'kysely';
import { apiPathOf, can, ENTITIES } from '../../src/domain';
import { ERROR_CODES } from '../../src/domain/error-codes';
import { MAX_JSON_DEPTH, MAX_JSON_KEYS } from '../../src/domain/limits';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readServiceAccount } from '../../server/push/fcm';
import { startFakeFcm, type FakeFcm } from '../fcm/fake-fcm';
import { createServerWithLookups, declaredForm } from './fixtures';
import { multipart, pngFile, type FilePart, type TestServer } from './harness';
import { fcmToken } from './push-fixtures';

const SEED = 0x14c0ffee;
const REQUESTS = 1000;

/** mulberry32: a tiny seeded PRNG, enough to draw test cases reproducibly. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick };
}
type Random = ReturnType<typeof prng>;

/** What a refusal (4xx) lacks of the error envelope: JSON with a declared `code` and a message; undefined when whole. */
function refusalFault(res: { statusCode: number; body: string }, what: string): string | undefined {
  let body: { code?: unknown; message?: unknown };
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return `no JSON on ${res.statusCode}: ${what}`;
  }
  if (typeof body.code !== 'string' || !Object.hasOwn(ERROR_CODES, body.code)) return `no declared code (${String(body.code)}) on ${res.statusCode}: ${what}`;
  if (!body.message) return `no message on ${res.statusCode}: ${what}`;
  return undefined;
}

/** Notes in `failures` what a 4xx answer lacks of the error envelope. */
function checkRefusal(failures: string[], res: { statusCode: number; body: string }, what: string) {
  const fault = res.statusCode >= 400 && res.statusCode < 500 ? refusalFault(res, what) : undefined;
  if (fault) failures.push(fault);
}

/** A value JSON cannot spell as such (1e309), written into the body text as is. */
class Raw {
  constructor(readonly text: string) {}
}
type Value = string | number | boolean | null | Raw | FilePart | Value[] | { [key: string]: Value };
type Body = Record<string, Value>;

const HOSTILE_TEXT = [
  '\u0000', 'a\u0000b', 'title\u0000', '\u0007\u001b[31m\u007f', '\u200b\u200b\u2060', '', ' ', '\r\n\t', 'x'.repeat(20_000),
  'Infinity', '-Infinity', 'NaN', '1e309', '-1', '0', '1.5', '99999999999999999999', '2147483648',
  '-010000-01-01', '+275760-09-13T00:00:00Z', '0000-01-01', '2025-02-30', 'not a date', '2025-13-45T99:99:99Z',
  "' or 1=1 --", '<script>alert(1)</script>', '<img src="/uploads/../admin/x" onerror=alert(1)>', '../../etc/passwd',
  '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'javascript:alert(1)', '\ud800', '😀'.repeat(300),
  'true', 'null', '[]', '{}', '%00', '\\u0000',
];
/** Appended to a valid value, which then passes every rule and reaches the database. */
const TAINTS = ['\u0000', '\u0007', '\u001b[2J', '\u200b', '\ud800', '\r\n', '\u0085', '%00', "'", '\\'];
const HOSTILE_JSON: Value[] = [
  new Raw('1e309'), new Raw('-1e309'), new Raw('1e-400'), new Raw('-0'), new Raw('123456789012345678901234567890'),
  1.5, -1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER, true, false, null, [], {}, [1, 2], ['a', '\u0000'], { $gt: '' },
  { nested: { deeper: ['\u0000'] } }, Array.from({ length: 2000 }, (_, i) => `id-${i}`),
];
const HOSTILE_IDS = [
  'not-a-uuid', '00000000-0000-0000-0000-000000000000', '%00', 'a%00b', '..%2F..%2Fadmin', '%E0%A4%A', 'x'.repeat(3000),
  "1'%20or%201=1", '-1', '1e309', '%F0%9F%98%80', 'ffffffff-ffff-ffff-ffff-ffffffffffffff',
];

interface Route {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** A valid body, which the fuzz then spoils; undefined for bodiless calls. */
  body?: () => Body;
  /** Sent as multipart by the admin app (JSON is tried too). */
  form?: boolean;
  /** Only the id is spoiled (a good id and body would delete the target). */
  idOnly?: boolean;
  /** A fan's token to send instead of the admin's (the fans' own calls). */
  fan?: string;
  /** Each request from an address of its own: the route's per-address limit is low enough to stop the fuzz short of its checks. */
  ownAddress?: boolean;
}

interface Targets {
  registration: string;
  /** A notification scheduled for later (its send can be moved or cancelled). */
  scheduled: string;
  /** A registered device's token. */
  device: string;
  /** A record of each declared entity, by entity name. */
  declared: Record<string, string>;
  /** A valid form of each declared entity, by entity name. */
  forms: Record<string, Body>;
  /** An app user the admins' PUT /admin/users/{id} works on. */
  user: string;
  /** Two signed-in fans' tokens: one for their own calls, one that may sign out. */
  fan: string;
  leaving: string;
  /** A state, a district in it and a city in that. */
  places: { state: string; district: string; city: string };
}

function routes(t: Targets): Route[] {
  return [
    { method: 'POST', path: '/admin/login', body: () => ({ email: 'nobody@test.local', password: 'wrong password' }) },
    { method: 'PUT', path: `/admin/videos/${t.declared.videos}/set-remove-featured`, body: () => ({ value: true }) },
    { method: 'PUT', path: `/admin/videos/${t.declared.videos}/set-remove-Magic-Moment`, body: () => ({ value: false }) },
    { method: 'PUT', path: '/admin/registrations/status', body: () => ({ ids: [t.registration], status: 'approved' }) },
    { method: 'PUT', path: `/admin/registrations/${t.registration}/status`, body: () => ({ status: 'rejected' }) },
    { method: 'POST', path: `/admin/registrations/${t.registration}/government-id`, idOnly: true },
    { method: 'PUT', path: `/admin/registrations/${t.registration}`, body: () => ({ firstName: 'Asha', lastName: 'Patil', email: 'asha@example.in', phone: '98765', area: 'Phase 1', pinCode: '411057', address: 'Lane 1' }) },
    { method: 'DELETE', path: `/admin/registrations/${t.registration}`, idOnly: true },
    { method: 'PUT', path: '/admin/slides/order', body: () => ({ ids: [t.declared.slides] }) },
    { method: 'POST', path: '/admin/notifications', body: () => ({ ...t.forms.notifications, sendAt: LATER }), form: true },
    { method: 'POST', path: `/admin/notifications/${t.scheduled}/schedule`, body: () => ({ sendAt: LATER }) },
    { method: 'POST', path: `/admin/notifications/${t.scheduled}/cancel`, idOnly: true },
    { method: 'POST', path: `/admin/notifications/${t.scheduled}/retry`, idOnly: true },
    { method: 'POST', path: '/app/v1/devices', body: () => ({ token: t.device, platform: 'android' }) },
    { method: 'DELETE', path: `/app/v1/devices/${t.device}`, idOnly: true },
    { method: 'PUT', path: `/admin/users/${t.user}`, body: () => ({ isActive: true }) },
    { method: 'POST', path: '/app/v1/account', body: () => ({ name: 'Fuzz Fan', email: 'fuzz.new@example.com', age: 30, password: 'fuzz-password-1' }) },
    { method: 'POST', path: '/app/v1/login', body: () => ({ email: 'fuzz.fan@example.com', password: 'not-the-password' }) },
    { method: 'POST', path: '/app/v1/logout', body: () => ({ token: t.device }), fan: t.leaving },
    { method: 'PUT', path: '/app/v1/account', body: () => ({ name: 'Fuzz Fan', age: 31 }), fan: t.fan },
    { method: 'PUT', path: '/app/v1/account/password', body: () => ({ currentPassword: 'not-the-password', newPassword: 'fuzz-password-2' }), fan: t.fan },
    { method: 'POST', path: '/app/v1/account/forgot', body: () => ({ email: 'fuzz.fan@example.com' }) },
    { method: 'POST', path: '/app/v1/account/reset', body: () => ({ token: 'not-a-reset-token', password: 'fuzz-password-3' }) },
    { method: 'DELETE', path: '/app/v1/account', body: () => ({ password: 'not-the-password' }), fan: t.fan },
    { method: 'POST', path: '/app/v1/registrations', body: () => appRegistration(t), form: true, fan: t.fan, ownAddress: true },
    ...ENTITIES.flatMap((entity): Route[] => {
      const base = `/admin/${apiPathOf(entity)}`;
      const id = t.declared[entity.name];
      const body = () => ({ ...t.forms[entity.name] });
      return [
        ...(can(entity, 'create') ? [{ method: 'POST' as const, path: base, body, form: true }] : []),
        ...(can(entity, 'update') && id ? [{ method: 'PUT' as const, path: `${base}/${id}`, body, form: true }] : []),
        ...(can(entity, 'delete') && id ? [{ method: 'DELETE' as const, path: `${base}/${id}`, idOnly: true }] : []),
      ];
    }),
  ];
}

/** A registration the app sends, with one player and their photo (the places nest). */
const appRegistration = (t: Targets): Body => ({
  firstName: 'Fuzz',
  lastName: 'Fan',
  email: 'fuzz.fan@example.com',
  DOB: '2000-01-31',
  GovernmentIdType: 'Passport',
  GovernmentIdNumber: 'K1234567',
  state: t.places.state,
  district: t.places.district,
  city: t.places.city,
  playingRole: 'Batsman',
  players: JSON.stringify([{ firstName: 'Fuzz', lastName: 'Junior', dob: '2012-06-01', playingRole: 'Bowler' }]),
  'players.0.photo': png,
});

/** JSON text for a body, with Raw values written verbatim. */
function jsonText(body: Value): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_, value: unknown) => {
    if (value instanceof Raw) return `\u0001raw${raws.push(value.text) - 1}\u0001`;
    if (value && typeof value === 'object' && 'content' in value && 'filename' in value) return 'file.png';
    return value;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_, i: string) => raws[Number(i)]);
}

/** A multipart body: scalars as text parts, lists as repeated parts, objects as their JSON. */
async function formPayload(body: Body) {
  const fields: Record<string, string | FilePart | (string | FilePart)[]> = {};
  const asPart = (value: Value): string | FilePart =>
    value instanceof Raw ? value.text : value && typeof value === 'object' && 'content' in value ? (value as FilePart) : typeof value === 'object' ? JSON.stringify(value) : String(value);
  for (const [key, value] of Object.entries(body)) fields[key] = Array.isArray(value) ? value.map(asPart) : asPart(value);
  return multipart(fields);
}

const BOUNDARY = 'fuzzboundary';
const rawPart = (name: string | undefined, value: string | Buffer, filename?: string) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data${name === undefined ? '' : `; name="${name}"`}${filename ? `; filename="${filename}"` : ''}\r\n${filename ? 'Content-Type: image/png\r\n' : ''}\r\n`),
    Buffer.isBuffer(value) ? value : Buffer.from(value),
    Buffer.from('\r\n'),
  ]);

type Request = { url: string; headers?: Record<string, string>; payload?: string | Buffer };

/** A record's id in a path, or a device's FCM token. */
const PATH_ID = /[0-9a-f]{8}-[0-9a-f-]{27}|[A-Za-z0-9_-]{22}:APA91b[A-Za-z0-9_-]+/;
/** A send time a while after the fuzz runs. */
const LATER = new Date(Date.now() + 30 * 24 * 60 * 60_000).toISOString();

/** One malformed request for a route. */
async function malformed(random: Random, route: Route, png: FilePart): Promise<Request> {
  const spoilId = route.idOnly || (route.path.includes('-') && random.next() < 0.15);
  const url = spoilId ? route.path.replace(PATH_ID, random.pick(HOSTILE_IDS)) : route.path;
  if (!route.body) return { url };
  const body = route.body();
  if (route.idOnly) return { url };

  const family = random.int(spoilId ? 1 : 4);
  if (family <= 1) {
    // Hostile values in one to three fields, or a field missing, or one no form has.
    // Mostly one field, so that the rest of the body is valid and the value travels as far as it can.
    const keys = Object.keys(body);
    for (let n = random.next() < 0.7 ? 1 : 2 + random.int(2); n > 0; n--) {
      const roll = random.next();
      const key = roll < 0.85 ? random.pick(keys) : random.pick(['__proto__', 'constructor', 'unknownField', 'updatedAt', 'removeImages', 'removeImages[]']);
      if (roll < 0.05) delete body[key];
      else if (roll < 0.4 && typeof body[key] === 'string') body[key] = `${body[key] as string}${random.pick(TAINTS)}`;
      else body[key] = random.next() < 0.6 ? random.pick(HOSTILE_TEXT) : random.pick(HOSTILE_JSON);
    }
    if (route.form && random.next() < 0.6) {
      const { payload, headers } = await formPayload(body);
      return { url, payload, headers };
    }
    return { url, headers: { 'content-type': 'application/json' }, payload: jsonText(body) };
  }
  if (family === 2) {
    // Broken JSON, or a body in a type no route reads.
    const text = jsonText(body);
    return random.pick<Request>([
      { url, headers: { 'content-type': 'application/json' }, payload: text.slice(0, random.int(text.length)) },
      { url, headers: { 'content-type': 'application/json' }, payload: random.pick(['{', '[', '"x"', '12', 'null', '{"a":1}}', '\u0000', '\ufeff{}', '['.repeat(3000)]) },
      { url, headers: { 'content-type': 'application/json; charset=utf-16' }, payload: text },
      { url, headers: { 'content-type': random.pick(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/mixed; boundary=x', '']) }, payload: text },
    ]);
  }
  // Broken multipart: no boundary, a wrong one, cut short, unnamed or odd parts, junk files.
  const { payload } = await formPayload(body);
  const good = `multipart/form-data; boundary=${BOUNDARY}`;
  const parts = Object.entries(body).map(([key, value]) => rawPart(key, typeof value === 'string' ? value : 'x'));
  const end = Buffer.from(`--${BOUNDARY}--\r\n`);
  return random.pick<Request>([
    { url, headers: { 'content-type': 'multipart/form-data' }, payload },
    { url, headers: { 'content-type': 'multipart/form-data; boundary=' }, payload },
    { url, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}x` }, payload: Buffer.concat([...parts, end]) },
    { url, headers: { 'content-type': good }, payload: Buffer.concat(parts).subarray(0, random.int(Buffer.concat(parts).length)) },
    { url, headers: { 'content-type': good }, payload: Buffer.concat([rawPart(undefined, 'no name'), ...parts, end]) },
    { url, headers: { 'content-type': good }, payload: Buffer.concat([rawPart('__proto__', 'x'), ...parts, end]) },
    { url, headers: { 'content-type': good }, payload: Buffer.concat([...parts, rawPart('image', Buffer.from('GIF89a not really'), '../../x.gif'), end]) },
    { url, headers: { 'content-type': good }, payload: Buffer.concat([...parts, rawPart('image', png.content.subarray(0, 60), 'cut.png'), end]) },
    { url, headers: { 'content-type': good }, payload: Buffer.concat([...parts, rawPart('title', png.content, 'title.png'), end]) },
    { url, headers: { 'content-type': good }, payload: Buffer.concat([...Array.from({ length: 60 }, (_, i) => rawPart(`f${i}`, 'x')), ...parts, end]) },
    { url, headers: { 'content-type': good }, payload: Buffer.concat([...Array.from({ length: 7 }, () => rawPart('image', png.content, 'p.png')), ...parts, end]) },
  ]);
}

let server: TestServer;
let fake: FakeFcm;
let targets: Targets;
let png: FilePart;

/** Every table's rows (as one checksum each) and the uploads folder's names. */
async function snapshot(tables: string[]) {
  const sums = tables.map((table) => sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.table(table)} t`);
  const row = await sql<Record<string, string>>`select ${sql.join(sums.map((sum, i) => sql`(${sum}) as ${sql.ref(`t${i}`)}`))}`.execute(server.db);
  return { rows: row.rows[0], files: (await server.storedFiles()).sort() };
}

async function created(res: { statusCode: number; body: string; json(): { data: { _id: string } } }) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id;
}

beforeAll(async () => {
  // Push set up (its FCM never asked: no job runs here), so a notification can be scheduled, moved and cancelled.
  fake = await startFakeFcm();
  ({ server } = await createServerWithLookups({ push: { fcm: { account: readServiceAccount(fake.credentialsFile), apiUrl: fake.url, concurrency: 4 } } }));
  png = await pngFile();
  const post = async (url: string, fields: Parameters<typeof multipart>[0]) =>
    created(await server.request({ method: 'POST', url, ...(await multipart(fields)) }));
  const { id: registration } = await server.db
    .insertInto('registrations')
    .values({ first_name: 'Asha', last_name: 'Patil', email: 'asha@example.in', status: 'pending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const device = fcmToken('fuzz');
  expect((await server.app.inject({ method: 'POST', url: '/app/v1/devices', payload: { token: device, platform: 'ios' } })).statusCode).toBe(200);
  const { id: user } = await server.db.insertInto('app_users').values({ name: 'Fuzz User', email: 'fuzz.user@example.com', age: 20 }).returning('id').executeTakeFirstOrThrow();
  const fanToken = async (email: string) => {
    const res = await server.app.inject({ method: 'POST', url: '/app/v1/account', payload: { name: 'Fuzz Fan', email, age: 30, password: 'fuzz-fan-password' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.token as string;
  };
  const [state] = await server.db.insertInto('states').values({ name: 'Maharashtra' }).returning('id').execute();
  const [district] = await server.db.insertInto('districts').values({ name: 'Pune', state_id: state.id }).returning('id').execute();
  const [city] = await server.db.insertInto('cities').values({ name: 'Hinjewadi', district_id: district.id }).returning('id').execute();
  targets = {
    registration,
    scheduled: '',
    device,
    declared: {},
    forms: {},
    user,
    fan: await fanToken('fuzz.fan@example.com'),
    leaving: await fanToken('fuzz.leaving@example.com'),
    places: { state: state.id, district: district.id, city: city.id },
  };
  for (const entity of ENTITIES.filter((declared) => can(declared, 'create'))) {
    targets.forms[entity.name] = (await declaredForm(server, entity)) as Body;
    targets.declared[entity.name] = await post(`/admin/${apiPathOf(entity)}`, targets.forms[entity.name] as Parameters<typeof multipart>[0]);
  }
  targets.scheduled = await post('/admin/notifications', { ...(targets.forms.notifications as Parameters<typeof multipart>[0]), sendAt: LATER });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

it(`answers ${REQUESTS} malformed write requests without a 5xx, and refused ones change nothing`, async () => {
  const random = prng(SEED);
  const all = routes(targets);
  const { rows: tableRows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(server.db);
  const tables = tableRows.map((row) => row.name);
  const statuses: Record<number, number> = {};
  const failures: string[] = [];
  let before = await snapshot(tables);
  const started = Date.now();
  for (let i = 0; i < REQUESTS; i++) {
    const route = all[i % all.length];
    const request = await malformed(random, route, png);
    const res = await server.request({
      method: route.method,
      ...request,
      ...(route.ownAddress && { remoteAddress: `10.66.${Math.floor(i / 250)}.${(i % 250) + 1}` }),
      headers: { ...(route.fan && { authorization: `Bearer ${route.fan}` }), ...request.headers },
    });
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    const after = await snapshot(tables);
    const what = `#${i} ${route.method} ${request.url.slice(0, 120)} ${request.headers?.['content-type'] ?? ''} ${String(request.payload ?? '').slice(0, 200)}`;
    if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what} -> ${res.body.slice(0, 200)}`);
    else if (res.statusCode >= 400) {
      // A refused sign-in is itself on the record: its log entry (and the log's kept total) is the one change allowed.
      const logged = route.path === '/admin/login' && res.statusCode === 401 ? new Set(['activity', 'list_counts']) : new Set<string>();
      const kept = ({ rows, files }: Awaited<ReturnType<typeof snapshot>>) => ({
        files,
        rows: Object.entries(rows).filter(([key]) => !logged.has(tables[Number(key.slice(1))])),
      });
      if (JSON.stringify(kept(after)) !== JSON.stringify(kept(before))) failures.push(`changed data on ${res.statusCode}: ${what}`);
      checkRefusal(failures, res, what);
    }
    before = after;
  }
  console.log(`fuzz (${process.env.CREASE_TEST_DB}): ${REQUESTS} requests in ${Date.now() - started} ms, statuses ${JSON.stringify(statuses)}`);
  expect(failures).toEqual([]);
}, 180_000);

/** JSON text nested `depth` deep, as arrays or as objects. */
const deepJson = (depth: number, kind: 'array' | 'object') => (kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
/** JSON text of one object holding `keys` keys. */
const wideJson = (keys: number) => JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i])));
/** Values nested too deep or too wide, and one just within the depth bound, for a whole body or for one of its fields. */
const NESTED = [deepJson(MAX_JSON_DEPTH - 1, 'array'), deepJson(MAX_JSON_DEPTH + 1, 'array'), deepJson(MAX_JSON_DEPTH + 1, 'object'), deepJson(200_000, 'array'), deepJson(100_000, 'object'), wideJson(MAX_JSON_KEYS + 1)];

it('answers nested and over-wide bodies on every app route without a 5xx, and refused ones change nothing', async () => {
  const appRoutes = routes(targets).filter((route) => route.path.startsWith('/app/v1/') && route.body);
  const { rows: tableRows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(server.db);
  const tables = tableRows.map((row) => row.name);
  const failures: string[] = [];
  let before = await snapshot(tables);
  let sent = 0;
  for (const route of appRoutes) {
    const requests: Request[] = [];
    for (const nested of NESTED) {
      requests.push({ url: route.path, headers: { 'content-type': 'application/json' }, payload: nested });
      for (const key of Object.keys(route.body!())) {
        // The field's value replaced by the nested JSON itself, spliced into the body's text.
        const text = jsonText({ ...route.body!(), [key]: '\u0001nested\u0001' }).replace('"\\u0001nested\\u0001"', nested);
        requests.push({ url: route.path, headers: { 'content-type': 'application/json' }, payload: text });
        // A form's field holds text: JSON in it is read only by the route that parses it (a registration's players).
        if (route.form) requests.push({ url: route.path, ...(await formPayload({ ...route.body!(), [key]: nested })) });
      }
    }
    for (const request of requests) {
      const res = await server.request({
        method: route.method,
        ...request,
        remoteAddress: `10.67.${Math.floor(sent / 250)}.${(sent % 250) + 1}`,
        headers: { ...(route.fan && { authorization: `Bearer ${route.fan}` }), ...request.headers },
      });
      sent++;
      const after = await snapshot(tables);
      const what = `${route.method} ${request.url} ${request.headers?.['content-type'] ?? ''} ${String(request.payload ?? '').slice(0, 120)}`;
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what} -> ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400) {
        if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`changed data on ${res.statusCode}: ${what}`);
        checkRefusal(failures, res, what);
      }
      before = after;
    }
  }
  console.log(`nested bodies: ${sent} requests to ${appRoutes.length} app routes`);
  expect(failures).toEqual([]);
}, 180_000);

const LISTS = [
  '/admin/news/stats', '/admin/teams', '/admin/teams/stats', '/admin/player', '/admin/player/stats',
  '/admin/matches', '/admin/matches/stats', '/admin/users/stats', '/admin/registrations',
  '/admin/registrations/stats', '/admin/registrations/export.csv', '/admin/dashboard', '/admin/state', '/admin/district', '/admin/city', '/admin/notifications/push',
  ...ENTITIES.filter((entity) => can(entity, 'list')).map((entity) => `/admin/${apiPathOf(entity)}`),
];
const QUERY_KEYS = [...new Set(ENTITIES.flatMap((entity) => entity.list.filters ?? [])), 'search', 'page', 'limit', 'sort', 'order', 'sport', 'team', 'from', 'to', 'when', 'status', 'result', 'tags', 'isActive', 'state', 'district', 'range'];
const QUERY_VALUES = [
  '%00', 'a%00b', '1e309', 'Infinity', '-Infinity', 'NaN', '-1', '0', '1.5', '99999999999999', '-010000-01-01', '9999-12-31', '0000-01-01',
  'x'.repeat(3000), "'", '%25', '_', '%5C', '%FF', '%C0%AF', 'true', '[]', '2025-02-30', '00000000-0000-0000-0000-000000000000', 'not-a-uuid', '%E2%80%8B',
];

it('answers 300 malformed list queries without a 5xx', async () => {
  const random = prng(SEED + 1);
  const failures: string[] = [];
  for (let i = 0; i < 300; i++) {
    const query = Array.from({ length: 1 + random.int(3) }, () => `${random.pick(QUERY_KEYS)}=${random.pick(QUERY_VALUES)}`).join('&');
    const url = `${LISTS[i % LISTS.length]}?${query}`;
    const res = await server.request({ method: 'GET', url });
    if (res.statusCode >= 500) failures.push(`${res.statusCode} #${i} ${url.slice(0, 160)} -> ${res.body.slice(0, 200)}`);
    else checkRefusal(failures, res, url.slice(0, 160));
  }
  expect(failures).toEqual([]);
}, 120_000);

it('keeps every field of a form without optional images when its body names removeImages anyway', async () => {
  const url = `/admin/registrations/${targets.registration}`;
  const form = { firstName: 'Asha', lastName: 'Patil', email: 'asha@example.in', phone: '98765', area: 'Phase 1', pinCode: '411057', address: 'Lane 1' };
  for (const removeImages of [['phone'], ['area', 'status'], 12, 'phone', { phone: true }, null]) {
    const res = await server.request({ method: 'PUT', url, payload: { ...form, removeImages } });
    expect(res.statusCode, JSON.stringify(removeImages)).toBeLessThan(500);
    const { data } = (await server.request({ method: 'GET', url })).json();
    expect(data, JSON.stringify(removeImages)).toMatchObject({ phone: '98765', area: 'Phase 1' });
  }
});

const APP_ENTITIES = ENTITIES.filter((entity) => entity.app);
const APP_READS = [
  ...APP_ENTITIES.flatMap((entity) => {
    const path = `/app/v1/${entity.app!.path ?? apiPathOf(entity)}`;
    const routes = entity.app!.routes ?? ['list', 'one'];
    return [...(routes.includes('list') ? [path] : []), ...(routes.includes('one') ? [`${path}/%ID%`] : [])];
  }),
  // The places a registration's form chooses from.
  '/app/v1/states',
  '/app/v1/districts',
  '/app/v1/cities',
];
const APP_QUERY_KEYS = [...new Set(APP_ENTITIES.flatMap((entity) => entity.app!.filters ?? [])), 'limit', 'after', 'since', 'when', 'state', 'district'];
/** Tokens that look like the API's own: base64url JSON of the wrong shapes, nested, or holding values no column takes. */
const TOKENS = [
  '[]', '["1",1]', '[null,null]', '["2026-01-01T00:00:00Z","00000000-0000-0000-0000-000000000000"]', '["99999999999999999999999",0]', '{"a":1}', '[1e309,"x"]',
  '["0:0:",1900000000]', '["1:1:",{"a":1}]', '[["1:1:"],1]', '["-010000-01-01T00:00:00Z","00000000-0000-4000-8000-000000000000"]', '[1.5,"00000000-0000-4000-8000-000000000000"]',
  '["a\\u0000","00000000-0000-4000-8000-000000000000"]', deepJson(200, 'array'), deepJson(200, 'object'), wideJson(60),
].map((json) => Buffer.from(json).toString('base64url'));
/** A cursor that changes shape: sent twice (an array), as a bracketed key, as a number, as very long text. */
const SHAPED_CURSORS = (key: string) => [
  `${key}=a&${key}=b`, `${key}=${TOKENS[1]}&${key}=${TOKENS[1]}`, `${key}[]=a`, `${key}[a]=1`, `${key}[a][b]=1`, `${key}=12`, `${key}=-1e309`, `${key}=${'A'.repeat(5_000)}`, `${key}=${'W1'.repeat(499)}`, `${key}`, `${key}=`,
];

it('answers 300 malformed public app reads without a 5xx, and no sign-in is needed for any', async () => {
  const random = prng(SEED + 2);
  const failures: string[] = [];
  for (let i = 0; i < 300; i++) {
    const query = Array.from({ length: 1 + random.int(3) }, () => `${random.pick(APP_QUERY_KEYS)}=${random.pick([...QUERY_VALUES, ...TOKENS])}`).join('&');
    const url = `${APP_READS[i % APP_READS.length].replace('%ID%', random.pick(QUERY_VALUES))}?${query}`;
    const res = await server.app.inject({ method: 'GET', url });
    if (res.statusCode >= 500 || res.statusCode === 401) failures.push(`${res.statusCode} #${i} ${url.slice(0, 160)} -> ${res.body.slice(0, 200)}`);
    else checkRefusal(failures, res, url.slice(0, 160));
  }
  expect(failures).toEqual([]);
}, 120_000);

it('answers shape-changing since and after cursors on every app list without a 5xx, refusing each with a message', async () => {
  const failures: string[] = [];
  let sent = 0;
  for (const path of APP_READS.filter((read) => !read.includes('%ID%'))) {
    for (const query of ['since', 'after'].flatMap(SHAPED_CURSORS)) {
      const url = `${path}?${query}`;
      const res = await server.app.inject({ method: 'GET', url, remoteAddress: `10.68.${Math.floor(sent / 250)}.${(sent++ % 250) + 1}` });
      if (res.statusCode >= 500 || res.statusCode === 401) failures.push(`${res.statusCode} ${url.slice(0, 160)} -> ${res.body.slice(0, 200)}`);
      else checkRefusal(failures, res, url.slice(0, 160));
    }
  }
  expect(failures).toEqual([]);
}, 120_000);

it("answers 100 malformed reads of a fan's own registrations without a 5xx, the fan's session taken by each", async () => {
  const random = prng(SEED + 3);
  const failures: string[] = [];
  for (let i = 0; i < 100; i++) {
    const query = `${random.pick(['state', 'limit', 'after', 'id'])}=${random.pick(QUERY_VALUES)}`;
    const url = i % 2 ? `/app/v1/registrations/${random.pick([...HOSTILE_IDS, ...QUERY_VALUES])}?${query}` : `/app/v1/registrations?${query}`;
    const res = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${targets.fan}` } });
    if (res.statusCode >= 500 || res.statusCode === 401) failures.push(`${res.statusCode} #${i} ${url.slice(0, 160)} -> ${res.body.slice(0, 200)}`);
    else checkRefusal(failures, res, url.slice(0, 160));
  }
  expect(failures).toEqual([]);
}, 120_000);
