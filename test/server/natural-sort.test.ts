/**
 * Text sorts the way a person reads it, case-insensitively and numbers by value, and the same on
 * PGlite, on PostgreSQL (this file runs on both) and in the fake provider: a list sorted by a text
 * field gives one order everywhere.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFakeDataProvider } from '../../src/providers/fakeDataProvider';
import { createTestServer, type TestServer } from './harness';

/** Titles a code-point order would put as '#10', '#2', 'Mango 3', 'Zebra', 'apple', 'mango 21'. */
const TITLES = ['Zebra', 'apple', '#10', '#2', 'Mango 3', 'mango 21', 'Over 100 runs', 'Over 99 runs'];
const NATURAL = ['#2', '#10', 'apple', 'Mango 3', 'mango 21', 'Over 99 runs', 'Over 100 runs', 'Zebra'];

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  await server.db
    .insertInto('news')
    .values(TITLES.map((title) => ({ title, small_description: 'A few words on it', description: '<p>The story</p>' })))
    .execute();
});
afterAll(() => server?.close());

const titles = (docs: { title: string }[]) => docs.map((doc) => doc.title);

it('sorts a list by a text field naturally, both ways, on the server', async () => {
  const read = async (order: string) => titles((await server.request({ method: 'GET', url: `/admin/news?sort=title&order=${order}` })).json().data.docs);
  expect(await read('asc')).toEqual(NATURAL);
  expect(await read('desc')).toEqual([...NATURAL].reverse());
});

it('sorts a list by a text field naturally, both ways, in the fake provider', async () => {
  const at = new Date('2026-03-01T12:00:00.000Z').toISOString();
  const fake = createFakeDataProvider({
    news: TITLES.map((title, i) => ({ _id: `news-${i}`, title, small_description: 'A few words on it', description: '<p>The story</p>', tags: [], createdAt: at, updatedAt: at })),
  });
  const read = async (order: 'ASC' | 'DESC') =>
    titles((await fake.getList('news', { pagination: { page: 1, perPage: 20 }, sort: { field: 'title', order }, filter: {} })).data as never);
  expect(await read('ASC')).toEqual(NATURAL);
  expect(await read('DESC')).toEqual([...NATURAL].reverse());
});
