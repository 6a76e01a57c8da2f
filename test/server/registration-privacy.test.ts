/**
 * A registration's government ID number: masked in every admin answer and in the activity log,
 * whole only through the reveal call (each one logged with the admin's name) and in the CSV export
 * (each export logged); an edit sending the mask back keeps the number. And who submitted it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REGISTRATION_TEXTS } from '../../src/domain/entities/registrations';
import { DELETED_USER_LABEL } from '../../src/domain/fans';
import { GENERIC } from '../../src/domain/messages';
import { deleteFan } from '../../server/repositories/fans';
import { expectNotFound } from './checks';
import { createTestServer, TEST_ADMIN, type TestServer } from './harness';

const NUMBER = '2345 6789 9012';
const MASKED = 'XXXX-XXXX-9012';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.db.deleteFrom('registrations').execute();
});

async function insertRegistration(fields: { firstName?: string; number?: string | null; userId?: string | null } = {}) {
  const { id } = await server.db
    .insertInto('registrations')
    .values({
      first_name: fields.firstName ?? 'Asha',
      last_name: 'Patil',
      email: 'asha@example.in',
      government_id_type: 'Aadhaar Card',
      government_id_number: fields.number === undefined ? NUMBER : fields.number,
      status: 'pending',
      user_id: fields.userId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const storedNumber = async (id: string) =>
  (await server.db.selectFrom('registrations').select('government_id_number').where('id', '=', id).executeTakeFirstOrThrow()).government_id_number;
const get = (id: string) => server.request({ method: 'GET', url: `/admin/registrations/${id}` });
const reveal = (id: string) => server.request({ method: 'POST', url: `/admin/registrations/${id}/government-id`, payload: {} });
type Entry = { admin: { firstName: string; lastName: string } | null; action: string; resource: string; recordId: string | null; recordLabel: string | null; changes: unknown[] };
const log = async (query: string): Promise<Entry[]> => (await server.request({ method: 'GET', url: `/admin/activity${query}` })).json().data.docs;

describe('the government ID number in the admin API', () => {
  it('is masked in the list, the detail, an edit, a status change and the status tabs answer no number', async () => {
    const id = await insertRegistration();
    const list = (await server.request({ method: 'GET', url: '/admin/registrations' })).json().data.docs;
    expect(list.map((r: { GovernmentIdNumber: string }) => r.GovernmentIdNumber)).toEqual([MASKED]);
    expect((await get(id)).json().data).toMatchObject({ GovernmentIdType: 'Aadhaar Card', GovernmentIdNumber: MASKED });
    const edited = await server.request({ method: 'PUT', url: `/admin/registrations/${id}`, payload: { firstName: 'Asha', area: 'Kothrud' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.GovernmentIdNumber).toBe(MASKED);
    const approved = await server.request({ method: 'PUT', url: `/admin/registrations/${id}/status`, payload: { status: 'approved' } });
    expect(approved.json().data.GovernmentIdNumber).toBe(MASKED);
    const bulk = await server.request({ method: 'PUT', url: '/admin/registrations/status', payload: { ids: [id], status: 'rejected' } });
    expect(bulk.body).not.toContain('9012');
    expect((await server.request({ method: 'GET', url: '/admin/dashboard' })).body).not.toContain('6789');
  });

  it('answers none as none', async () => {
    const id = await insertRegistration({ number: null });
    expect((await get(id)).json().data.GovernmentIdNumber).toBeNull();
    expect((await reveal(id)).json().data).toEqual({ GovernmentIdType: 'Aadhaar Card', GovernmentIdNumber: null });
  });

  it('is kept by an edit that sends the mask (or anything) back', async () => {
    const id = await insertRegistration();
    const { updatedAt } = (await get(id)).json().data;
    const res = await server.request({ method: 'PUT', url: `/admin/registrations/${id}`, payload: { firstName: 'Asha', GovernmentIdNumber: MASKED, GovernmentIdType: 'PAN Card', updatedAt } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedNumber(id)).toBe(NUMBER);
    expect(res.json().data.GovernmentIdType).toBe('Aadhaar Card');
  });

  it('never reaches the activity log whole: a change to it is logged masked', async () => {
    const id = await insertRegistration();
    await server.request({ method: 'PUT', url: `/admin/registrations/${id}/status`, payload: { status: 'approved' } });
    // The app rewriting the number (a new card), logged by the shared writer as any change is.
    const { updateRecorded } = await import('../../server/repositories/writes');
    await updateRecorded(server.db, server.admin.id, 'registrations', id, { government_id_number: '1111 2222 3333' });
    const entries = await log(`?resource=registrations&recordId=${id}`);
    expect(entries[0].changes).toEqual([{ field: 'governmentIdNumber', before: MASKED, after: 'XXXX-XXXX-3333' }]);
    expect(JSON.stringify(entries)).not.toMatch(/6789|2222/);
  });
});

describe('POST /admin/registrations/:id/government-id', () => {
  it('answers the whole number and logs the reveal with the admin who asked', async () => {
    const id = await insertRegistration();
    const res = await reveal(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: GENERIC.fetched, data: { GovernmentIdType: 'Aadhaar Card', GovernmentIdNumber: NUMBER } });
    await reveal(id);
    const entries = await log(`?resource=registrations&recordId=${id}&action=reveal`);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      admin: { firstName: TEST_ADMIN.firstName, lastName: TEST_ADMIN.lastName },
      action: 'reveal',
      resource: 'registrations',
      recordId: id,
      recordLabel: 'Asha Patil',
      changes: [],
    });
    expect(JSON.stringify(entries)).not.toContain('6789');
  });

  it('answers 404 for unknown and malformed ids, and logs nothing', async () => {
    const before = (await log('?action=reveal')).length;
    await expectNotFound(reveal, REGISTRATION_TEXTS.notFound);
    expect(await log('?action=reveal')).toHaveLength(before);
  });

  it('refuses a call without a session', async () => {
    const id = await insertRegistration();
    const res = await server.app.inject({ method: 'POST', url: `/admin/registrations/${id}/government-id`, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('9012');
  });
});

describe('GET /admin/registrations/export.csv', () => {
  it('holds each number whole and logs the export: rows, filters and that it searched (never the search itself)', async () => {
    await insertRegistration();
    await insertRegistration({ firstName: 'Ravi', number: 'ABCPD1234E' });
    const before = (await log('?action=export')).length;
    const res = await server.request({ method: 'GET', url: '/admin/registrations/export.csv' });
    expect(res.statusCode).toBe(200);
    const header = res.body.slice(1).split('\r\n')[0];
    expect(header.endsWith('Government ID Type,Government ID Number')).toBe(true);
    expect(res.body).toContain(`Aadhaar Card,${NUMBER}\r\n`);
    expect(res.body).toContain('Aadhaar Card,ABCPD1234E\r\n');
    await server.request({ method: 'GET', url: '/admin/registrations/export.csv?status=pending&search=%20ravi%20&playingRole=Bowler' });
    const entries = await log('?action=export');
    expect(entries).toHaveLength(before + 2);
    expect(entries[1]).toMatchObject({
      admin: { firstName: TEST_ADMIN.firstName },
      resource: 'registrations',
      recordId: null,
      recordLabel: REGISTRATION_TEXTS.exportFileName,
      changes: [{ field: 'rows', before: null, after: 2 }],
    });
    expect(entries[0].changes).toEqual([
      { field: 'rows', before: null, after: 0 },
      { field: 'status', before: null, after: 'pending' },
      { field: 'playingRole', before: null, after: 'Bowler' },
      { field: 'search', before: null, after: REGISTRATION_TEXTS.exportSearchNotKept },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/ravi/i);
  });

  it('refuses a bad filter without logging an export', async () => {
    const before = (await log('?action=export')).length;
    expect((await server.request({ method: 'GET', url: '/admin/registrations/export.csv?status=lost' })).statusCode).toBe(400);
    expect(await log('?action=export')).toHaveLength(before);
  });
});

describe('who submitted a registration', () => {
  it('names the fan who sent it, none for a demo row, and none once the fan deleted their account', async () => {
    const fan = await server.db
      .insertInto('app_users')
      .values({ name: 'Asha Patil', email: 'asha.fan@example.in', source: 'app' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const sent = await insertRegistration({ userId: fan.id });
    const demo = await insertRegistration({ firstName: 'Ravi' });
    const res = await get(sent);
    expect(res.json().data).toMatchObject({ submittedBy: { _id: fan.id, name: 'Asha Patil' }, createdAt: expect.any(String) });
    expect((await get(demo)).json().data.submittedBy).toBeNull();
    const listed = (await server.request({ method: 'GET', url: '/admin/registrations?sort=firstName&order=asc' })).json().data.docs;
    expect(listed.map((r: { submittedBy: unknown }) => r.submittedBy)).toEqual([{ _id: fan.id, name: 'Asha Patil' }, null]);
    expect((await reveal(sent)).statusCode).toBe(200);
    await deleteFan(server.db, fan.id);
    expect((await get(sent)).json().data.submittedBy).toBeNull();
    // The reveal's entry is erased of the fan's name with the rest of their registration's entries.
    const [revealed] = await log(`?resource=registrations&recordId=${sent}&action=reveal`);
    expect(revealed).toMatchObject({ recordLabel: DELETED_USER_LABEL, admin: { firstName: TEST_ADMIN.firstName } });
    expect(JSON.stringify(await log(`?recordId=${sent}`))).not.toMatch(/Asha|6789/);
  });
});
