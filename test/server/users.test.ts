import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER_TEXTS } from '../../src/domain';
import { expectNotFound, expectTokenRequired } from './checks';
import { minutesApart, UNKNOWN_ID } from './fixtures';
import { createTestServer, type TestServer } from './harness';
import { expectEmptyPage, expectPagesOf25 } from './paging';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const list = (query: string) => server.request({ method: 'GET', url: `/admin/users${query}` });
const names = async (query: string) => (await list(query)).json().data.docs.map((u: { name: string }) => u.name);

/** n users a minute apart (User 01 oldest); every third one inactive and without an age. */
async function seed(n: number) {
  return server.db
    .insertInto('app_users')
    .values(
      minutesApart(n).map((at, i) => ({
        name: `User ${String(i + 1).padStart(2, '0')}`,
        email: `user${i + 1}@example.in`,
        age: i % 3 === 2 ? null : 20 + i,
        is_active: i % 3 !== 2,
        created_at: at,
      })),
    )
    .returning(['id', 'name'])
    .execute();
}

beforeEach(async () => {
  await server.db.deleteFrom('app_users').execute();
});

describe('GET /admin/users', () => {
  it('pages newest first, with the shared page shape at every edge', async () => {
    await expectEmptyPage(list);
    await seed(25);
    await expectPagesOf25(list, '_id');
    expect(await names('?limit=2')).toEqual(['User 25', 'User 24']);
  });

  it('answers the user read shape', async () => {
    await seed(3);
    const [newest, , oldest] = (await list('')).json().data.docs;
    expect(oldest).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'User 01',
      email: 'user1@example.in',
      age: 20,
      isActive: true,
      source: 'demo',
      lastSignInAt: null,
      emailVerified: true,
      createdAt: expect.any(String),
    });
    expect(newest).toMatchObject({ name: 'User 03', age: null, isActive: false });
  });

  it('searches by name or e-mail, case-insensitively, and sorts by name', async () => {
    await seed(12);
    expect(await names('?search=user%2011')).toEqual(['User 11']);
    expect(await names('?search=USER%201')).toEqual(['User 12', 'User 11', 'User 10']);
    expect(await names('?search=USER7%40EXAMPLE')).toEqual(['User 07']);
    expect((await list('?search=example.in')).json().data.totalDocs).toBe(12);
    expect((await list('?search=50%25')).json().data.totalDocs).toBe(0);
    expect(await names('?sort=name&order=asc&limit=3')).toEqual(['User 01', 'User 02', 'User 03']);
  });

  it('filters active or inactive users, with the search', async () => {
    await seed(7);
    expect(await names('?isActive=false')).toEqual(['User 06', 'User 03']);
    expect((await list('?isActive=true')).json().data.totalDocs).toBe(5);
    expect(await names('?isActive=true&search=user%2001')).toEqual(['User 01']);
    expect(await names('?isActive=false&search=user%2003')).toEqual(['User 03']);
    expect((await list('?isActive=maybe')).statusCode).toBe(400);
  });
});

describe('GET /admin/users/stats', () => {
  it('counts every user, whatever the list asks', async () => {
    const stats = async () => (await server.request({ method: 'GET', url: '/admin/users/stats' })).json();
    expect(await stats()).toEqual({ success: true, message: expect.any(String), data: { total: 0 } });
    await seed(4);
    expect((await stats()).data).toEqual({ total: 4 });
  });
});

describe('GET /admin/users/:id', () => {
  it('answers one user', async () => {
    const [user] = await seed(1);
    const res = await server.request({ method: 'GET', url: `/admin/users/${user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { _id: user.id, name: 'User 01' } });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    await expectNotFound((id) => server.request({ method: 'GET', url: `/admin/users/${id}` }), USER_TEXTS.notFound);
  });
});

it('needs a token, and offers no way to add, edit or delete users (only isActive, in fan-accounts.test.ts)', async () => {
  await expectTokenRequired(server, [
    { method: 'GET', url: '/admin/users' },
    { method: 'GET', url: '/admin/users/stats' },
    { method: 'GET', url: `/admin/users/${UNKNOWN_ID}` },
  ]);
  const [user] = await seed(1);
  for (const method of ['POST', 'DELETE'] as const) {
    const res = await server.request({ method, url: method === 'POST' ? '/admin/users' : `/admin/users/${user.id}`, payload: {} });
    expect(res.statusCode, method).toBe(404);
  }
  // PUT takes isActive alone: a name or an e-mail sent alone is refused, and nothing changes.
  const edit = await server.request({ method: 'PUT', url: `/admin/users/${user.id}`, payload: { name: 'Renamed', email: 'x@example.com' } });
  expect(edit.statusCode).toBe(400);
  expect((await server.request({ method: 'GET', url: `/admin/users/${user.id}` })).json().data.name).not.toBe('Renamed');
});
