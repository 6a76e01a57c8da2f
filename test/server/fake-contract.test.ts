/**
 * The fake data provider answers as the server does: the same calls go to `createFakeDataProvider`
 * and to the real `createDataProvider` over the API (in process), with the same rows loaded on
 * both sides, and their answers are compared value by value. A declared entity is covered from its
 * declaration without an edit here; its list figures and other calls of its own screens are in
 * OWN_CALLS.
 *
 * Declared entities: list pages (records and totals), every sort field both ways, searches
 * (trimmed and not), every filter value (references to lookups and to other entities), the
 * page-size cap, one record, a missing and a malformed id, each refused field of a create, a create
 * and the list after it, a stale and a valid edit, an edit from the admin's form removing optional
 * images, a delete and a read after it, every call to a route the entity does not have. Matches are
 * made through both sides (with their images) and listed by every tab, filter and sort their
 * screen offers; a team deleted leaves its players and matches. Registrations are loaded alike and
 * listed, counted, exported, read, revealed, edited, moved through their statuses and deleted. Admin
 * accounts are added, listed, changed and signed in as; the profile's own changes; the dashboard,
 * over rows spread across its windows; then the whole activity log all of this wrote, and its CSV.
 *
 * Only what each side makes up itself is mapped: a new record's id (wherever it appears, the log's
 * record ids and the signed-in admin's own id too), times at or after the run, a stored image's
 * address, and a session's token. Each side signs in with its own password.
 */
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, type GetListParams } from 'react-admin';
import { createDataProvider, type CreaseDataProvider } from '../../src/providers/dataProvider';
import { FAKE_ADMIN_ACCOUNT } from '../../src/providers/fakeAdmins';
import { createFakeDataProvider, type FakeDataProvider } from '../../src/providers/fakeDataProvider';
import { createHttpClient, type Transport } from '../../src/providers/httpClient';
import { FAKE_ADMIN, FAKE_ADMIN_PASSWORD } from '../../src/providers/fakeLeague';
import type { Row, Tables } from '../../src/providers/fakeTables';
import {
  can,
  columnOf,
  ENTITIES,
  entityNamed,
  adminFormFields,
  formFields,
  ACTIVITY_ACTIONS,
  LOGGED_RESOURCES,
  DEFAULT_PAGE_SIZE,
  LOGIN_ATTEMPTS_PER_MINUTE,
  ROLES,
  roleNeeded,
  MAX_PAGE_SIZE,
  PLAYER_ROLES,
  sortFieldsOf,
  tableOf,
  type EntityDeclaration,
  type FieldDeclaration,
} from '../../src/domain';
import { seedLookups } from '../../server/seed';
import { hashPassword } from '../../server/auth/passwords';
import { createAdmin } from '../../server/repositories/admins';
import { createTestServer, login, TEST_ADMIN, type TestServer } from './harness';

const ROWS = 30;
const DAY_MS = 86_400_000;
/**
 * The loaded rows' newest time: noon two days before the run (so the dashboard's windows and a
 * week's news count them), and more than a day before anything either side makes during it.
 */
const BASE_TIME = Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS + DAY_MS / 2;

/** A valid v4 uuid numbered `n`, the same on both sides. */
const idOf = (entity: EntityDeclaration, n: number) =>
  `${(ENTITIES.indexOf(entity) + 1).toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** Text that sorts differently by case, by accent, by digits and by punctuation; some values repeat. */
const WORDS = ['Alpha', 'alpha', 'Zebra', 'zulu', '#10', '#2', 'Élan', 'eagle', 'Mango 3', 'mango 21', 'Ørsted', '_under'];

/** The ids of each lookup's rows, the same on both sides (loaded before the entities that name them). */
const lookupIds: Record<string, string[]> = {};

/** The loaded ids a reference may name: a lookup's rows, or a declared entity's (loaded first). */
function refIds(field: FieldDeclaration): string[] {
  const target = entityNamed(field.to ?? '');
  return target ? Array.from({ length: ROWS }, (_, i) => idOf(target, i + 1)) : (lookupIds[field.to ?? ''] ?? []);
}

function valueOf(name: string, field: FieldDeclaration, n: number): unknown {
  // A field with a default is never empty in the table (a user's source).
  const blank = !field.required && field.default === undefined && n % 5 === 4;
  switch (field.kind) {
    case 'text':
    case 'longtext':
    case 'richtext':
      return `${WORDS[n % WORDS.length]} ${name} ${n % 9}`.padEnd(field.minLength ?? 0, '.');
    case 'email':
      return blank ? null : `${WORDS[n % WORDS.length].replace(/\W/g, '') || 'x'}.${n}@Example.com`;
    case 'url':
      return blank ? null : `https://example.com/${name}/${n}`;
    case 'number':
      // A sequence (a slide's place) is never empty, and runs against the created order.
      if (field.sequence) return (n * 7) % ROWS + 1;
      return blank ? null : Math.max(field.min ?? 0, n % 7);
    case 'date':
      return blank ? null : `2026-0${(n % 9) + 1}-1${n % 9}`;
    case 'datetime':
      // Days either side of now, so that a split at the present moment has rows on both sides.
      return blank ? null : new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + (n % 2 ? -1 : 1) * ((n % 11) + 1) * DAY_MS + n * 60_000).toISOString();
    case 'boolean':
      return n % 3 !== 0;
    case 'choice': {
      const choices = field.choices ?? [];
      if (field.many) return blank ? [] : [...new Set([choices[n % choices.length], choices[(n + 2) % choices.length]])];
      return blank ? null : choices[n % choices.length];
    }
    case 'ref': {
      const ids = refIds(field);
      return blank || ids.length === 0 ? null : ids[n % ids.length];
    }
    case 'image':
      return blank ? null : `/uploads/00000000-0000-4000-8000-${n.toString().padStart(12, '0')}.png`;
    default:
      return null;
  }
}

/** The rows both sides start with: each field's value by number, every few a repeated created time. */
function rowsOf(entity: EntityDeclaration) {
  return Array.from({ length: ROWS }, (_, n) => {
    // Every four days back (into the dashboard's 7-, 30- and 90-day windows), some at the same time.
    const at = new Date(BASE_TIME - Math.floor(n / 3) * 4 * DAY_MS - (n % 3 === 2 ? 60_000 : 0)).toISOString();
    const values = Object.fromEntries(Object.entries(entity.fields).map(([name, field]) => [name, valueOf(name, field, n)]));
    return { _id: idOf(entity, n + 1), createdAt: at, ...(entity.versioned && { updatedAt: at }), ...values };
  });
}

async function loadServer(server: TestServer, entity: EntityDeclaration, rows: Row[]) {
  const columns = rows.map((row) => {
    const stored: Record<string, unknown> = { id: row._id, created_at: new Date(String(row.createdAt)) };
    if (entity.versioned) stored.updated_at = new Date(String(row.updatedAt));
    for (const [name, field] of Object.entries(entity.fields)) stored[columnOf(name, field)] = row[name];
    return stored;
  });
  await server.db.insertInto(tableOf(entity) as never).values(columns as never).execute();
  // A number the database hands out goes on after the loaded ones, as the fake's does.
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!field.sequence) continue;
    const next = Math.max(0, ...rows.map((row) => Number(row[name]) || 0)) + 1;
    await sql`select setval(pg_get_serial_sequence(${tableOf(entity)}, ${columnOf(name, field)}), ${next}, false)`.execute(server.db);
  }
}

/** The declared entities, each after those its references name (a player after the teams), as the foreign keys need. */
function loadOrder() {
  const ordered: EntityDeclaration[] = [];
  const visit = (entity: EntityDeclaration) => {
    if (ordered.includes(entity)) return;
    for (const field of Object.values(entity.fields)) {
      const target = field.kind === 'ref' ? entityNamed(field.to ?? '') : undefined;
      if (target && target !== entity) visit(target);
    }
    ordered.push(entity);
  };
  ENTITIES.forEach(visit);
  return ordered;
}

/**
 * The demo league's lookups on the server, and the same rows in the fake: each as its route answers
 * it, a district or city with its parent's id, which its route is narrowed by.
 */
async function loadLookups(server: TestServer): Promise<Tables> {
  await seedLookups(server.db);
  const db = server.db;
  const createdAt = new Date(BASE_TIME).toISOString();
  const rows = (list: Record<string, unknown>[]) => list.map(({ id, ...fields }) => ({ _id: String(id), createdAt, ...fields }));
  return {
    sport: rows(await db.selectFrom('sports').select(['id', 'name']).execute()),
    stadium: rows(await db.selectFrom('stadiums').select(['id', 'name']).execute()),
    'bowling-style': rows(await db.selectFrom('bowling_styles').select(['id', 'style']).execute()),
    'batting-headedness': rows(await db.selectFrom('batting_headedness').select(['id', 'battings_type as battingsType', 'description']).execute()),
    'batting-order': rows(await db.selectFrom('batting_orders').select(['id', 'order', 'position']).execute()),
    state: rows(await db.selectFrom('states').select(['id', 'name']).execute()),
    district: rows(await db.selectFrom('districts').select(['id', 'name', 'state_id as state']).execute()),
    city: rows(await db.selectFrom('cities').select(['id', 'name', 'district_id as district']).execute()),
  };
}

/** Fastify's inject as the data provider's way to the API: the same requests a browser sends, in process. */
function injectTransport(server: TestServer): Transport {
  return async (url, options, headers) => {
    const sent: Record<string, string> = Object.fromEntries(headers.entries());
    let payload: string | Buffer | undefined;
    if (options.body instanceof FormData) {
      const request = new Request('http://contract.test/', { method: 'POST', body: options.body });
      sent['content-type'] = request.headers.get('content-type')!;
      payload = Buffer.from(await request.arrayBuffer());
    } else if (typeof options.body === 'string') {
      sent['content-type'] = 'application/json';
      payload = options.body;
    }
    const method = (options.method ?? 'GET') as 'GET';
    const res = await server.app.inject({ method, url, headers: sent, payload });
    let json: { message?: string } | undefined;
    try {
      json = JSON.parse(res.body);
    } catch {
      json = undefined;
    }
    if (res.statusCode < 200 || res.statusCode >= 300) throw new HttpError(json?.message || res.statusMessage, res.statusCode, json);
    return { status: res.statusCode, headers: new Headers(res.headers as Record<string, string>), body: res.body, json };
  };
}

