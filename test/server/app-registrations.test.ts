/**
 * Registrations from the fans' app (/app/v1): a full registration with two players and their photos,
 * read back by the fan and seen by the admins under Pending; each rule refused with its message and
 * nothing stored (no row, no player, no file); one pending registration per fan; nobody else's
 * registration; the sessions it takes; the per-address limit; and the lists of places the form
 * chooses from.
 */
import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PLAYER_RULES, APP_REGISTRATION_RULES, APP_REGISTRATION_TEXTS as TEXTS, REGISTRATION_PLAYERS, REGISTRATIONS_PER_MINUTE } from '../../src/domain/app-registrations';
import { FAN_TEXTS } from '../../src/domain/fans';
import { REGISTRATION_RULES } from '../../src/domain/entities/registrations';
import { MAX_FORM_FILES } from '../../src/domain/limits';
import { UPLOAD, VALIDATION } from '../../src/domain/messages';
import { buildApp } from '../../server/app';
import { FolderImageStore } from '../../server/storage/folder-store';
import { insertPlaces, registrationPerson, UNKNOWN_ID } from './fixtures';
import { createTestServer, multipart, pngFile, textAsPngFile, withoutSignatures, type FilePart, type TestServer } from './harness';

let server: TestServer;
let photo: FilePart;
let address = 0;
/** A fresh client address per call, so the per-address limits are met only where a test means to. */
const nextAddress = () => `10.88.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const place: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer();
  photo = await pngFile({ width: 400, height: 500, color: '#1565c0', filename: 'player.png' });
  Object.assign(place, await insertPlaces(server.db));
});
afterAll(() => server?.close());

let fans = 0;
/** A signed-up fan: their id and token. */
async function signUp() {
  fans++;
  const res = await server.app.inject({
    method: 'POST',
    url: '/app/v1/account',
    remoteAddress: nextAddress(),
    payload: { name: `Fan ${fans}`, email: `reg.fan${fans}@example.com`, age: 30, password: `fan-password-${fans}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { token, user } = res.json().data as { token: string; user: { _id: string } };
  return { id: user._id, token };
}

type Form = Record<string, string | FilePart | undefined | (string | FilePart)[]>;

const PLAYERS = [
  { firstName: 'Rohan', lastName: 'Patil', dob: '2008-04-12', playingRole: 'Batsman', battingStyle: 'Right-handed', bowlingStyle: null },
  { firstName: 'Kiran', lastName: 'Desai', dob: '2009-09-30', playingRole: 'Bowler', battingStyle: 'Left-handed', bowlingStyle: 'Left-arm fast' },
];

/** A registration every rule takes: two players, each with a photo. */
const validForm = (): Form => ({
  ...registrationPerson(place),
  players: JSON.stringify(PLAYERS),
  'players.0.photo': photo,
  'players.1.photo': photo,
});

