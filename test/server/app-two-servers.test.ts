/**
 * Two servers on one PostgreSQL, each keeping the app's answers: a news story an admin publishes
 * through server A is what server B answers within a second, without B being told by anyone but
 * the database (the `content_changed` notification of migration 0013).
 */
import { expect, it } from 'vitest';
import { login, multipart } from './harness';
import { usesPostgres } from './process';
import { twoAppsOnPostgres } from './two-apps';

const ADMIN = { email: 'app-two@test.local', password: 'app-two-servers-password' };
const apps = twoAppsOnPostgres('app_two', ADMIN);

it.skipIf(!usesPostgres)('server B answers what an admin published through server A within a second', async () => {
  const [a, b] = apps;
  const first = await b.inject({ method: 'GET', url: '/app/v1/news' });
  expect(first.json().data.docs).toEqual([]);
  // B keeps its answer: a repeat is a 304 without a query.
  expect((await b.inject({ method: 'GET', url: '/app/v1/news', headers: { 'if-none-match': first.headers.etag as string } })).statusCode).toBe(304);

  const { token } = (await login(a, ADMIN.email, ADMIN.password)).json();
  const form = await multipart({ title: 'Published on A', small_description: 'Read on B a moment later', description: '<p>Story</p>' });
  const created = await a.inject({ method: 'POST', url: '/admin/news', ...form, headers: { ...form.headers, authorization: `Bearer ${token}` } });
  expect(created.statusCode, created.body).toBe(200);

  await expect
    .poll(async () => (await b.inject({ method: 'GET', url: '/app/v1/news' })).json().data.docs.map((doc: { title: string }) => doc.title), { timeout: 1000, interval: 50 })
    .toEqual(['Published on A']);
});