type Answer = { ok: unknown } | { refused: { status: number; code: unknown; message: string; errors?: unknown } };

/** A refusal as both sides must agree on it: status, code (src/domain/error-codes.ts), message and field errors. */
const refusal = (error: HttpError & { body?: { code?: unknown; errors?: unknown } }) => ({
  status: error.status,
  code: error.body?.code,
  message: error.message,
  ...(error.body?.errors !== undefined && { errors: error.body.errors }),
});

async function answer(call: () => Promise<unknown>): Promise<Answer> {
  try {
    return { ok: await call() };
  } catch (error) {
    const refused = refusal(error as HttpError);
    // Both sides answering no code would compare equal: every refusal must carry one.
    expect(refused.code, refused.message).toEqual(expect.any(String));
    return { refused };
  }
}

/** Ids, times and image addresses each side makes up itself, named by the order they were first seen. */
function normalizer() {
  const names = new Map<string, string>();
  const mapped = (value: string, kind: string) => {
    if (!names.has(value)) names.set(value, `<${kind} ${[...names.values()].filter((name) => name.startsWith(`<${kind}`)).length + 1}>`);
    return names.get(value)!;
  };
  const walk = (value: unknown, key = ''): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item));
    // Keys in order, so that what is named first does not hang on the order a side answers its keys in.
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, walk(v, k)]));
    if (typeof value !== 'string') return value;
    if (/^(blob:|\/uploads\/)/.test(value) && !/^\/uploads\/00000000-/.test(value)) return mapped(value, 'stored image');
    // A lookup's rows are loaded alike on both sides; any other id neither side was given is new.
    const loaded = /-0000-4000-8000-/.test(value) || Object.values(lookupIds).some((ids) => ids.includes(value));
    if ((key === 'id' || key === '_id' || key === 'recordId') && !loaded) return mapped(value, 'new id');
    if (['createdAt', 'updatedAt', 'at', 'lastSignInAt'].includes(key) && Date.parse(value) > BASE_TIME + DAY_MS) return '<now>';
    return value;
  };
  return walk;
}

let pngBytes: Uint8Array<ArrayBuffer>;
const png = () => new File([pngBytes], 'contract.png', { type: 'image/png' });

/** A valid value for each field a form sends, as an admin would type it (padded, to be trimmed). */
function validForm(entity: EntityDeclaration): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [name, field] of formFields(entity)) {
    if (field.kind === 'image') data[field.alias ?? name] = { rawFile: png() };
    else if (field.kind === 'boolean') data[name] = true;
    else if (field.kind === 'text' || field.kind === 'longtext' || field.kind === 'richtext') data[name] = `  Contract ${name} value  `.padEnd(field.minLength ?? 0, '.');
    else data[name] = valueOf(name, field, 1) ?? valueOf(name, field, 0);
  }
  // A reference whose entity another field names (a target) names a row of that entity.
  for (const [name, field] of formFields(entity)) {
    const target = field.refBy && entityNamed(field.refBy.to[String(data[field.refBy.field])] ?? '');
    if (target) data[name] = idOf(target, 2);
  }
  return data;
}

/** A form with one field wrong in each way its rules refuse. */
function invalidForms(entity: EntityDeclaration): [string, Record<string, unknown>][] {
  const valid = validForm(entity);
  const forms: [string, Record<string, unknown>][] = [];
  for (const [name, field] of formFields(entity)) {
    const sentName = field.kind === 'image' ? (field.alias ?? name) : name;
    const without = Object.fromEntries(Object.entries(valid).filter(([key]) => key !== sentName));
    if (field.required) forms.push([`${name} missing`, without], [`${name} blank`, { ...without, [sentName]: '   ' }]);
    if (field.minLength) forms.push([`${name} too short`, { ...valid, [name]: ` ${'x'.repeat(field.minLength - 1)} ` }]);
    if (field.kind === 'choice') forms.push([`${name} not a choice`, { ...valid, [name]: field.many ? [field.choices?.[0], 'Not a choice'] : 'Not a choice' }]);
    if (field.kind === 'richtext' && field.required) forms.push([`${name} showing nothing`, { ...valid, [name]: '<p> </p>' }]);
    if (field.kind === 'url') forms.push([`${name} not a URL`, { ...valid, [name]: 'not a url' }]);
    if (field.refBy) {
      forms.push([`${name} naming no record`, { ...valid, [name]: '00000000-0000-4000-8000-00000000dead' }], [`${name} not an id`, { ...valid, [name]: 'not-an-id' }], [`${name} missing`, without]);
      // Its type the address (not https), and its type missing beside an address.
      forms.push([`${name}'s type an http address`, { ...valid, [field.refBy.field]: 'url', targetUrl: 'http://example.com/plain' }], [`${name}'s type missing`, { ...valid, [field.refBy.field]: '' }]);
    }
    if (field.kind === 'email') forms.push([`${name} not an e-mail`, { ...valid, [name]: 'not-an-email' }]);
    if (field.kind === 'number') forms.push([`${name} not whole`, { ...valid, [name]: '2.5' }], [`${name} too small`, { ...valid, [name]: String((field.min ?? -2_147_483_647) - 1) }]);
    if (field.kind === 'image') forms.push([`${name} not an image`, { ...valid, [sentName]: { rawFile: new File(['plain text'], 'note.png', { type: 'text/plain' }) } }]);
  }
  return forms;
}

/** The list calls a screen makes, read from the declaration. */
function listCalls(entity: EntityDeclaration, rows: Row[]): [string, Partial<GetListParams>][] {
  const page = (perPage: number, n = 1) => ({ page: n, perPage });
  const calls: [string, Partial<GetListParams>][] = [
    ['page 1', { pagination: page(10), sort: { field: 'id', order: 'ASC' }, filter: {} }],
    ['page 2', { pagination: page(10, 2), sort: { field: 'id', order: 'ASC' }, filter: {} }],
    ['past the last page', { pagination: page(10, 9), sort: { field: 'id', order: 'ASC' }, filter: {} }],
    [`over ${MAX_PAGE_SIZE} a page`, { pagination: page(MAX_PAGE_SIZE + 50), sort: { field: 'id', order: 'ASC' }, filter: {} }],
    ['sorted by a field not offered', { pagination: page(10), sort: { field: 'notAField', order: 'ASC' }, filter: {} }],
  ];
  for (const field of sortFieldsOf(entity)) {
    for (const order of ['ASC', 'DESC'] as const) calls.push([`sorted by ${field} ${order}`, { pagination: page(50), sort: { field, order }, filter: {} }]);
  }
  const sample = String(rows[3][entity.title] ?? '');
  const needles = [sample, sample.toUpperCase(), `  ${sample}  `, sample.slice(2, 6), 'mango', '#1', 'no such thing at all', '   '];
  if (entity.list.searchId) needles.push(String(rows[3]._id).slice(-6), String(rows[3]._id).slice(-6).toUpperCase());
  for (const q of needles) calls.push([`search ${JSON.stringify(q)}`, { pagination: page(50), sort: { field: 'id', order: 'ASC' }, filter: { q } }]);
  for (const name of entity.list.filters ?? []) {
    const field = entity.fields[name];
    const values =
      field.kind === 'boolean' ? [true, false, 'true', 'false'] : field.kind === 'choice' ? [...(field.choices ?? [])] : refIds(field).slice(0, 2);
    for (const value of values) {
      calls.push([`filter ${name}=${String(value)}`, { pagination: page(50), sort: { field: 'id', order: 'ASC' }, filter: { [name]: value } }]);
      calls.push([`filter ${name}=${String(value)} and search`, { pagination: page(50), sort: { field: 'id', order: 'ASC' }, filter: { [name]: value, q: 'alpha' } }]);
    }
  }
  return calls;
}

type Call = [string, (provider: CreaseDataProvider) => Promise<unknown>];