const send = async (token: string | undefined, form: Form, remoteAddress = nextAddress()) => {
  const body = await multipart(form);
  return server.app.inject({
    method: 'POST',
    url: '/app/v1/registrations',
    remoteAddress,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
};

const read = (token: string | undefined, url: string) =>
  server.app.inject({ method: 'GET', url, remoteAddress: nextAddress(), headers: token ? { authorization: `Bearer ${token}` } : {} });

/** What a refused send must leave as it was: every registration, player and stored file. */
async function stored() {
  const count = async (table: 'registrations' | 'registration_players' | 'image_sizes' | 'activity') =>
    Number((await server.db.selectFrom(table).select(server.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    registrations: await count('registrations'),
    players: await count('registration_players'),
    sizes: await count('image_sizes'),
    activity: await count('activity'),
    files: [...(await server.storedFiles()), ...(await server.storedPrivateFiles())].sort(),
  };
}

describe('a registration from the app', () => {
  it('is stored pending with its two players and their photos, read back by the fan, and seen by the admins under Pending', async () => {
    const fan = await signUp();
    const pendingBefore = (await server.request({ method: 'GET', url: '/admin/registrations/stats' })).json().data.pending as number;
    const res = await send(fan.token, validForm());
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = res.json();
    expect(message).toBe(TEXTS.submitted);
    expect(data).toMatchObject({
      status: 'pending',
      firstName: 'Asha',
      lastName: 'Patil',
      email: 'asha@example.in',
      phone: '9876543210',
      DOB: '1990-05-17',
      GovernmentIdType: 'Aadhaar Card',
      GovernmentIdNumber: '2345 6789 9012',
      state: { _id: place.Maharashtra, name: 'Maharashtra' },
      district: { _id: place.Pune, name: 'Pune' },
      city: { _id: place.Hinjewadi, name: 'Hinjewadi' },
      area: 'Phase 1',
      pinCode: '411057',
      address: '12, Lane 3, Phase 1',
      playingRole: 'All-rounder',
      battingStyle: 'Right-handed',
    });
    expect(data.players).toHaveLength(2);
    data.players.forEach((player: Record<string, unknown>, i: number) => expect(player).toMatchObject(PLAYERS[i]));
    // Each photo stored once, on its own, in the app's sizes (400 px wide: the 320 copy, none enlarged).
    const urls = data.players.map((player: { photo: { url: string } }) => player.photo.url);
    expect(new Set(urls).size).toBe(2);
    for (const player of data.players) {
      expect(player.photo).toMatchObject({ width: 400, height: 500, sizes: [{ width: 320 }] });
      const meta = await sharp(await readFile(server.fileOnDisk(player.photo.url))).metadata();
      expect([meta.format, meta.width]).toEqual(['png', 400]);
    }

    // The fan reads it back, in their list and by its id.
    const list = await read(fan.token, '/app/v1/registrations');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(withoutSignatures(list.json().data)).toEqual(withoutSignatures([data]));
    expect(withoutSignatures((await read(fan.token, `/app/v1/registrations/${data._id}`)).json().data)).toEqual(withoutSignatures(data));

    // The admins see it with its players and photos, pending, under the Pending tab and in its count.
    const admin = (await server.request({ method: 'GET', url: `/admin/registrations/${data._id}` })).json().data;
    expect(admin).toMatchObject({ firstName: 'Asha', status: 'pending', DOB: '1990-05-17', GovernmentIdType: 'Aadhaar Card', playingRole: 'All-rounder', state: { name: 'Maharashtra' } });
    expect(admin.players.map((player: { firstName: string; photo: string }) => [player.firstName, withoutSignatures(player.photo)])).toEqual([
      ['Rohan', withoutSignatures(urls[0])],
      ['Kiran', withoutSignatures(urls[1])],
    ]);
    const pendingTab = (await server.request({ method: 'GET', url: '/admin/registrations?status=pending&limit=100' })).json().data.docs;
    expect(pendingTab.map((doc: { _id: string }) => doc._id)).toContain(data._id);
    expect((await server.request({ method: 'GET', url: '/admin/registrations/stats' })).json().data.pending).toBe(pendingBefore + 1);

    // It belongs to the fan, and the log records it without naming an admin.
    const row = await server.db.selectFrom('registrations').select(['user_id', 'status']).where('id', '=', data._id).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: fan.id, status: 'pending' });
    const entry = await server.db.selectFrom('activity').selectAll().where('record_id', '=', data._id).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'create', resource: 'registrations', admin_id: null, record_label: 'Asha Patil' });
  });

  it('keeps no EXIF or GPS from a player\'s phone photo', async () => {
    const fan = await signUp();
    const content = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888888' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 56/1 2400/100' } })
      .toBuffer();
    expect((await sharp(content).metadata()).exif).toBeDefined();
    const res = await send(fan.token, { ...validForm(), players: JSON.stringify([PLAYERS[0]]), 'players.0.photo': { content, filename: 'phone.jpg', contentType: 'image/jpeg' }, 'players.1.photo': undefined });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.players[0].photo.url as string;
    const kept = await readFile(server.fileOnDisk(url));
    expect((await sharp(kept).metadata()).exif).toBeUndefined();
    expect(kept.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('checks what the admins\' edit form checks by the same rules, and what only the app sends by its own', () => {
    for (const [name, rule] of Object.entries(REGISTRATION_RULES)) expect(APP_REGISTRATION_RULES[name], name).toEqual(rule);
  });

  const player = (index: number, message: string) => TEXTS.player(index, message);
  const players = (list: unknown) => ({ players: typeof list === 'string' ? list : JSON.stringify(list) });
  const tooMany = Array.from({ length: REGISTRATION_PLAYERS.max + 1 }, (_, i) => ({ firstName: `P${i}` }));
  // Forms made when each test runs: the places and the photo exist only then.
  const REFUSED: [string, () => Form, string, string][] = [
    ['no first name', () => ({ firstName: '  ' }), 'firstName', REGISTRATION_RULES.firstName.required!],
    ['a bad e-mail', () => ({ email: 'asha@' }), 'email', REGISTRATION_RULES.email.email!],
    ['no date of birth', () => ({ DOB: undefined }), 'DOB', TEXTS.dobRequired],
    ['a date of birth that is no date', () => ({ DOB: 'soon' }), 'DOB', APP_REGISTRATION_RULES.DOB.date!],
    ['a date of birth to come', () => ({ DOB: '2999-01-01' }), 'DOB', TEXTS.dobNotPast],
    ['a date of birth no calendar has', () => ({ DOB: '2001-02-30' }), 'DOB', TEXTS.dobNotPast],
    ['no government ID type', () => ({ GovernmentIdType: '' }), 'GovernmentIdType', TEXTS.idTypeRequired],
    ['a government ID type not offered', () => ({ GovernmentIdType: 'Library card' }), 'GovernmentIdType', TEXTS.idTypeInvalid],
    ['no government ID number', () => ({ GovernmentIdNumber: undefined }), 'GovernmentIdNumber', TEXTS.idNumberRequired],
    ['a playing role not offered', () => ({ playingRole: 'Wicket' }), 'playingRole', VALIDATION.playingRoleInvalid],
    ['a state that does not exist', () => ({ state: UNKNOWN_ID, district: undefined, city: undefined }), 'state', VALIDATION.referenceNotFound],
    ['a district outside the state', () => ({ state: place.Karnataka, city: undefined }), 'district', VALIDATION.districtNotInState],
    ['a city outside the district', () => ({ city: place.Andheri }), 'city', VALIDATION.cityNotInDistrict],
    ['no players', () => ({ players: undefined, 'players.0.photo': undefined, 'players.1.photo': undefined }), 'players', TEXTS.playersRequired],
    ['an empty list of players', () => ({ ...players([]), 'players.0.photo': undefined, 'players.1.photo': undefined }), 'players', TEXTS.playersRequired],
    ['players that are not JSON', () => players('Rohan, Kiran'), 'players', TEXTS.playersInvalid],
    ['players that are not objects', () => players(['Rohan', 'Kiran']), 'players', TEXTS.playersInvalid],
    ['more players than a registration holds', () => players(tooMany), 'players', TEXTS.tooManyPlayers],
    ['a player without a first name', () => players([{ ...PLAYERS[0], firstName: ' ' }, PLAYERS[1]]), 'players.0.firstName', player(0, APP_PLAYER_RULES.firstName.required)],
    ['a player born in the future', () => players([PLAYERS[0], { ...PLAYERS[1], dob: '2999-12-31' }]), 'players.1.dob', player(1, TEXTS.dobNotPast)],
    ['a player in a role not offered', () => players([PLAYERS[0], { ...PLAYERS[1], playingRole: 'Umpire' }]), 'players.1.playingRole', player(1, VALIDATION.playingRoleInvalid)],
    ['a player\'s name that is not text', () => players([{ ...PLAYERS[0], lastName: 7 }, PLAYERS[1]]), 'players.0.lastName', player(0, TEXTS.playerTextInvalid('Last Name'))],
    ['a player without a photo', () => ({ 'players.1.photo': undefined }), 'players.1.photo', player(1, TEXTS.photoRequired)],
    ['a photo sent as text', () => ({ 'players.0.photo': '/uploads/someone-else.png' }), 'players.0.photo', player(0, TEXTS.photoNotAFile)],
    ['a photo for no player', () => ({ 'players.2.photo': photo }), 'players.2.photo', TEXTS.photoWithoutPlayer('players.2.photo')],
    ['a NUL inside the players\' JSON', () => players('[{"firstName":"Ro\\u0000han"}]'), 'players', VALIDATION.nulCharacter],
  ];

  it.each(REFUSED)('refuses %s with its message, and stores nothing', async (_what, change, field, message) => {
    const fan = await signUp();
    const before = await stored();
    const res = await send(fan.token, { ...validForm(), ...change() });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    expect(await stored()).toEqual(before);
    expect((await read(fan.token, '/app/v1/registrations')).json().data).toEqual([]);
  });

  it('refuses a photo that is no image (415) naming its part, and stores nothing', async () => {
    const fan = await signUp();
    const before = await stored();
    const res = await send(fan.token, { ...validForm(), 'players.1.photo': textAsPngFile() });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, code: 'upload.not_an_image', message: UPLOAD.notAnImage, errors: { 'players.1.photo': UPLOAD.notAnImage } });
    expect(await stored()).toEqual(before);
  });

  it(`refuses more than ${MAX_FORM_FILES} photos in one form (413), and stores nothing`, async () => {
    const fan = await signUp();
    const before = await stored();
    const photos = Object.fromEntries(Array.from({ length: MAX_FORM_FILES + 1 }, (_, i) => [`players.${i}.photo`, photo]));
    const many = Array.from({ length: MAX_FORM_FILES + 1 }, (_, i) => ({ firstName: `P${i}` }));
    const res = await send(fan.token, { ...validForm(), players: JSON.stringify(many), ...photos });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, code: 'body.too_large', message: UPLOAD.tooManyFiles });
    expect(await stored()).toEqual(before);
  });

  it('refuses a second registration while one waits for review, and takes one again once the league decided', async () => {
    const fan = await signUp();
    const first = await send(fan.token, validForm());
    expect(first.statusCode, first.body).toBe(200);
    const before = await stored();
    const second = await send(fan.token, { ...validForm(), firstName: 'Asha again' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ success: false, code: 'conflict', message: TEXTS.pendingExists });
    expect(await stored()).toEqual(before);

    const decided = await server.request({ method: 'PUT', url: `/admin/registrations/${first.json().data._id}/status`, payload: { status: 'rejected' } });
    expect(decided.statusCode, decided.body).toBe(200);
    const third = await send(fan.token, { ...validForm(), firstName: 'Asha again' });
    expect(third.statusCode, third.body).toBe(200);
    const own = (await read(fan.token, '/app/v1/registrations')).json().data as { firstName: string; status: string }[];
    expect(own.map((registration) => [registration.firstName, registration.status])).toEqual([
      ['Asha again', 'pending'],
      ['Asha', 'rejected'],
    ]);
  });

  it('takes one of two registrations sent at once by one fan, and stores nothing of the other', async () => {
    const fan = await signUp();
    const before = await stored();
    const answers = await Promise.all([send(fan.token, validForm()), send(fan.token, { ...validForm(), firstName: 'Twin' })]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const after = await stored();
    expect([after.registrations, after.players, after.files.length]).toEqual([before.registrations + 1, before.players + 2, before.files.length + 4]);
    expect((await read(fan.token, '/app/v1/registrations')).json().data).toHaveLength(1);
  });

  it('answers a fan only their own: another fan\'s registration, an unknown id and a garbled one are 404', async () => {
    const [asha, ravi] = [await signUp(), await signUp()];
    const hers = (await send(asha.token, validForm())).json().data._id as string;
    expect((await read(ravi.token, '/app/v1/registrations')).json().data).toEqual([]);
    for (const id of [hers, UNKNOWN_ID, 'not-a-uuid', '7']) {
      const res = await read(ravi.token, `/app/v1/registrations/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'not_found', message: TEXTS.notFound });
    }
  });

  it('takes a fan\'s session: unsigned and with an admin\'s token, 401 and nothing stored', async () => {
    const before = await stored();
    const adminToken = await server.token();
    for (const token of [undefined, adminToken, 'not-a-token']) {
      const res = await send(token, validForm());
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(FAN_TEXTS.unauthorized);
      for (const url of ['/app/v1/registrations', `/app/v1/registrations/${UNKNOWN_ID}`]) {
        const got = await read(token, url);
        expect(got.statusCode, url).toBe(401);
        expect(got.json().message).toBe(FAN_TEXTS.unauthorized);
      }
    }
    expect(await stored()).toEqual(before);
  });

  it(`limits sends from one address to ${REGISTRATIONS_PER_MINUTE} a minute`, async () => {
    const fan = await signUp();
    const from = '10.99.0.1';
    for (let i = 0; i < REGISTRATIONS_PER_MINUTE; i++) expect((await send(fan.token, { ...validForm(), firstName: '' }, from)).statusCode).toBe(400);
    const limited = await send(fan.token, validForm(), from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, code: 'rate_limited', message: TEXTS.tooManyRegistrations });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await send(fan.token, validForm())).statusCode).toBe(200);
  });
});

it("never logs a registration's personal data: routes by pattern, no fields, no players", async () => {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  const app = await buildApp({
    db: server.db,
    uploadsDir: server.uploadsDir,
    privateImages: new FolderImageStore(server.privateDir),
    jwtSecret: server.jwtSecret,
    logger: { level: 'debug', stream },
    distDir: server.uploadsDir,
  });
  try {
    const fan = await signUp();
    const form = { ...validForm(), firstName: 'Privately', lastName: 'Named', GovernmentIdNumber: 'PRIVATE-ID-4321', address: 'Secret Street 9' };
    const sendTo = async (fields: Form) => {
      const body = await multipart(fields);
      return app.inject({ method: 'POST', url: '/app/v1/registrations', remoteAddress: nextAddress(), payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${fan.token}` } });
    };
    expect((await sendTo({ ...form, city: place.Andheri })).statusCode).toBe(400);
    const sent = await sendTo(form);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await sendTo(form)).statusCode).toBe(409);
    await app.inject({ method: 'GET', url: `/app/v1/registrations/${sent.json().data._id}`, headers: { authorization: `Bearer ${fan.token}` } });
  } finally {
    await app.close();
  }
  expect(text).toContain('POST /app/v1/registrations 200');
  for (const value of ['Privately', 'PRIVATE-ID-4321', 'Secret Street 9', 'asha@example.in', 'Rohan', '9876543210']) expect(text, value).not.toContain(value);
});

