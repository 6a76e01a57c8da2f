/**
 * Two servers on one PostgreSQL, each keeping the app's answers: a news story an admin publishes
 * through server A is what server B answers within a second, without B being told by anyone but
 * the database (the `content_changed` notification of migration 0013).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { openDatabase, type OpenDatabase } from '../../server/db/connection';
import { hashPassword } from '../../server/auth/passwords';
import { createAdmin } from '../../server/repositories/admins';
import { login, multipart } from './harness';
import { throwAwayPostgres, usesPostgres } from './process';

const ADMIN = { email: 'app-two@test.local', password: 'app-two-servers-password' };
let database: { url: string; drop: () => Promise<void> };
const opened: OpenDatabase[] = [];
const apps: App[] = [];
let folder: string;

beforeAll(async () => {
  if (!usesPostgres) return;
  database = await throwAwayPostgres('crease_app_two');
  folder = await mkdtemp(join(tmpdir(), 'crease-app-two-'));
  const jwtSecret = randomUUID();
  for (let i = 0; i < 2; i++) {
    const open = await openDatabase({ url: database.url });
    opened.push(open);
    if (i === 0) await createAdmin(open.db, { email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password), firstName: 'Two', lastName: 'Servers' });
    const app = await buildApp({ db: open.db, uploadsDir: folder, jwtSecret, logger: false, distDir: join(folder, 'no-dist') });
    app.lifecycle.markReady();
    apps.push(app);
  }
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const open of opened) await open.close();
  await database?.drop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

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
