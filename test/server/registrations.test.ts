import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GENERIC, NOT_FOUND, REGISTRATION_TEXTS, VALIDATION } from '../../src/domain/messages';
import { expectNotFound, expectTokenRequired, fieldErrors } from './checks';
import { minutesApart, UNKNOWN_ID } from './fixtures';
import { createTestServer, type TestServer } from './harness';
import { expectEmptyPage, expectPagesOf25 } from './paging';

let server: TestServer;
/** Two states, their districts and cities, inserted out of name order. */
const place: Record<string, string> = {};
beforeAll(async () => {
  server = await createTestServer();
  const insert = async (table: 'states' | 'districts' | 'cities', rows: Record<string, string>[]) => {
    for (const row of await server.db.insertInto(table).values(rows as never).returning(['id', 'name']).execute()) place[row.name] = row.id;
  };
  await insert('states', [{ name: 'Maharashtra' }, { name: 'Karnataka' }]);
  await insert('districts', [
    { name: 'Pune', state_id: place.Maharashtra },
    { name: 'Mumbai Suburban', state_id: place.Maharashtra },
    { name: 'Bengaluru Urban', state_id: place.Karnataka },
  ]);
  await insert('cities', [
    { name: 'Pimpri', district_id: place.Pune },
    { name: 'Hinjewadi', district_id: place.Pune },
    { name: 'Andheri', district_id: place['Mumbai Suburban'] },
    { name: 'Whitefield', district_id: place['Bengaluru Urban'] },
  ]);
});
afterAll(() => server.close());