it('documents the calls under the app tag in the OpenAPI document, the send as a multipart form', async () => {
  const doc = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json();
  const post = doc.paths['/app/v1/registrations'].post;
  expect(post.tags).toEqual(['app']);
  const form = post.requestBody.content['multipart/form-data'].schema;
  expect(form.required).toEqual(expect.arrayContaining(['firstName', 'DOB', 'GovernmentIdType', 'GovernmentIdNumber']));
  expect(form.properties.GovernmentIdType.enum).toContain('Passport');
  expect(form.properties.players.description).toMatch(/players\.<n>\.photo/);
  for (const path of ['/app/v1/registrations', '/app/v1/registrations/{id}', '/app/v1/states', '/app/v1/districts', '/app/v1/cities']) expect(doc.paths[path].get.tags, path).toEqual(['app']);
});

describe('the places the form chooses from', () => {
  const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((row) => row.name);

  it('lists the states, a state\'s districts and a district\'s cities by name, with no sign-in', async () => {
    const states = await read(undefined, '/app/v1/states');
    expect(states.statusCode).toBe(200);
    expect(names(states)).toEqual(['Karnataka', 'Maharashtra']);
    expect(states.json().data[1]).toEqual({ _id: place.Maharashtra, name: 'Maharashtra' });
    expect(names(await read(undefined, `/app/v1/districts?state=${place.Maharashtra}`))).toEqual(['Mumbai Suburban', 'Pune']);
    expect(names(await read(undefined, `/app/v1/districts?state=${place.Karnataka}`))).toEqual(['Bengaluru Urban']);
    expect(names(await read(undefined, `/app/v1/cities?district=${place.Pune}`))).toEqual(['Hinjewadi', 'Pimpri']);
    expect(names(await read(undefined, `/app/v1/districts?state=${UNKNOWN_ID}`))).toEqual([]);
  });

  it('answers a list the phone holds with a 304', async () => {
    const first = await read(undefined, `/app/v1/cities?district=${place.Pune}`);
    expect(first.headers['cache-control']).toMatch(/public/);
    const again = await server.app.inject({ method: 'GET', url: `/app/v1/cities?district=${place.Pune}`, remoteAddress: nextAddress(), headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ['/app/v1/districts', TEXTS.stateQueryInvalid],
    ['/app/v1/districts?state=not-a-uuid', TEXTS.stateQueryInvalid],
    ['/app/v1/districts?state=', TEXTS.stateQueryInvalid],
    ['/app/v1/cities', TEXTS.districtQueryInvalid],
    [`/app/v1/cities?district=${UNKNOWN_ID.slice(0, -1)}x`, TEXTS.districtQueryInvalid],
  ])('refuses %s: 400 with its message', async (url, message) => {
    const res = await read(undefined, url);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});
