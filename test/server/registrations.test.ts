import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GENERIC, VALIDATION } from '../../src/domain/messages';
import { REGISTRATION_TEXTS } from '../../src/domain/entities/registrations';
import { expectNotFound, expectTokenRequired, fieldErrors } from './checks';
import { insertPlaces, minutesApart, UNKNOWN_ID } from './fixtures';
import { createTestServer, type TestServer } from './harness';
import { expectEmptyPage, expectPagesOf25 } from './paging';

let server: TestServer;
/** Two states, their districts and cities, inserted out of name order. */
const place: Record<string, string> = {};
beforeAll(async () => {
  server = await createTestServer();
  Object.assign(place, await insertPlaces(server.db));
});
afterAll(() => server.close());

type RegistrationFields = {
  firstName?: string;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  status?: string;
  created?: Date;
  state?: string | null;
  district?: string | null;
  city?: string | null;
  playingRole?: string | null;
  address?: string | null;
};

async function insertRegistration(fields: RegistrationFields = {}) {
  const { id } = await server.db
    .insertInto('registrations')
    .values({
      first_name: fields.firstName ?? 'Asha',
      last_name: fields.lastName === undefined ? 'Patil' : fields.lastName,
      email: fields.email === undefined ? 'asha@example.in' : fields.email,
      phone: fields.phone === undefined ? '9876543210' : fields.phone,
      dob: '2001-02-03',
      government_id_type: 'Aadhaar',
      government_id_number: '2345 6789 1234',
      state_id: fields.state === undefined ? place.Maharashtra : fields.state,
      district_id: fields.district === undefined ? place.Pune : fields.district,
      city_id: fields.city === undefined ? place.Hinjewadi : fields.city,
      area: 'Phase 1',
      pin_code: '411057',
      address: fields.address === undefined ? '12 Main Road' : fields.address,
      playing_role: fields.playingRole === undefined ? 'All-rounder' : fields.playingRole,
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
      // Masked: the whole number only through the reveal call (registration-privacy.test.ts).
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
      updatedAt: expect.any(String),
      submittedBy: null,
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
      // No fan is told of a decision on a registration no fan sent.
      notice: null,
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    await expectNotFound(get, REGISTRATION_TEXTS.notFound);
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
    await expectNotFound((id) => put(id, edit), REGISTRATION_TEXTS.notFound);
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
    await expectNotFound((id) => server.request({ method: 'DELETE', url: `/admin/registrations/${id}` }), REGISTRATION_TEXTS.notFound);
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

  it('pages newest first, with the shared page shape at every edge', async () => {
    await expectEmptyPage(list);
    await seed(25);
    await expectPagesOf25(list, '_id');
  });

  it('searches the first name case-insensitively and filters by status', async () => {
    await seed(7);
    expect(await names('?search=PLAYER%2003')).toEqual(['Player 03']);
    expect(await names('?status=approved')).toEqual(['Player 05', 'Player 02']);
    expect(await names('?status=pending&search=0')).toEqual(['Player 07', 'Player 04', 'Player 01']);
    expect((await list('?status=lost')).statusCode).toBe(400);
    expect(await names('?sort=firstName&order=asc&limit=2')).toEqual(['Player 01', 'Player 02']);
  });
});

describe('registration search, filters and status counts', () => {
  beforeEach(async () => {
    await server.db.deleteFrom('registrations').execute();
  });
  const names = async (query: string) => (await list(query)).json().data.docs.map((r: { firstName: string }) => r.firstName);
  const stats = async (query = '') => {
    const res = await server.request({ method: 'GET', url: `/admin/registrations/stats${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  async function seedPeople() {
    const [a, b, c, d, e] = minutesApart(5);
    await insertRegistration({ firstName: 'Asha', lastName: 'Patil', email: 'asha@example.in', phone: '9876500001', created: a });
    await insertRegistration({
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi@cricket.org',
      phone: '9123400002',
      status: 'approved',
      state: place.Karnataka,
      district: place['Bengaluru Urban'],
      city: place.Whitefield,
      playingRole: 'Bowler',
      created: b,
    });
    await insertRegistration({ firstName: 'Meera', lastName: null, email: null, phone: null, status: 'rejected', city: place.Pimpri, created: c });
    await insertRegistration({ firstName: 'Kiran', lastName: 'Rao', status: '', district: place['Mumbai Suburban'], city: place.Andheri, playingRole: 'Batsman', created: d });
    await insertRegistration({ firstName: 'Dev', lastName: 'Shah', status: 'on hold', playingRole: null, created: e });
  }

  it('searches first name, last name, full name, e-mail and phone', async () => {
    await seedPeople();
    expect(await names('?search=kumar')).toEqual(['Ravi']);
    expect(await names('?search=ravi%20kumar')).toEqual(['Ravi']);
    expect(await names('?search=CRICKET.ORG')).toEqual(['Ravi']);
    expect(await names('?search=00001')).toEqual(['Asha']);
    expect(await names('?search=meer')).toEqual(['Meera']);
    expect(await names('?search=%25')).toEqual([]);
  });

  it('filters by state, district, city and playing role; a pending filter finds a missing status too', async () => {
    await seedPeople();
    expect(await names(`?state=${place.Karnataka}`)).toEqual(['Ravi']);
    expect(await names(`?state=${place.Maharashtra}`)).toEqual(['Dev', 'Kiran', 'Meera', 'Asha']);
    expect(await names(`?district=${place['Mumbai Suburban']}`)).toEqual(['Kiran']);
    expect(await names(`?city=${place.Pimpri}`)).toEqual(['Meera']);
    expect(await names('?playingRole=Bowler')).toEqual(['Ravi']);
    expect(await names('?city=nope')).toEqual([]);
    expect(await names('?status=pending')).toEqual(['Kiran', 'Asha']);
    expect(await names('?status=rejected')).toEqual(['Meera']);
    expect(await names(`?status=pending&state=${place.Maharashtra}&search=rao`)).toEqual(['Kiran']);
  });

  it('counts each status tab over the search and filters (a missing status is pending, another one only in all)', async () => {
    expect(await stats()).toEqual({ total: 0, pending: 0, approved: 0, rejected: 0 });
    await seedPeople();
    expect(await stats()).toEqual({ total: 5, pending: 2, approved: 1, rejected: 1 });
    expect(await stats(`?state=${place.Maharashtra}`)).toEqual({ total: 4, pending: 2, approved: 0, rejected: 1 });
    expect(await stats('?search=ravi')).toEqual({ total: 1, pending: 0, approved: 1, rejected: 0 });
    // The tab itself is not a filter of its counts.
    expect((await server.request({ method: 'GET', url: '/admin/registrations/stats?status=approved' })).json().data.total).toBe(5);
  });
});

describe('PUT /admin/registrations/:id/status', () => {
  const setStatus = (id: string, payload: unknown) =>
    server.request({ method: 'PUT', url: `/admin/registrations/${id}/status`, payload: payload as Record<string, unknown> });

  it('sets approved, rejected or pending and answers the registration', async () => {
    const id = await insertRegistration();
    for (const status of ['approved', 'rejected', 'pending']) {
      const res = await setStatus(id, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { _id: id, status, firstName: 'Asha', city: { name: 'Hinjewadi' } } });
      expect((await get(id)).json().data.status).toBe(status);
    }
  });

  it('refuses any other status with a clear message, changing nothing', async () => {
    const id = await insertRegistration();
    for (const payload of [{ status: 'lost' }, { status: '' }, {}, { status: 1 }]) {
      const res = await setStatus(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'validation.failed', message: VALIDATION.statusInvalid, errors: { status: VALIDATION.statusInvalid } });
    }
    expect((await get(id)).json().data.status).toBe('pending');
  });

  it('answers 404 for unknown and malformed ids', async () => {
    await expectNotFound((id) => setStatus(id, { status: 'approved' }), REGISTRATION_TEXTS.notFound);
  });
});

describe('PUT /admin/registrations/status', () => {
  const bulk = (payload: unknown) =>
    server.request({ method: 'PUT', url: '/admin/registrations/status', payload: payload as Record<string, unknown> });
  const statusOf = async (id: string) => (await get(id)).json().data.status;

  it('changes them all and answers how many', async () => {
    const ids = [await insertRegistration(), await insertRegistration(), await insertRegistration({ status: 'approved' })];
    const other = await insertRegistration();
    const res = await bulk({ ids, status: 'rejected' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: GENERIC.updated, data: { changed: 3 } });
    for (const id of ids) expect(await statusOf(id)).toBe('rejected');
    expect(await statusOf(other)).toBe('pending');
    // An id sent twice is one registration.
    expect((await bulk({ ids: [ids[0], ids[0]], status: 'approved' })).json().data).toEqual({ changed: 1 });
  });

  it('changes nothing and names the missing ids when any is unknown', async () => {
    const ids = [await insertRegistration(), await insertRegistration()];
    const res = await bulk({ ids: [ids[0], UNKNOWN_ID, ids[1], 'nope'], status: 'approved' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'not_found', message: REGISTRATION_TEXTS.notFoundIds([UNKNOWN_ID, 'nope']) });
    for (const id of ids) expect(await statusOf(id)).toBe('pending');
  });

  it('refuses a bad status or no ids', async () => {
    const id = await insertRegistration();
    expect((await bulk({ ids: [id], status: 'maybe' })).json()).toMatchObject({ message: VALIDATION.statusInvalid });
    expect((await bulk({ ids: [], status: 'approved' })).json()).toMatchObject({ message: VALIDATION.idsInvalid });
    expect((await bulk({ status: 'approved' })).statusCode).toBe(400);
    expect(await statusOf(id)).toBe('pending');
  });
});

describe('GET /admin/registrations/export.csv', () => {
  beforeEach(async () => {
    await server.db.deleteFrom('registrations').execute();
  });
  const exportCsv = (query = '') => server.request({ method: 'GET', url: `/admin/registrations/export.csv${query}` });
  /** The CSV's records (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const char = text[i];
      if (quoted && char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = !quoted;
      } else if (!quoted && char === ',') {
        row.push(cell);
        cell = '';
      } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
        row.push(cell);
        rows.push(row);
        row = [];
        cell = '';
        i++;
      } else {
        cell += char;
      }
    }
    return rows;
  }

  it('answers every matching row (not one page) with the header, as an attachment', async () => {
    for (const created of minutesApart(30)) await insertRegistration({ created });
    await insertRegistration({ firstName: 'Ravi', status: 'approved', state: place.Karnataka, district: place['Bengaluru Urban'], city: place.Whitefield });
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="registrations.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([...REGISTRATION_TEXTS.csvColumns]);
    expect(rows).toHaveLength(32);
    expect(rows[1]).toEqual([
      'Ravi Patil', 'asha@example.in', '2001-02-03', '9876543210', 'Whitefield', 'All-rounder', 'approved',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/), 'Karnataka', 'Bengaluru Urban', 'Phase 1', '411057', '12 Main Road', 'Aadhaar', '2345 6789 1234',
    ]);
    const filtered = parseCsv((await exportCsv(`?state=${place.Karnataka}&status=approved&search=ravi`)).body.slice(1));
    expect(filtered.map((row) => row[0])).toEqual(['Full Name', 'Ravi Patil']);
    expect(parseCsv((await exportCsv('?status=rejected')).body.slice(1))).toHaveLength(1);
  });

  it('reads every row across batches, newest first, none twice', async () => {
    const { exportRegistrations } = await import('../../server/repositories/registrations');
    const same = new Date('2024-05-01T10:00:00.123456Z'); // many rows at one instant: the id breaks the tie
    for (let i = 0; i < 7; i++) await insertRegistration({ firstName: `Same ${i}`, created: same });
    for (const created of minutesApart(6)) await insertRegistration({ created });
    const seen: string[] = [];
    for await (const rows of exportRegistrations(server.db, {}, 3)) seen.push(...rows.map((row) => row.id));
    expect(seen).toHaveLength(13);
    expect(new Set(seen).size).toBe(13);
  });

  it('quotes per RFC 4180 and neutralises formulas', async () => {
    await insertRegistration({
      firstName: '=HYPERLINK("http://evil")',
      lastName: 'Patil, Jr.',
      email: '@SUM(A1)',
      phone: '+91 98765',
      address: 'Line 1\nLine "2"',
      playingRole: '-1+1',
    });
    const res = await exportCsv();
    const [, row] = parseCsv(res.body.slice(1));
    expect(row.slice(0, 6)).toEqual(["'=HYPERLINK(\"http://evil\") Patil, Jr.", "'@SUM(A1)", '2001-02-03', "'+91 98765", 'Hinjewadi', "'-1+1"]);
    expect(row[12]).toBe('Line 1\nLine "2"');
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil"") Patil, Jr."');
  });

  it('answers the header alone when nothing matches, and refuses a bad status', async () => {
    expect(parseCsv((await exportCsv()).body.slice(1))).toEqual([[...REGISTRATION_TEXTS.csvColumns]]);
    expect((await exportCsv('?status=lost')).statusCode).toBe(400);
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
    { method: 'GET', url: '/admin/registrations/stats' },
    { method: 'GET', url: '/admin/registrations/export.csv' },
    { method: 'PUT', url: '/admin/registrations/status', payload: { ids: [id], status: 'approved' } },
    { method: 'PUT', url: `/admin/registrations/${id}/status`, payload: { status: 'approved' } },
    { method: 'POST', url: `/admin/registrations/${id}/government-id`, payload: {} },
    { method: 'GET', url: `/admin/registrations/${id}` },
    { method: 'PUT', url: `/admin/registrations/${id}`, payload: { firstName: 'Asha' } },
    { method: 'DELETE', url: `/admin/registrations/${id}` },
    { method: 'GET', url: '/admin/state' },
    { method: 'GET', url: '/admin/district' },
    { method: 'GET', url: '/admin/city' },
  ]);
});