async function insertRegistration(fields: { firstName?: string; status?: string; created?: Date } = {}) {
  const { id } = await server.db
    .insertInto('registrations')
    .values({
      first_name: fields.firstName ?? 'Asha',
      last_name: 'Patil',
      email: 'asha@example.in',
      phone: '9876543210',
      dob: '2001-02-03',
      government_id_type: 'Aadhaar',
      government_id_number: 'XXXX-XXXX-1234',
      state_id: place.Maharashtra,
      district_id: place.Pune,
      city_id: place.Hinjewadi,
      area: 'Phase 1',
      pin_code: '411057',
      address: '12 Main Road',
      playing_role: 'All-rounder',
      batting_style: 'Right-handed',
      status: fields.status ?? 'pending',
      created_at: fields.created ?? new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const get = (id: string) => server.request({ method: 'GET', url: `/admin/registrations/${id}` });
const put = (id: string, payload: Record<string, unknown>) => server.request({ method: 'PUT', url: `/admin/registrations/${id}`, payload });
const list = (query: string) => server.request({ method: 'GET', url: `/admin/registrations${query}` });

describe('GET /admin/registrations/:id', () => {
  it('answers the registration with its location populated and its players in order', async () => {
    const id = await insertRegistration();
    await server.db
      .insertInto('registration_players')
      .values([
        { registration_id: id, position: 2, first_name: 'Ravi', last_name: 'Patil', dob: '2010-07-08', bowling_style: 'Leg spin' },
        { registration_id: id, position: 1, first_name: 'Meera', dob: null, playing_role: 'Batsman', photo: '/uploads/meera.png' },
      ])
      .execute();
    const res = await get(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      _id: id,
      firstName: 'Asha',
      lastName: 'Patil',
      email: 'asha@example.in',
      phone: '9876543210',
      DOB: '2001-02-03',
      GovernmentIdType: 'Aadhaar',
      GovernmentIdNumber: 'XXXX-XXXX-1234',
      state: { _id: place.Maharashtra, name: 'Maharashtra' },
      district: { _id: place.Pune, name: 'Pune' },
      city: { _id: place.Hinjewadi, name: 'Hinjewadi' },
      area: 'Phase 1',
      pinCode: '411057',
      address: '12 Main Road',
      playingRole: 'All-rounder',
      battingStyle: 'Right-handed',
      status: 'pending',
      createdAt: expect.any(String),
      players: [
        {
          _id: expect.any(String),
          firstName: 'Meera',
          lastName: null,
          dob: null,
          playingRole: 'Batsman',
          battingStyle: null,
          bowlingStyle: null,
          photo: '/uploads/meera.png',
        },
        {
          _id: expect.any(String),
          firstName: 'Ravi',
          lastName: 'Patil',
          dob: '2010-07-08',
          playingRole: null,
          battingStyle: null,
          bowlingStyle: 'Leg spin',
          photo: null,
        },
      ],
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    await expectNotFound(get, NOT_FOUND.registration);
  });
});

describe('PUT /admin/registrations/:id', () => {
  const edit = {
    firstName: 'Asha ',
    lastName: 'Kulkarni',
    email: 'asha.k@example.in',
    phone: '9123456780',
    state: '',
    district: '',
    city: '',
    area: 'Kothrud',
    pinCode: '411038',
    address: '4 Hill Road',
  };

  it('changes the fields and moves the registration to another state, district and city', async () => {
    const id = await insertRegistration();
    const res = await put(id, { ...edit, state: place.Karnataka, district: place['Bengaluru Urban'], city: place.Whitefield });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(GENERIC.updated);
    expect(res.json().data).toMatchObject({
      firstName: 'Asha',
      lastName: 'Kulkarni',
      email: 'asha.k@example.in',
      phone: '9123456780',
      state: { _id: place.Karnataka, name: 'Karnataka' },
      district: { _id: place['Bengaluru Urban'], name: 'Bengaluru Urban' },
      city: { _id: place.Whitefield, name: 'Whitefield' },
      area: 'Kothrud',
      pinCode: '411038',
      address: '4 Hill Road',
      DOB: '2001-02-03',
      status: 'pending',
    });
    expect((await get(id)).json().data.city.name).toBe('Whitefield');
  });

  it('clears fields sent blank (or null) and keeps fields not sent', async () => {
    const id = await insertRegistration();
    const res = await put(id, { firstName: 'Asha', email: '', state: null, district: '', city: '', area: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: null, state: null, district: null, city: null, area: null, phone: '9876543210', pinCode: '411057' });
  });

  it('checks the e-mail format and keeps the first name', async () => {
    const id = await insertRegistration();
    expect(fieldErrors(await put(id, { ...edit, firstName: ' ', email: 'asha-at-example' }))).toEqual({
      firstName: VALIDATION.firstNameRequired,
      email: VALIDATION.emailInvalid,
    });
  });

  it('refuses a district outside the state and a city outside the district, changing nothing', async () => {
    const id = await insertRegistration();
    const before = (await get(id)).json().data;
    expect(fieldErrors(await put(id, { ...edit, state: place.Karnataka, district: place.Pune, city: place.Andheri }))).toEqual({
      district: VALIDATION.districtNotInState,
      city: VALIDATION.cityNotInDistrict,
    });
    // Only the state sent: the district kept from before no longer lies in it.
    expect(fieldErrors(await put(id, { firstName: 'Asha', state: place.Karnataka }))).toEqual({ district: VALIDATION.districtNotInState });
    expect((await get(id)).json().data).toEqual(before);
  });

  it('refuses location ids that name no record', async () => {
    const id = await insertRegistration();
    expect(fieldErrors(await put(id, { ...edit, state: 'nope', district: place.Whitefield, city: UNKNOWN_ID }))).toEqual({
      state: VALIDATION.referenceNotFound,
      district: VALIDATION.referenceNotFound,
      city: VALIDATION.referenceNotFound,
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    await expectNotFound((id) => put(id, edit), NOT_FOUND.registration);
  });
});

describe('DELETE /admin/registrations/:id', () => {
  it('deletes the registration, its players and their stored photos', async () => {
    const id = await insertRegistration();
    await writeFile(join(server.uploadsDir, 'player-photo.png'), 'x');
    await server.db
      .insertInto('registration_players')
      .values({ registration_id: id, position: 1, first_name: 'Meera', photo: '/uploads/player-photo.png' })
      .execute();
    const res = await server.request({ method: 'DELETE', url: `/admin/registrations/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: REGISTRATION_TEXTS.deleteSuccess });
    expect(existsSync(join(server.uploadsDir, 'player-photo.png'))).toBe(false);
    expect((await get(id)).statusCode).toBe(404);
    expect(await server.db.selectFrom('registration_players').selectAll().where('registration_id', '=', id).execute()).toEqual([]);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    await expectNotFound((id) => server.request({ method: 'DELETE', url: `/admin/registrations/${id}` }), NOT_FOUND.registration);
  });
});

describe('GET /admin/registrations', () => {
  beforeEach(async () => {
    await server.db.deleteFrom('registrations').execute();
  });

  async function seed(n: number) {
    const statuses = ['pending', 'approved', 'rejected'];
    for (const [i, created] of minutesApart(n).entries()) {
      await insertRegistration({ firstName: `Player ${String(i + 1).padStart(2, '0')}`, status: statuses[i % 3], created });
    }
  }
  const names = async (query: string) => (await list(query)).json().data.docs.map((r: { firstName: string }) => r.firstName);

  it('pages newest first, with the spec page shape at every edge', async () => {
    await expectEmptyPage(list);
    await seed(25);
    await expectPagesOf25(list, '_id');
  });

  it('searches the first name case-insensitively and filters by status', async () => {
    await seed(7);
    expect(await names('?search=PLAYER%2003')).toEqual(['Player 03']);
    expect(await names('?search=patil')).toEqual([]); // last names are not searched
    expect(await names('?status=approved')).toEqual(['Player 05', 'Player 02']);
    expect(await names('?status=pending&search=0')).toEqual(['Player 07', 'Player 04', 'Player 01']);
    expect((await list('?status=lost')).statusCode).toBe(400);
    expect(await names('?sort=firstName&order=asc&limit=2')).toEqual(['Player 01', 'Player 02']);
  });
});

describe('state, district and city lookups', () => {
  const lookup = async (url: string) => {
    const res = await server.request({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json().data.map((row: { name: string }) => row.name);
  };

  it('answer plain lists sorted by name', async () => {
    const res = await server.request({ method: 'GET', url: '/admin/state' });
    expect(res.json()).toEqual({
      success: true,
      message: GENERIC.fetched,
      data: [
        { _id: place.Karnataka, name: 'Karnataka' },
        { _id: place.Maharashtra, name: 'Maharashtra' },
      ],
    });
    expect(await lookup('/admin/district')).toEqual(['Bengaluru Urban', 'Mumbai Suburban', 'Pune']);
    expect(await lookup('/admin/city')).toEqual(['Andheri', 'Hinjewadi', 'Pimpri', 'Whitefield']);
  });

  it('cascade: districts of a state, cities of a district; none for an unknown parent', async () => {
    expect(await lookup(`/admin/district?state=${place.Maharashtra}`)).toEqual(['Mumbai Suburban', 'Pune']);
    expect(await lookup(`/admin/city?district=${place.Pune}`)).toEqual(['Hinjewadi', 'Pimpri']);
    expect(await lookup(`/admin/city?district=${place.Karnataka}`)).toEqual([]);
    expect(await lookup('/admin/district?state=nope')).toEqual([]);
    expect(await lookup('/admin/district?state=')).toHaveLength(3);
  });
});

it('needs a token for every registration and location route', async () => {
  const id = UNKNOWN_ID;
  await expectTokenRequired(server, [
    { method: 'GET', url: '/admin/registrations' },
    { method: 'GET', url: `/admin/registrations/${id}` },
    { method: 'PUT', url: `/admin/registrations/${id}`, payload: { firstName: 'Asha' } },
    { method: 'DELETE', url: `/admin/registrations/${id}` },
    { method: 'GET', url: '/admin/state' },
    { method: 'GET', url: '/admin/district' },
    { method: 'GET', url: '/admin/city' },
  ]);
});