/** The calls an entity's own screens make beyond the standard ones, on the rows both sides start with. */
const OWN_CALLS: Record<string, (rows: Row[]) => Call[]> = {
  users: (rows) => {
    const [first] = rows.map((row) => row._id);
    const unknown = idOf(entityNamed('users')!, 999);
    return [
      ['stats', (provider) => provider.getStats('users')],
      ['deactivate a user', (provider) => provider.setUserActive({ id: first, value: false })],
      ['deactivate them again', (provider) => provider.setUserActive({ id: first, value: false })],
      ['the user deactivated', (provider) => provider.getOne('users', { id: first })],
      ['activate them', (provider) => provider.setUserActive({ id: first, value: true })],
      ['deactivate an unknown user', (provider) => provider.setUserActive({ id: unknown, value: false })],
      ['isActive not a boolean', (provider) => provider.setUserActive({ id: first, value: 'no' as never })],
    ];
  },
  teams: () => [['stats', (provider) => provider.getStats('teams')]],
  player: () => [['stats', (provider) => provider.getStats('player')]],
  news: () => [['stats', (provider) => provider.getStats('news')]],
  videos: (rows) => {
    const [first, second] = rows.map((row) => row._id);
    const unknown = idOf(entityNamed('videos')!, 999);
    return [
      ['featured on', (provider) => provider.setFeatured('videos', { id: first, value: true })],
      ['featured on again', (provider) => provider.setFeatured('videos', { id: first, value: true })],
      ['featured off', (provider) => provider.setFeatured('videos', { id: first, value: false })],
      ['magic moment on', (provider) => provider.setMagicMoment('videos', { id: second, value: true })],
      ['magic moment off', (provider) => provider.setMagicMoment('videos', { id: second, value: false })],
      ['featured on an unknown video', (provider) => provider.setFeatured('videos', { id: unknown, value: true })],
      ['the video after its flags', (provider) => provider.getOne('videos', { id: second })],
    ];
  },
  slides: (rows) => {
    const ids = rows.map((row) => row._id);
    const firstPage = (provider: CreaseDataProvider) => provider.getList('slides', { pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    return [
      ['order: every slide, the last first', (provider) => provider.reorder('slides', { ids: [...ids].reverse() })],
      ['the list in that order', firstPage],
      ['order: one slide left out', (provider) => provider.reorder('slides', { ids: ids.slice(1) })],
      ['order: one slide twice', (provider) => provider.reorder('slides', { ids: [...ids.slice(1), ids[1]] })],
      ['order: an unknown id', (provider) => provider.reorder('slides', { ids: [...ids.slice(1), idOf(entityNamed('slides')!, 999)] })],
      ['order: no slides', (provider) => provider.reorder('slides', { ids: [] })],
      ['the list after the refused orders', firstPage],
    ];
  },
};

let server: TestServer;
let real: CreaseDataProvider;
/** The real provider's session: a password change hands it a fresh one. */
let token: string;
let fake: FakeDataProvider;
/** The fake's own tables, for scenarios that load a row on both sides. */
let fakeTables: Tables;
const rowsByEntity = new Map<EntityDeclaration, Row[]>();

beforeAll(async () => {
  pngBytes = new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#14532d' } }).png().toBuffer());
  server = await createTestServer();
  // The same account on both sides, the fake's own admin: a record that keeps who added it, and
  // the activity log, name them alike.
  await server.db
    .updateTable('admins')
    .set({ first_name: FAKE_ADMIN.firstName, last_name: FAKE_ADMIN.lastName, email: FAKE_ADMIN_ACCOUNT.email, created_at: new Date(FAKE_ADMIN_ACCOUNT.createdAt) })
    .where('id', '=', server.admin.id)
    .execute();
  // Signed in on both sides, each with its own password, after a try with an unknown e-mail and one with a wrong password.
  for (const email of ['nobody@example.in', FAKE_ADMIN.email]) await login(server.app, email, 'not the password');
  token = (await login(server.app, FAKE_ADMIN.email, TEST_ADMIN.password)).json().token as string;
  real = createDataProvider('', createHttpClient(() => token, injectTransport(server)));
  const tables: Tables = await loadLookups(server);
  fakeTables = tables;
  for (const [name, rows] of Object.entries(tables)) lookupIds[name] = rows.map((row) => row._id);
  for (const entity of loadOrder()) {
    const rows = rowsOf(entity) as Row[];
    rowsByEntity.set(entity, rows);
    await loadServer(server, entity, rows);
    tables[entity.name] = rows.map((row) => ({ ...row }));
  }
  fake = createFakeDataProvider(tables);
  for (const email of ['nobody@example.in', FAKE_ADMIN.email]) await fake.signIn({ email, password: 'not the password' }).catch(() => undefined);
  await fake.signIn({ email: FAKE_ADMIN.email, password: FAKE_ADMIN_PASSWORD });
});
afterAll(() => server?.close());

const scenarios: string[] = [];
const differences: string[] = [];

// Each test is a contract of its own: it compares at least one call on both sides, and each call is its own
// assertion, named by its scenario (a soft one, so a test reports every scenario that differs, not the first).
let before = 0;
beforeEach(() => {
  before = scenarios.length;
});
afterEach(() => {
  expect(scenarios.length, 'calls compared on both sides').toBeGreaterThan(before);
});

/** One scenario's verdict: the two answers from where they part, or nothing when they agree. */
function judge(label: string, onServer: string, onFake: string) {
  scenarios.push(label);
  const difference = onServer === onFake ? '' : `server ${clip(onServer, onFake)}\n  fake   ${clip(onFake, onServer)}`;
  if (difference) differences.push(label);
  expect.soft(difference, `${label}: the fake answers as the server`).toBe('');
}
afterAll(() => {
  console.log(`fake contract: ${scenarios.length} scenarios (${ENTITIES.length} declared entities, admins, the dashboard, the activity log, the unrouted calls and the lookups), ${differences.length} differences`);
});

/** JSON with every object's keys in order: the order a record's keys arrive in is no difference. */
const stable = (value: unknown): string =>
  JSON.stringify(value, (_, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1))) : item,
  );

/** The JSON from where it starts to differ from the other side's, cut short. */
function clip(text: string, other: string) {
  let at = 0;
  while (at < text.length && text[at] === other[at]) at++;
  const from = Math.max(0, at - 80);
  return `${from > 0 ? '…' : ''}${text.slice(from, from + 240)}${from + 240 < text.length ? '…' : ''}`;
}

/** The same call on both sides; any difference in what they answer is recorded. */
async function same(label: string, call: (provider: CreaseDataProvider) => Promise<unknown>) {
  const [fromServer, fromFake] = [normalizer()(await answer(() => call(real))), normalizer()(await answer(() => call(fake)))];
  judge(label, stable(fromServer), stable(fromFake));
}

describe.each(ENTITIES.map((entity) => [entity.name, entity] as const))('%s: the fake answers as the server', (_, entity) => {
  const resource = entity.name;

  it('lists, sorts, searches, filters and pages alike', async () => {
    if (!can(entity, 'list')) return;
    for (const [label, params] of listCalls(entity, rowsByEntity.get(entity)!)) {
      await same(`${resource} list, ${label}`, (provider) => provider.getList(resource, params as GetListParams));
    }
  });

  it('reads one record, a missing one, a malformed id and several alike', async () => {
    const rows = rowsByEntity.get(entity)!;
    for (const [label, id] of [['a record', rows[4]._id], ['a missing id', idOf(entity, 999)], ['a malformed id', 'not-an-id']]) {
      await same(`${resource} get ${label}`, (provider) => provider.getOne(resource, { id }));
    }
    await same(`${resource} get many`, (provider) => provider.getMany(resource, { ids: [rows[2]._id, rows[0]._id] }));
    await same(`${resource} get many, one missing`, (provider) => provider.getMany(resource, { ids: [rows[2]._id, idOf(entity, 999)] }));
  });

  const ownCalls = OWN_CALLS[resource];
  if (ownCalls) {
    it('answers its own calls alike', async () => {
      for (const [label, call] of ownCalls(rowsByEntity.get(entity)!)) await same(`${resource} ${label}`, call);
    });
  }

  it('refuses each invalid field of a create alike, then creates alike', async () => {
    for (const [label, data] of invalidForms(entity)) await same(`${resource} create, ${label}`, (provider) => provider.create(resource, { data }));
    await same(`${resource} create`, (provider) => provider.create(resource, { data: validForm(entity) }));
    // Rich text is stored cleaned on both sides.
    for (const [name] of formFields(entity).filter(([, field]) => field.kind === 'richtext')) {
      const markup = '<h2 style="text-align:center;position:fixed">Hi</h2><p onclick="steal()">there <script>alert(1)</script><a href="javascript:alert(1)" target="_blank">link</a><img src="http://evil.example/x.png"></p>';
      await same(`${resource} create, ${name} with markup to clean`, (provider) => provider.create(resource, { data: { ...validForm(entity), [name]: markup } }));
    }
    await same(`${resource} list after the create`, (provider) =>
      provider.getList(resource, { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    );
  });

  it('edits (refusing a stale edit) and deletes alike', async () => {
    const rows = rowsByEntity.get(entity)!;
    const target = rows[6];
    const data = { ...validForm(entity), updatedAt: '2020-01-01T00:00:00.000Z' };
    if (entity.versioned) await same(`${resource} stale update`, (provider) => provider.update(resource, { id: target._id, data, previousData: { id: target._id } }));
    await same(`${resource} update`, (provider) =>
      provider.update(resource, { id: target._id, data: { ...validForm(entity), updatedAt: target.updatedAt }, previousData: { id: target._id } }),
    );
    // An edit from the admin's form: its fields only (not those left to API clients), an optional image removed.
    const optionalImages = formFields(entity).filter(([, field]) => field.kind === 'image' && !field.required).map(([name]) => name);
    await same(`${resource} update from the admin form${optionalImages.length ? ', removing its optional images' : ''}`, async (provider) => {
      const { data: current } = await provider.getOne(resource, { id: rows[5]._id });
      const sent = Object.fromEntries(Object.entries(validForm(entity)).filter(([name]) => adminFormFields(entity).some(([field, declared]) => (declared.alias ?? field) === name || field === name)));
      return provider.update(resource, { id: rows[5]._id, data: { ...sent, ...(optionalImages.length && { removeImages: optionalImages }), updatedAt: current.updatedAt }, previousData: current });
    });
    await same(`${resource} update a missing id`, (provider) => provider.update(resource, { id: idOf(entity, 999), data: validForm(entity), previousData: { id: idOf(entity, 999) } }));
    await same(`${resource} delete`, (provider) => provider.delete(resource, { id: rows[7]._id, previousData: { id: rows[7]._id } }));
    await same(`${resource} get after the delete`, (provider) => provider.getOne(resource, { id: rows[7]._id }));
    await same(`${resource} delete a missing id`, (provider) => provider.delete(resource, { id: idOf(entity, 999), previousData: { id: idOf(entity, 999) } }));
  });
});

describe('the hand-written resources: the fake answers as the server', () => {
  const someId = '6f1c1f4e-8f43-4c0e-9d7c-2a4b8e1e9f00';

  it('answers a call the API has no route for with Page not found', async () => {
    const unrouted: Call[] = [
      ['player delete', (provider) => provider.delete('player', { id: someId, previousData: { id: someId } })],
      ['matches delete', (provider) => provider.delete('matches', { id: someId, previousData: { id: someId } })],
      ['matches delete many', (provider) => provider.deleteMany('matches', { ids: [someId] })],
      ['registrations create', (provider) => provider.create('registrations', { data: { firstName: 'Asha' } })],
      ['admins delete', (provider) => provider.delete('admins', { id: someId, previousData: { id: someId } })],
      ['activity get one', (provider) => provider.getOne('activity', { id: someId })],
      ['activity delete', (provider) => provider.delete('activity', { id: someId, previousData: { id: someId } })],
      ['sport get one', (provider) => provider.getOne('sport', { id: someId })],
      ['sport create', (provider) => provider.create('sport', { data: { name: 'Kabaddi' } })],
      ['city update', (provider) => provider.update('city', { id: someId, data: { name: 'Pune' }, previousData: { id: someId } })],
    ];
    for (const [label, call] of unrouted) await same(label, call);
  });

  it("refuses an empty form with its first field's message, and a bulk change naming no one", async () => {
    for (const resource of ['teams', 'player', 'matches']) await same(`${resource} create, empty`, (provider) => provider.create(resource, { data: {} }));
    await same('registrations bulk status, no ids', (provider) => provider.updateMany('registrations', { ids: [], data: { status: 'approved' }, meta: { path: 'status' } }));
  });

  it("refuses a registration's district outside its state, and its city outside its district", async () => {
    const id = '6f1c1f4e-8f43-4c0e-9d7c-2a4b8e1e9f01';
    const at = new Date(BASE_TIME);
    await server.db.insertInto('registrations').values({ id, first_name: 'Asha', status: 'pending', created_at: at, updated_at: at }).execute();
    (fakeTables.registrations ??= []).push({ _id: id, firstName: 'Asha', status: 'pending', createdAt: at.toISOString(), updatedAt: at.toISOString() });
    const districtsOf = (state: string) => fakeTables.district.filter((row) => row.state === state).map((row) => row._id);
    const citiesOf = (district: string) => fakeTables.city.filter((row) => row.district === district).map((row) => row._id);
    const [state, other] = lookupIds.state;
    const [district] = districtsOf(state);
    const [elsewhere] = districtsOf(other);
    const [farCity] = citiesOf(elsewhere);
    const update = (data: Record<string, unknown>) => (provider: CreaseDataProvider) => provider.update('registrations', { id, data: { firstName: 'Asha', ...data }, previousData: { id } });
    await same('registrations update, a district outside its state', update({ state, district: elsewhere }));
    await same('registrations update, a city outside its district', update({ state, district, city: farCity }));
    await same('registrations update, an unknown district', update({ state, district: idOf(entityNamed('teams')!, 997) }));
  });

  it('reads each lookup whole, in its own order, narrowed only by its parent', async () => {
    const lookups = ['sport', 'stadium', 'bowling-style', 'batting-headedness', 'batting-order', 'state', 'district', 'city'];
    const dropdown = (filter: Record<string, unknown> = {}) => ({ pagination: { page: 1, perPage: 5 }, sort: { field: 'name', order: 'ASC' as const }, filter });
    for (const resource of lookups) {
      await same(`${resource} as a dropdown reads it`, (provider) => provider.getList(resource, dropdown()));
      await same(`${resource} searched as you type`, (provider) => provider.getList(resource, dropdown({ q: 'ar' })));
    }
    const { data: states } = await real.getList('state', dropdown());
    const { data: districts } = await real.getList('district', dropdown({ state: states[0].id }));
    await same('district of a state', (provider) => provider.getList('district', dropdown({ state: states[0].id })));
    await same('city of a district', (provider) => provider.getList('city', dropdown({ district: districts[0].id })));
    const { data: sports } = await real.getList('sport', dropdown());
    await same('sport get many', (provider) => provider.getMany('sport', { ids: [sports.at(-1)!.id, sports[0].id] }));
  });
});

describe('matches, made through the admin form: tabs, date range, counts, images and their teams changing', () => {
  /** Each side's own ids of the matches it made, in the order made. */
  const made = new Map<CreaseDataProvider, string[]>();
  const teamId = (n: number) => idOf(entityNamed('teams')!, n);
  /** A day from today, at its start (UTC): positive days are upcoming, the others played. */
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const form = (n: number) => ({
    matchDate: day(n % 2 ? -(n + 1) : n + 1),
    stadium: lookupIds.stadium[n % lookupIds.stadium.length],
    teamA: teamId(n + 1),
    teamB: teamId(n + 2),
    result: ['Team A Won', 'Team B Won', 'Draw', 'No Result'][n % 4],
    title: n % 3 === 2 ? '   ' : `  Final ${n}  `,
    overs: n % 3 === 0 ? '' : String(10 + n),
    matchTime: n % 2 ? ' 18:30 ' : '',
    tournament: 'Cup',
  });
  const list = (filter: Record<string, unknown>, sort = { field: 'id', order: 'ASC' as 'ASC' | 'DESC' }) => (provider: CreaseDataProvider) =>
    provider.getList('matches', { pagination: { page: 1, perPage: 50 }, sort, filter });

  it('creates, refuses, lists, reads, counts and edits alike', async () => {
    for (let n = 0; n < 6; n++) {
      await same(`matches create ${n}`, async (provider) => {
        const answer = await provider.create('matches', { data: form(n) });
        made.set(provider, [...(made.get(provider) ?? []), String(answer.data.id)]);
        return answer;
      });
    }
    const valid = form(0);
    const refused: [string, Record<string, unknown>][] = [
      ['no date', { ...valid, matchDate: '' }],
      ['a date that is none', { ...valid, matchDate: '31 Smarch' }],
      ['no stadium', { ...valid, stadium: '' }],
      ['an unknown stadium', { ...valid, stadium: teamId(1) }],
      ['no team A', { ...valid, teamA: '' }],
      ['an unknown team B', { ...valid, teamB: teamId(999) }],
      ['one team twice', { ...valid, teamB: valid.teamA }],
      ['no result', { ...valid, result: '' }],
      ['a result not listed', { ...valid, result: 'Abandoned' }],
      ['no overs', { ...valid, overs: '0' }],
    ];
    for (const [label, data] of refused) await same(`matches create, ${label}`, (provider) => provider.create('matches', { data }));

    const stadium = (await real.getList('stadium', { pagination: { page: 1, perPage: 5 }, sort: { field: 'name', order: 'ASC' }, filter: {} })).data[0].name as string;
    const calls: [string, Record<string, unknown>, { field: string; order: 'ASC' | 'DESC' }?][] = [
      ['page 1', {}],
      ['upcoming', { when: 'upcoming' }],
      ['played', { when: 'played' }],
      ['from a day', { from: day(-3) }],
      ['to a day', { to: day(1) }],
      // As the screen sends a day: the admin's local midnight, and the last millisecond of the day.
      ['from a moment', { from: new Date(Date.parse(day(-3)) + 5 * 3_600_000).toISOString() }],
      ['to a moment', { to: new Date(Date.parse(day(1)) + 18 * 3_600_000 - 1).toISOString() }],
      ['a result', { result: 'Draw' }],
      ['search a stadium', { q: stadium }],
      ['search a stadium, padded and in capitals', { q: `  ${stadium.toUpperCase()}  ` }],
      ['search for nothing there', { q: 'no such ground' }],
      ['by match date', {}, { field: 'matchDate', order: 'ASC' }],
      ['by match date, latest first', {}, { field: 'matchDate', order: 'DESC' }],
      ['upcoming, latest first', { when: 'upcoming' }, { field: 'matchDate', order: 'DESC' }],
      ['oldest first', {}, { field: 'createdAt', order: 'ASC' }],
    ];
    for (const [label, filter, sort] of calls) await same(`matches list, ${label}`, list(filter, sort));
    for (const filter of [{}, { q: stadium }, { result: 'Draw' }, { from: day(-3), to: day(5) }]) {
      await same(`matches stats ${JSON.stringify(filter)}`, (provider) => provider.getStats('matches', { filter }));
    }

    const mine = (provider: CreaseDataProvider) => made.get(provider)![1];
    await same('matches get one', (provider) => provider.getOne('matches', { id: mine(provider) }));
    await same('matches get one missing', (provider) => provider.getOne('matches', { id: idOf(entityNamed('teams')!, 998) }));
    await same('matches stale update', (provider) =>
      provider.update('matches', { id: mine(provider), data: { ...form(1), updatedAt: '2020-01-01T00:00:00.000Z' }, previousData: { id: mine(provider) } }),
    );
    await same('matches update', async (provider) => {
      const { data: current } = await provider.getOne('matches', { id: mine(provider) });
      return provider.update('matches', { id: mine(provider), data: { ...form(4), title: ' Edited ', updatedAt: current.updatedAt }, previousData: current });
    });
    const withImages = { ...form(5), stadium_image: { rawFile: png() }, teamA_Flag: { rawFile: png() }, teamB_Flag: { rawFile: png() } };
    await same('matches create with a stadium image and both flags', async (provider) => {
      const answer = await provider.create('matches', { data: withImages });
      made.set(provider, [...made.get(provider)!, String(answer.data.id)]);
      return answer;
    });
    await same('matches create, a flag that is no image', (provider) =>
      provider.create('matches', { data: { ...form(5), teamA_Flag: { rawFile: new File(['plain text'], 'flag.png', { type: 'text/plain' }) } } }),
    );
    await same('matches update: one flag removed, the stadium image replaced', async (provider) => {
      const id = made.get(provider)!.at(-1)!;
      const { data: current } = await provider.getOne('matches', { id });
      const data = { ...form(5), stadium_image: { rawFile: png() }, removeImages: ['teamB_Flag'], updatedAt: current.updatedAt };
      return provider.update('matches', { id, data, previousData: current });
    });
    await same('matches list with the images', list({}, { field: 'createdAt', order: 'DESC' }));
    await same('matches after a team is renamed', async (provider) => {
      const { data: team } = await provider.getOne('teams', { id: teamId(2) });
      await provider.update('teams', { id: teamId(2), data: { name: `${String(team.name)} Renamed`, sport: (team.sport as { _id: string })._id, updatedAt: team.updatedAt }, previousData: team });
      return provider.getOne('matches', { id: made.get(provider)![0] });
    });
    await same('a team deleted: its players and matches stay without it, each a new version', async (provider) => {
      await provider.delete('teams', { id: teamId(2), previousData: { id: teamId(2) } });
      const player = await provider.getOne('player', { id: idOf(entityNamed('player')!, 2) });
      return [player, await provider.getOne('matches', { id: made.get(provider)![0] })];
    });
  });
});

describe('registrations (written by hand): the fake answers as the server', () => {
  const COUNT = 24;
  const regId = (n: number) => `000000ff-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  const playerId = (n: number, p: number) => `000000fe-0000-4000-8000-${(n * 10 + p).toString(16).padStart(12, '0')}`;
  const STATUSES = ['pending', 'approved', 'rejected', ''];

  /** Registrations as the mobile app sends them: some without a last name, a status or players; places nested. */
  function registrationRows() {
    const places = (n: number) => {
      const state = lookupIds.state[n % lookupIds.state.length];
      const district = fakeTables.district.find((row) => row.state === state);
      const city = district && fakeTables.city.find((row) => row.district === district._id);
      return { state, district: district?._id ?? null, city: city?._id ?? null };
    };
    return Array.from({ length: COUNT }, (_, n) => ({
      _id: regId(n + 1),
      firstName: `${WORDS[n % WORDS.length]}`,
      lastName: n % 4 === 3 ? null : `Kumar ${n % 5}`,
      email: n % 6 === 5 ? null : `reg.${n}@example.in`,
      phone: `98${String(10_000_000 + n * 1_234_567).slice(0, 8)}`,
      DOB: n % 7 === 6 ? null : `199${n % 10}-0${(n % 9) + 1}-15`,
      GovernmentIdType: 'Aadhaar',
      // Whole as stored (answered masked), some in another shape, some none.
      GovernmentIdNumber: n % 6 === 2 ? null : n % 4 === 1 ? `ABCPD${1000 + n}E` : `${2345 + n} 6789 ${1000 + n}`,
      // Some sent from the app by a loaded user; the rest the demo's.
      userId: n % 3 === 0 ? idOf(entityNamed('users')!, n + 1) : null,
      ...(n % 5 === 4 ? { state: null, district: null, city: null } : places(n)),
      area: n % 3 ? 'Main Road' : null,
      pinCode: `4000${10 + n}`,
      address: n % 8 === 1 ? '=1+2, "Quoted", Road' : `${n + 12}, Main Road`,
      playingRole: PLAYER_ROLES[n % PLAYER_ROLES.length],
      battingStyle: n % 2 ? 'Left-handed' : 'Right-handed',
      status: STATUSES[n % STATUSES.length],
      createdAt: new Date(BASE_TIME - Math.floor(n / 2) * 3_600_000).toISOString(),
      players: Array.from({ length: n % 3 }, (_, p) => ({
        _id: playerId(n, p),
        firstName: `Junior ${p + 1}`,
        lastName: p ? null : 'Kumar',
        dob: `201${p}-05-0${p + 1}`,
        playingRole: PLAYER_ROLES[p],
        battingStyle: 'Right-handed',
        bowlingStyle: p ? 'Leg spin' : null,
        photo: null,
      })),
    }));
  }

  beforeAll(async () => {
    const rows = registrationRows();
    for (const row of rows) {
      const at = new Date(row.createdAt);
      await server.db
        .insertInto('registrations')
        .values({
          id: row._id, first_name: row.firstName, last_name: row.lastName, email: row.email, phone: row.phone, dob: row.DOB,
          government_id_type: row.GovernmentIdType, government_id_number: row.GovernmentIdNumber,
          state_id: row.state, district_id: row.district, city_id: row.city, area: row.area, pin_code: row.pinCode, address: row.address,
          playing_role: row.playingRole, batting_style: row.battingStyle, status: row.status, created_at: at, updated_at: at, user_id: row.userId,
        })
        .execute();
      for (const [position, player] of row.players.entries()) {
        await server.db
          .insertInto('registration_players')
          .values({
            id: player._id, registration_id: row._id, position, first_name: player.firstName, last_name: player.lastName, dob: player.dob,
            playing_role: player.playingRole, batting_style: player.battingStyle, bowling_style: player.bowlingStyle, photo: player.photo,
          })
          .execute();
      }
      (fakeTables.registrations ??= []).push({ ...row, updatedAt: row.createdAt });
    }
  });

  const list = (filter: Record<string, unknown>, sort: { field: string; order: 'ASC' | 'DESC' } = { field: 'id', order: 'ASC' }, page = 1) => (provider: CreaseDataProvider) =>
    provider.getList('registrations', { pagination: { page, perPage: 10 }, sort, filter });
  const csv = (filter: Record<string, unknown>) => async (provider: CreaseDataProvider) => {
    const { data } = await provider.exportCsv('registrations', { filter });
    return { type: data.type, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await data.arrayBuffer()) };
  };

  it('lists by every tab, filter, search and sort, counts the tabs and exports alike', async () => {
    const [state] = lookupIds.state;
    const district = fakeTables.district.find((row) => row.state === state)!._id;
    const city = fakeTables.city.find((row) => row.district === district)!._id;
    const filters: [string, Record<string, unknown>][] = [
      ['every registration', {}],
      ...['pending', 'approved', 'rejected'].map((status): [string, Record<string, unknown>] => [`the ${status} tab`, { status }]),
      ['a state', { state }],
      ['a district', { district }],
      ['a city', { city }],
      ['a playing role', { playingRole: 'Bowler' }],
      ['a malformed state id', { state: 'not-an-id' }],
      ['a search', { q: 'alpha' }],
      ['a search, padded and in capitals', { q: '  ALPHA  ' }],
      ['a full name', { q: 'Zebra Kumar' }],
      ['an e-mail', { q: 'reg.1' }],
      ['a phone number', { q: '981' }],
      ['a search of spaces', { q: '   ' }],
      ['a search finding nobody', { q: 'no such player' }],
      ['the pending tab and a search', { status: 'pending', q: 'mango' }],
    ];
    for (const [label, filter] of filters) {
      await same(`registrations list, ${label}`, list(filter));
      await same(`registrations stats, ${label}`, (provider) => provider.getStats('registrations', { filter }));
      await same(`registrations CSV, ${label}`, csv(filter));
    }
    await same('registrations list, page 2', list({}, undefined, 2));
    await same('registrations list, past the last page', list({}, undefined, 9));
    for (const field of ['firstName', 'createdAt']) {
      for (const order of ['ASC', 'DESC'] as const) await same(`registrations list, by ${field} ${order}`, list({}, { field, order }));
    }
    await same('registrations list, a tab not offered', list({ status: 'archived' }));
  });

  it('reads one with its players and places, a missing one and a malformed id alike', async () => {
    for (const [label, id] of [['a registration with players', regId(3)], ['one without places', regId(5)], ['a missing one', regId(999)], ['a malformed id', 'not-an-id']]) {
      await same(`registrations get ${label}`, (provider) => provider.getOne('registrations', { id }));
    }
  });

  it('shows a government ID whole alike, logging each reveal, and 404 for a missing or malformed id', async () => {
    for (const [label, id] of [['a registration', regId(2)], ['one in another shape', regId(6)], ['one without a number', regId(3)], ['a missing one', regId(999)], ['a malformed id', 'not-an-id']]) {
      await same(`registrations reveal ${label}`, (provider) => provider.revealGovernmentId('registrations', { id }));
    }
    await same('registrations reveal on another resource', (provider) => provider.revealGovernmentId('teams', { id: regId(2) }));
    await same('registrations still masked after a reveal', (provider) => provider.getOne('registrations', { id: regId(2) }));
  });

  it('changes statuses one by one and in bulk alike, all or none', async () => {
    const status = (id: string, value: unknown) => (provider: CreaseDataProvider) =>
      provider.update('registrations', { id, data: { status: value }, previousData: { id }, meta: { path: 'status' } });
    const bulk = (ids: string[], value: unknown) => (provider: CreaseDataProvider) =>
      provider.updateMany('registrations', { ids, data: { status: value }, meta: { path: 'status' } });
    await same('registrations approve one', status(regId(1), 'approved'));
    await same('registrations set one back to pending', status(regId(2), 'pending'));
    await same('registrations a status not listed', status(regId(1), 'archived'));
    await same('registrations approve a missing one', status(regId(999), 'approved'));
    await same('registrations reject two in bulk', bulk([regId(3), regId(4)], 'rejected'));
    await same('registrations bulk, one unknown: none changes', bulk([regId(6), regId(998), regId(997)], 'approved'));
    await same('registrations bulk, a status not listed', bulk([regId(6)], 'archived'));
    await same('registrations the tabs after', (provider) => provider.getStats('registrations', {}));
    await same('registrations the approved tab after', list({ status: 'approved' }));
  });

  it("tells a fan of a decision alike: push is not set up on either side, so each fan's registration says the fan was not told", async () => {
    const fans = [idOf(entityNamed('users')!, 2), idOf(entityNamed('users')!, 3)];
    const ids = [regId(201), regId(202), regId(203)];
    for (const [n, id] of ids.entries()) {
      // The third is the demo's: no fan sent it.
      const userId = n < 2 ? fans[n] : null;
      const at = new Date(BASE_TIME - n * 60_000);
      await server.db.insertInto('registrations').values({ id, first_name: 'Noor', status: 'pending', user_id: userId, created_at: at, updated_at: at }).execute();
      fakeTables.registrations.push({ _id: id, firstName: 'Noor', status: 'pending', userId, createdAt: at.toISOString(), updatedAt: at.toISOString() });
    }
    const status = (id: string, value: string) => (provider: CreaseDataProvider) =>
      provider.update('registrations', { id, data: { status: value }, previousData: { id }, meta: { path: 'status' } });
    const get = (id: string) => (provider: CreaseDataProvider) => provider.getOne('registrations', { id });
    await same("registrations a fan's, undecided: no notice", get(ids[0]));
    await same("registrations approve a fan's: not told", status(ids[0], 'approved'));
    await same("registrations reject a fan's approved one: not told of the rejection", status(ids[0], 'rejected'));
    await same("registrations a fan's set back to pending keeps what the fan was last (not) told", status(ids[0], 'pending'));
    await same("registrations bulk approve a fan's and the demo's", (provider) =>
      provider.updateMany('registrations', { ids: ids.slice(1), data: { status: 'approved' }, meta: { path: 'status' } }),
    );
    for (const id of ids) await same(`registrations notice after the bulk, ${id}`, get(id));
  });

  it('edits (refusing a stale edit, a blank first name, a bad e-mail), deletes and exports alike', async () => {
    const target = regId(8);
    const edit = (data: Record<string, unknown>) => async (provider: CreaseDataProvider) => {
      const { data: current } = await provider.getOne('registrations', { id: target });
      return provider.update('registrations', { id: target, data: { ...data, updatedAt: current.updatedAt }, previousData: current });
    };
    const [state, other] = lookupIds.state;
    const district = fakeTables.district.find((row) => row.state === other)!._id;
    await same('registrations stale edit', (provider) =>
      provider.update('registrations', { id: target, data: { firstName: 'Late', updatedAt: '2020-01-01T00:00:00.000Z' }, previousData: { id: target } }),
    );
    await same('registrations edit, first name blank', edit({ firstName: '   ' }));
    await same('registrations edit, e-mail not one', edit({ firstName: 'Asha', email: 'not-an-email' }));
    await same('registrations edit, district of another state', edit({ firstName: 'Asha', state, district }));
    await same('registrations edit, trimmed, blanks cleared, places moved', edit({
      firstName: '  Asha  ', lastName: '   ', email: ' asha@example.in ', phone: '', state: other, district, city: '', area: ' Ring Road ', pinCode: '411001', address: '',
      status: 'approved', GovernmentIdNumber: 'ignored',
    }));
    await same('registrations edit, a missing one', (provider) =>
      provider.update('registrations', { id: regId(999), data: { firstName: 'Asha' }, previousData: { id: regId(999) } }),
    );
    await same('registrations CSV after the edit', csv({}));
    await same('registrations delete', (provider) => provider.delete('registrations', { id: regId(9), previousData: { id: regId(9) } }));
    await same('registrations get after the delete', (provider) => provider.getOne('registrations', { id: regId(9) }));
    await same('registrations delete a missing one', (provider) => provider.delete('registrations', { id: regId(999), previousData: { id: regId(999) } }));
    await same('registrations list after the delete', list({}));
  });
});

describe('admin accounts (written by hand): the fake answers as the server', () => {
  const list = (filter: Record<string, unknown>, sort = { field: 'id', order: 'ASC' as 'ASC' | 'DESC' }) => (provider: CreaseDataProvider) =>
    provider.getList('admins', { pagination: { page: 1, perPage: 25 }, sort, filter });
  /** Each side's own ids of the admins it added, in the order added. */
  const added = new Map<CreaseDataProvider, string[]>();
  const mine = (provider: CreaseDataProvider, n: number) => added.get(provider)![n];
  const self = (provider: CreaseDataProvider) => (provider === real ? server.admin.id : FAKE_ADMIN_ACCOUNT._id);
  const update = (id: (provider: CreaseDataProvider) => string, data: Record<string, unknown>) => (provider: CreaseDataProvider) =>
    provider.update('admins', { id: id(provider), data, previousData: { id: id(provider) } });

  it('adds, refuses, lists, searches, sorts, changes and guards the last active admin alike', async () => {
    const valid = { firstName: '  Ravi ', lastName: ' Menon ', email: ' Ravi.Menon@Example.in ', password: 'a long first password' };
    const refused: [string, Record<string, unknown>][] = [
      ['no first name', { ...valid, firstName: undefined }],
      ['a blank last name', { ...valid, lastName: '   ' }],
      ['no e-mail', { ...valid, email: undefined }],
      ['an e-mail that is none', { ...valid, email: 'ravi' }],
      ['a short password', { ...valid, password: 'short' }],
      ['no password', { ...valid, password: undefined }],
    ];
    for (const [label, data] of refused) await same(`admins add, ${label}`, (provider) => provider.create('admins', { data }));
    for (const [n, data] of [valid, { ...valid, firstName: 'zoya', lastName: 'Khan', email: 'zoya@example.in' }, { ...valid, firstName: '#10 Deepa', lastName: 'Iyer', email: 'deepa@example.in' }].entries()) {
      await same(`admins add ${n}`, async (provider) => {
        const answer = await provider.create('admins', { data });
        added.set(provider, [...(added.get(provider) ?? []), String(answer.data.id)]);
        return answer;
      });
    }
    await same('admins add, a role that is none', (provider) => provider.create('admins', { data: { ...valid, email: 'no.role@example.in', role: 'superuser' } }));
    await same('admins add, an e-mail taken in other capitals', (provider) => provider.create('admins', { data: { ...valid, email: 'RAVI.menon@example.in' } }));

    const calls: [string, Record<string, unknown>, { field: string; order: 'ASC' | 'DESC' }?][] = [
      ['every admin', {}],
      ['searched by name', { q: 'ravi' }],
      ['searched by full name', { q: '  Zoya Khan ' }],
      ['searched by e-mail', { q: 'EXAMPLE.IN' }],
      ['active ones', { isActive: true }],
      ['active ones, as the filter sends it', { isActive: 'true' }],
      ['deactivated ones, as the filter sends it', { isActive: 'false' }],
      ['deactivated ones', { isActive: false }],
      ['owners', { role: 'owner' }],
      ['editors, as every admin added without a role is', { role: 'editor' }],
      ['a role that is none', { role: 'admin' }],
    ];
    for (const field of ['firstName', 'lastName', 'email', 'createdAt']) for (const order of ['ASC', 'DESC'] as const) calls.push([`by ${field} ${order}`, {}, { field, order }]);
    for (const [label, filter, sort] of calls) await same(`admins list, ${label}`, list(filter, sort));

    await same('admins get one', (provider) => provider.getOne('admins', { id: mine(provider, 0) }));
    await same('admins get a missing one', (provider) => provider.getOne('admins', { id: idOf(entityNamed('teams')!, 996) }));
    await same('admins rename', update((provider) => mine(provider, 0), { firstName: ' Ravi K. ', lastName: 'Menon' }));
    await same('admins rename to a blank', update((provider) => mine(provider, 0), { firstName: '  ' }));
    await same('admins give a role', update((provider) => mine(provider, 0), { role: 'moderator' }));
    await same('admins give a role that is none', update((provider) => mine(provider, 0), { role: 'admin' }));
    await same('admins demote the last active owner', update(self, { role: 'editor' }));
    await same('admins reset a password too short', update((provider) => mine(provider, 1), { password: 'short' }));
    await same('admins reset a password', update((provider) => mine(provider, 1), { password: 'another long password' }));
    await same('admins deactivate', update((provider) => mine(provider, 1), { isActive: false }));
    await same('admins deactivate yourself', update(self, { isActive: false }));
    await same('admins change a missing one', update(() => idOf(entityNamed('teams')!, 996), { firstName: 'Nobody' }));
    await same('admins deactivate the others', async (provider) => {
      for (const n of [0, 2]) await provider.update('admins', { id: mine(provider, n), data: { isActive: false }, previousData: { id: mine(provider, n) } });
      return list({ isActive: true })(provider);
    });
    await same('admins reactivate', update((provider) => mine(provider, 1), { isActive: true }));
    // Signing in as another admin (and back): the API's sign-in on one side, the fake league's on the other.
    const signIn = (email: string, password: (provider: CreaseDataProvider) => string) => async (provider: CreaseDataProvider) => {
      if (provider === real) {
        const res = await login(server.app, email, password(real));
        return res.statusCode === 200 ? { user: res.json().user } : { refused: { status: res.statusCode, code: res.json().code, message: res.json().message } };
      }
      return fake.signIn({ email, password: password(fake) }).then(
        ({ user }) => ({ user }),
        (error: HttpError) => ({ refused: refusal(error) }),
      );
    };
    const own = (provider: CreaseDataProvider) => (provider === real ? TEST_ADMIN.password : FAKE_ADMIN_PASSWORD);
    await same('sign in with a first password, deactivated since', signIn('RAVI.MENON@example.in', () => 'a long first password'));
    await same('sign in with the password before a reset', signIn('zoya@example.in', () => 'a long first password'));
    await same('sign in after a reset: asked to choose their own', signIn('zoya@example.in', () => 'another long password'));
    await same('sign in as a deactivated admin', signIn('deepa@example.in', () => 'a long first password'));
    await same('sign in as a deactivated admin, wrong password', signIn('deepa@example.in', () => 'not it'));
    await same('a call before choosing their own password', async (provider) => {
      const teams = { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
      if (provider !== real) return fake.signIn({ email: 'zoya@example.in', password: 'another long password' }).then(() => fake.getList('teams', teams));
      const first = (await login(server.app, 'zoya@example.in', 'another long password')).json().token as string;
      return createDataProvider('', createHttpClient(() => first, injectTransport(server))).getList('teams', teams);
    });
    await same('sign in again as the admin under test', signIn(FAKE_ADMIN.email, own));
    await same('profile name, blank', (provider) => provider.saveProfile({ firstName: '  ', lastName: 'Rao' }));
    await same('profile name', (provider) => provider.saveProfile({ firstName: ' Asha ', lastName: ' Rao-Iyer ' }));
    // Two-factor authentication: off at first, refusals in the server's words, the policy (left off: on, it holds the admin under test).
    await same('two-factor: off at first', (provider) => provider.getTotp());
    await same('two-factor: confirmed before set-up', (provider) => provider.confirmTotp({ code: '123456' }));
    await same('two-factor: turned off with a wrong password', (provider) => provider.turnOffTotp({ password: 'not it at all' }));
    await same('two-factor: turned off while off', (provider) => provider.turnOffTotp({ password: own(provider) }));
    await same('two-factor: set-up answers a secret and its URI', async (provider) => {
      const { data } = await provider.startTotp();
      return { secret: /^[A-Z2-7]{32}$/.test(data.secret), url: data.otpauthUrl.startsWith('otpauth://totp/Crease:') && data.otpauthUrl.includes(`secret=${data.secret}`) };
    });
    await same('two-factor policy', (provider) => provider.getSecondFactorPolicy());
    await same('two-factor policy, left off', (provider) => provider.setSecondFactorPolicy({ requireSecondFactor: false }));
    const password = (currentPassword: string, newPassword: string, repeatPassword = newPassword) => (provider: CreaseDataProvider) =>
      provider.changePassword({ currentPassword: provider === real ? (currentPassword && TEST_ADMIN.password) : (currentPassword && FAKE_ADMIN_PASSWORD), newPassword, repeatPassword });
    await same('password change, the current one missing', password('', 'a brand new password'));
    await same('password change, too short', password('current', 'short'));
    await same('password change, repeated wrong', password('current', 'a brand new password', 'a brand new passw0rd'));
    await same('password change: a fresh session for this one', async (provider) => {
      const { data } = await provider.changePassword({ currentPassword: own(provider), newPassword: 'a brand new password', repeatPassword: 'a brand new password' });
      if (provider === real) token = data.token;
      return { user: data.user, token: typeof data.token };
    });
    await same('password change, the current one wrong', (provider) => provider.changePassword({ currentPassword: 'not it at all', newPassword: 'a brand new password', repeatPassword: 'a brand new password' }));
    await same('admins list after', list({}));
  });
});

describe('push delivery of notifications: the fake answers as a server without FCM', () => {
  const entity = () => entityNamed('notifications')!;
  const nId = (n: number) => idOf(entity(), n);
  /** A minute to come, with seconds the server drops, the same for both sides. */
  const inDays = (days: number) => new Date(Date.now() + days * DAY_MS + 17_345).toISOString();
  const later = new Date(Math.floor((Date.now() + 3 * DAY_MS) / 60_000) * 60_000).toISOString();
  /** Sends of the loaded notifications: two scheduled, one partly sent, one cancelled; every other one never sent. */
  const SENDS: Record<number, { state: string; sendAt?: string; targeted?: number; sent?: number; failed?: number; gone?: number; reasons?: Record<string, number> }> = {
    20: { state: 'scheduled', sendAt: later },
    21: { state: 'scheduled', sendAt: later },
    22: { state: 'partly-sent', targeted: 10, sent: 6, failed: 3, gone: 1, reasons: { INTERNAL: 2, INVALID_ARGUMENT: 1 } },
    23: { state: 'cancelled', sendAt: later },
  };
  /** Each side's own ids of the notifications it made here, in the order made. */
  const made = new Map<CreaseDataProvider, string[]>();

  beforeAll(async () => {
    // As the migration left every notification stored before push: a send, never made.
    await sql`insert into sends (notification_id, state) select id, 'not-configured' from notifications n where not exists (select 1 from sends s where s.notification_id = n.id)`.execute(server.db);
    for (const [n, { state, sendAt, targeted = 0, sent = 0, failed = 0, gone = 0, reasons = {} }] of Object.entries(SENDS)) {
      await server.db
        .updateTable('sends')
        .set({ state, send_at: sendAt ? new Date(sendAt) : null, targeted, sent, failed, gone, reasons: JSON.stringify(reasons) })
        .where('notification_id', '=', nId(Number(n)))
        .execute();
      fakeTables.notifications.find((row) => row._id === nId(Number(n)))!.delivery = { state, sendAt: sendAt ?? null, targeted, sent, failed, gone, reasons, message: null };
    }
  });

  it('says push is not set up, creates, schedules, refuses, cancels, moves and retries alike', async () => {
    const form = { title: 'Gates open at noon', body: 'Bring your ticket QR code to the north gate.' };
    const create = (label: string, data: Record<string, unknown>) =>
      same(`notifications create, ${label}`, async (provider) => {
        const answer = await provider.create('notifications', { data });
        made.set(provider, [...(made.get(provider) ?? []), String(answer.data.id)]);
        return answer;
      });
    await same('notifications push setup', (provider) => provider.getPushSetup());
    await create('sent now', form);
    await create('scheduled', { ...form, sendAt: inDays(2) });
    await create('scheduled, with a picture', { ...form, logo: { rawFile: png() }, sendAt: inDays(1) });
    await same('notifications create, a time past', (provider) => provider.create('notifications', { data: { ...form, sendAt: inDays(-1) } }));
    await same('notifications create, a time that is none', (provider) => provider.create('notifications', { data: { ...form, sendAt: 'tomorrow at noon' } }));
    await same('notifications create, a short title and a time past', (provider) => provider.create('notifications', { data: { ...form, title: 'Hi', sendAt: inDays(-1) } }));
    await same('notifications get one scheduled without FCM', (provider) => provider.getOne('notifications', { id: made.get(provider)![1] }));
    await same('notifications get a partly sent one', (provider) => provider.getOne('notifications', { id: nId(22) }));

    const cancel = (id: (provider: CreaseDataProvider) => string) => (provider: CreaseDataProvider) => provider.cancelNotification({ id: id(provider) });
    await same('notifications cancel a scheduled one', cancel(() => nId(20)));
    await same('notifications cancel it again', cancel(() => nId(20)));
    await same('notifications cancel a partly sent one', cancel(() => nId(22)));
    await same('notifications cancel one never sent', cancel(() => nId(3)));
    await same('notifications cancel one scheduled without FCM', cancel((provider) => made.get(provider)![1]));
    await same('notifications cancel an unknown one', cancel(() => nId(999)));
    await same('notifications cancel a malformed id', cancel(() => 'not-an-id'));

    const reschedule = (id: string, sendAt: string) => (provider: CreaseDataProvider) => provider.rescheduleNotification({ id, sendAt });
    await same('notifications reschedule', reschedule(nId(21), inDays(5)));
    await same('notifications reschedule to a time past', reschedule(nId(21), inDays(-2)));
    await same('notifications reschedule to a time that is none', reschedule(nId(21), 'soon'));
    await same('notifications reschedule a cancelled one', reschedule(nId(23), inDays(5)));
    await same('notifications reschedule a cancelled one to a time past', reschedule(nId(23), inDays(-2)));
    await same('notifications reschedule an unknown one', reschedule(nId(999), inDays(5)));

    await same('notifications retry a partly sent one', (provider) => provider.retryNotification({ id: nId(22) }));
    await same('notifications retry an unknown one', (provider) => provider.retryNotification({ id: nId(999) }));
    await same('notifications after the calls', (provider) => provider.getMany('notifications', { ids: [nId(20), nId(21), nId(22), nId(23)] }));
    await same('notifications list after the calls', (provider) =>
      provider.getList('notifications', { pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} }),
    );
  });
});

describe('draft and scheduled publishing: the fake answers as the server', () => {
  /** The same call on both sides; a difference stops the test at once: the calls after it build on this one. */
  const alike = async (label: string, call: (provider: CreaseDataProvider) => Promise<unknown>) => {
    const from = differences.length;
    await same(label, call);
    expect(differences.slice(from)).toEqual([]);
  };
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  /** An instant `ms` from now, 30 s past its minute (stored to the minute), the same text on both sides. */
  const fromNow = (ms: number) => new Date(Math.floor((Date.now() + ms) / MINUTE) * MINUTE + 30_000).toISOString();
  const news = () => entityNamed('news')!;
  const page = (filter: Record<string, unknown>) => ({ pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'ASC' as const }, filter });

  it('creates drafts, scheduled and published records, and refuses bad publishing, alike', async () => {
    const at = fromNow(3 * HOUR);
    // Each record the job puts live at one run due at a minute of its own (the next test's at a later one):
    // jobs due at one minute are claimed in no order a screen can know, at different ones by their time.
    const aMinuteLater = new Date(Date.parse(at) + MINUTE).toISOString();
    const until = fromNow(5 * HOUR);
    const form = () => validForm(news());
    await alike('news create as a draft', (provider) => provider.create('news', { data: { ...form(), status: 'draft', publishAt: at } }));
    await alike('news create scheduled', (provider) => provider.create('news', { data: { ...form(), publishAt: at } }));
    await alike('news create scheduled with a time to come down', (provider) => provider.create('news', { data: { ...form(), publishAt: aMinuteLater, unpublishAt: until } }));
    await alike('news create with a past publishAt', (provider) => provider.create('news', { data: { ...form(), status: 'published', publishAt: '2026-01-05T10:00:00Z' } }));
    await alike('slides create as a draft', (provider) => provider.create('slides', { data: { ...validForm(entityNamed('slides')!), status: 'draft' } }));
    const refused: [string, Record<string, unknown>][] = [
      ['a status not one of the states', { status: 'live' }],
      ['a publishAt that is no instant', { publishAt: 'soon' }],
      ['an unpublishAt not after publishAt', { publishAt: at, unpublishAt: at }],
      ['an unpublishAt in the past', { unpublishAt: '2020-01-01T00:00:00Z' }],
      ['scheduled without a publishAt', { status: 'scheduled' }],
    ];
    for (const [label, extra] of refused) await alike(`news create, ${label}`, (provider) => provider.create('news', { data: { ...form(), ...extra } }));
    for (const filter of [{ status: 'draft' }, { status: 'scheduled' }, { status: 'published' }, { overdue: 'true' }, { overdue: 'false' }, { status: 'scheduled', q: 'contract' }, { status: 'live' }]) {
      await alike(`news list, ${JSON.stringify(filter)}`, (provider) => provider.getList('news', page(filter)));
    }
    await alike('slides list of drafts', (provider) => provider.getList('slides', page({ status: 'draft' })));
  });

  it('publishes, unpublishes and schedules through their calls and through an edit alike', async () => {
    const [newsRow, slideRow, videoRow] = ['news', 'slides', 'videos'].map((name) => rowsByEntity.get(entityNamed(name)!)![10]._id);
    await alike('news unpublish', (provider) => provider.unpublishRecord('news', { id: newsRow }));
    await alike('news schedule with no time, as a draft', (provider) => provider.scheduleRecord('news', { id: newsRow }));
    await alike('news schedule, a publishAt that is no instant', (provider) => provider.scheduleRecord('news', { id: newsRow, publishAt: 'soon' }));
    await alike('news schedule', (provider) => provider.scheduleRecord('news', { id: newsRow, publishAt: fromNow(2 * HOUR), unpublishAt: fromNow(6 * HOUR) }));
    await alike('news schedule, its time to come down cleared', (provider) => provider.scheduleRecord('news', { id: newsRow, unpublishAt: null }));
    await alike('news publish now', (provider) => provider.publishRecord('news', { id: newsRow }));
    await alike('news read after the calls', (provider) => provider.getOne('news', { id: newsRow }));
    await alike('slides unpublish', (provider) => provider.unpublishRecord('slides', { id: slideRow }));
    await alike('slides list of drafts after the unpublish', (provider) => provider.getList('slides', page({ status: 'draft' })));
    await alike('slides publish', (provider) => provider.publishRecord('slides', { id: slideRow }));
    await alike('publish an unknown video', (provider) => provider.publishRecord('videos', { id: idOf(entityNamed('videos')!, 999) }));
    await alike('publish a team, which has no publishing', (provider) => provider.publishRecord('teams', { id: idOf(entityNamed('teams')!, 1) }));
    const edit = (data: Record<string, unknown>) => async (provider: CreaseDataProvider) => {
      const { data: current } = await provider.getOne('videos', { id: videoRow });
      return provider.update('videos', { id: videoRow, data: { ...validForm(entityNamed('videos')!), ...data, updatedAt: current.updatedAt }, previousData: current });
    };
    await alike('videos edit to a draft', edit({ status: 'draft' }));
    await alike('videos edit published', edit({ status: 'published' }));
    // Later than the news the next test takes down at four hours: two jobs due at one minute run in either order.
    await alike('videos edit scheduled', edit({ publishAt: fromNow(6 * HOUR) }));
    await alike('videos edit, an unpublishAt in the past', edit({ unpublishAt: '2020-01-01T00:00:00Z' }));
    await alike('videos edit sent back as read', async (provider) => {
      const { data: current } = await provider.getOne('videos', { id: videoRow });
      // The form holds the kept thumbnail as react-admin's `{ src }`, which goes back as nothing.
      return provider.update('videos', { id: videoRow, data: { ...current, image: { src: current.image }, title: 'Sent back as read' }, previousData: current });
    });
  });

  it('puts a scheduled record live at its time and takes it down at its unpublishAt alike (the server by its job)', async () => {
    const id = rowsByEntity.get(news())![12]._id;
    const at = fromNow(3 * HOUR + 2 * MINUTE);
    const until = fromNow(4 * HOUR);
    await alike('news scheduled to go live and come down', (provider) => provider.scheduleRecord('news', { id, publishAt: at, unpublishAt: until }));
    // Both sides read the moved time: the fake on its next call, the server's queue by its clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.parse(at) + MINUTE);
      await server.app.jobs.runDue();
      await alike('news live after its time', (provider) => provider.getOne('news', { id }));
      await alike('news list of the live after its time', (provider) => provider.getList('news', page({ status: 'published', q: String(rowsByEntity.get(news())![12].title) })));
      vi.setSystemTime(Date.parse(until) + MINUTE);
      await server.app.jobs.runDue();
      await alike('news down after its unpublishAt', (provider) => provider.getOne('news', { id }));
      await alike('the log of its publishing, by Crease', (provider) => provider.getList('activity', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: { recordId: id } }));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the dashboard: the fake answers as the server', () => {
  it('counts, charts and lists the newest alike', async () => {
    await same('dashboard', (provider) => provider.getDashboard());
  });
});

describe('the activity log: the fake writes it as the server does', () => {
  it('lists every entry of every call above alike: who, what, which fields changed, before and after', async () => {
    const page = (n: number, filter: Record<string, unknown> = {}) => (provider: CreaseDataProvider) =>
      provider.getList('activity', { pagination: { page: n, perPage: MAX_PAGE_SIZE }, sort: { field: 'id', order: 'ASC' }, filter });
    const { total } = await real.getList('activity', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    for (let n = 1; (n - 1) * MAX_PAGE_SIZE < (total ?? 0); n++) await same(`activity page ${n} of the whole log`, page(n));
    for (const resource of [...LOGGED_RESOURCES, 'users']) await same(`activity of ${resource}`, page(1, { resource }));
    for (const action of [...ACTIVITY_ACTIONS, 'archive']) await same(`activity, ${action}`, page(1, { action }));
    await same('activity searched by record', page(1, { q: 'alpha' }));
    await same('activity of one registration', page(1, { recordId: '000000ff-0000-4000-8000-000000000001' }));
    await same("a registration's history, as its detail page reads it", (provider) =>
      provider.getList('activity', { pagination: { page: 1, perPage: DEFAULT_PAGE_SIZE }, sort: { field: 'id', order: 'ASC' }, filter: { resource: 'registrations', recordId: '000000ff-0000-4000-8000-000000000003' } }),
    );
    await same('activity of the admin signed in', (provider) => page(1, { adminId: provider === real ? server.admin.id : FAKE_ADMIN_ACCOUNT._id })(provider));
    await same('activity from today', page(1, { from: new Date().toISOString().slice(0, 10), resource: 'slides' }));
    await same('activity to a day long past', page(1, { to: '2020-01-01' }));
    for (const filter of [{ resource: 'registrations' }, { action: 'signInRefused' }, { resource: 'admins', q: 'zoya' }, { from: new Date().toISOString().slice(0, 10), action: 'reorder' }]) {
      // Line by line, its record id read as the records' ids are (a new one mapped), its times as <time>.
      await same(`activity as CSV, ${JSON.stringify(filter)}`, async (provider) => {
        const { data } = await provider.exportCsv('activity', { filter });
        const lines = (await data.text()).replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '<time>').split('\r\n');
        return lines.map((line) => {
          const [at, admin, action, resource, recordId, ...rest] = line.split(',');
          return { at, admin, action, resource, recordId, rest: rest.join(',') };
        });
      });
    }
  });
});

describe('roles: the fake refuses and answers as the server for each role', () => {
  // After the activity log's comparison: the fake here is a second one over the same league (its own
  // sign-in counters), so its entries are not the first one's.
  const listed = (resource: string, filter: Record<string, unknown> = {}) => (provider: CreaseDataProvider) =>
    provider.getList(resource, { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter });
  const registration = idOf(entityNamed('registrations')!, 1);
  const user = idOf(entityNamed('users')!, 1);
  /** A read and a write on content, on people and on the owner's resources, the dashboard and one's own profile. */
  const CALLS: [string, (provider: CreaseDataProvider) => Promise<unknown>][] = [
    ['content read: videos list', listed('videos')],
    ['content read: team figures', (provider) => provider.getStats('teams')],
    ['content write: a video with nothing in it', (provider) => provider.create('videos', { data: {} })],
    ['content write: a slide order naming none', (provider) => provider.reorder('slides', { ids: [] })],
    ['people read: registrations list', listed('registrations')],
    ['people read: user figures', (provider) => provider.getStats('users')],
    ['people read: a government ID whole', (provider) => provider.revealGovernmentId('registrations', { id: registration })],
    ['people read: the registrations CSV', async (provider) => (await (await provider.exportCsv('registrations', { filter: {} })).data.text()).split('\r\n').length],
    ['people write: a user set to neither', (provider) => provider.setUserActive({ id: user, value: 'maybe' as never })],
    ['people write: a registration status that is none', (provider) => provider.update('registrations', { id: registration, data: { status: 'bogus' }, previousData: { id: registration }, meta: { path: 'status' } })],
    ['owner read: the role-axis admins', listed('admins', { q: 'roleaxis' })],
    ['owner read: the activity log by an action that is none', listed('activity', { action: 'nothing' })],
    ['owner write: an admin with nothing in it', (provider) => provider.create('admins', { data: {} })],
    ['the dashboard', (provider) => provider.getDashboard()],
    ['own profile: a blank name', (provider) => provider.saveProfile({ firstName: '  ', lastName: 'Axis' })],
  ];

  it.each(ROLES.map((role) => [role]))('answers every call of a %s alike', async (role) => {
    const email = `roleaxis-${role}@example.in`;
    const password = 'a long role password';
    const person = { firstName: 'Role', lastName: role };
    const createdAt = '2026-02-01T00:00:00.000Z';
    // The same admin on both sides, signed in on each.
    const { id } = await createAdmin(server.db, { email, passwordHash: await hashPassword(password), ...person, role });
    await server.db.updateTable('admins').set({ created_at: new Date(createdAt) }).where('id', '=', id).execute();
    const roleToken = (await login(server.app, email, password, { remoteAddress: `10.77.0.${ROLES.indexOf(role) + 1}` })).json().token as string;
    const onServer = createDataProvider('', createHttpClient(() => roleToken, injectTransport(server)));
    fakeTables.admins.push({ _id: `roleaxis-${role}`, ...person, email, role, isActive: true, lastSignInAt: null, createdAt, password, mustChangePassword: false });
    const onFake = createFakeDataProvider(fakeTables);
    await onFake.signIn({ email, password });

    for (const [label, call] of CALLS) {
      const [fromServer, fromFake] = [normalizer()(await answer(() => call(onServer))), normalizer()(await answer(() => call(onFake)))];
      judge(`${role}, ${label}`, stable(fromServer), stable(fromFake));
    }
    // Not only alike: a refusal names the roles needed, on both sides.
    const refused = await answer(() => onFake.getList('admins', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} }));
    expect(refused).toEqual(role === 'owner' ? expect.objectContaining({ ok: expect.anything() }) : { refused: { status: 403, code: 'auth.forbidden', message: roleNeeded(['owner']) } });
  });
});

describe('the sign-in limits: the fake refuses as the server does', () => {
  // Last, as its entries are not in the log compared above: a burst from an address (on the
  // server) and a browser (a fake of its own) that have not signed in yet.
  it('refuses the tries past the per-address limit with its message', async () => {
    const burst = LOGIN_ATTEMPTS_PER_MINUTE + 2;
    const fresh = createFakeDataProvider({});
    const onServer: unknown[] = [];
    const onFake: unknown[] = [];
    for (let n = 0; n < burst; n++) {
      const res = await login(server.app, 'burst@example.in', 'not the password', { remoteAddress: '10.99.0.1' });
      onServer.push([res.statusCode, res.json().code, res.json().message]);
      onFake.push(await fresh.signIn({ email: 'burst@example.in', password: 'not the password' }).then(() => 'signed in', (error: HttpError) => [error.status, error.body?.code, error.message]));
    }
    judge('sign-in tries past the limit', stable(onServer), stable(onFake));
  });
});
