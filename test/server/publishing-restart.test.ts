/**
 * A scheduled record goes live across a restart, on the real server as a child process without FCM:
 * an in-process server on a clock set in 2020 schedules a news article for a minute later and stops;
 * the real server then starts on the same data folder (or PostgreSQL database), where that minute is
 * long past, and its queue puts the article live from the job the first server left in the database.
 */
import { type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { openDatabase } from '../../server/db/connection';
import { createAdmin } from '../../server/repositories/admins';
import { ACTIVITY_TEXTS, activityAdmin } from '../../src/domain';
import { login } from './harness';
import { dataDirWithDatabase, freePort, migratedPostgres, startServer, usesPostgres, type ServerSetup } from './process';
import { movableClock, waitFor } from './push-fixtures';

const ADMIN = { email: 'publish-restart@test.local', password: 'publish-restart-password' };
let setup: ServerSetup;
let database: { url: string; drop: () => Promise<void> } | undefined;
let child: ChildProcess | undefined;

beforeAll(async () => {
  if (usesPostgres) database = await migratedPostgres('crease_publish_restart');
  setup = { dataDir: await dataDirWithDatabase('crease-publish-restart-'), port: await freePort(), databaseUrl: database?.url, admin: ADMIN };
}, 60_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  if (setup) await rm(setup.dataDir, { recursive: true, force: true });
  await database?.drop();
});

it('puts a scheduled article live after a restart, from the job left in the database', async () => {
  // The first server: in this process, its clock in 2020 (it never runs its queue).
  const clock = movableClock('2020-01-01T00:00:10Z');
  const opened = await openDatabase(database ? { url: database.url } : { dataDir: join(setup.dataDir, 'db') });
  await createAdmin(opened.db, { email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password), firstName: 'Pat', lastName: 'Publisher', role: 'owner' });
  const first = await buildApp({ db: opened.db, uploadsDir: join(setup.dataDir, 'uploads'), jwtSecret: randomUUID(), logger: false, distDir: join(setup.dataDir, 'no-dist'), clock });
  first.lifecycle.markReady();
  const token = (await login(first, ADMIN.email, ADMIN.password)).json().token as string;
  const created = await first.inject({
    method: 'POST',
    url: '/admin/news',
    headers: { authorization: `Bearer ${token}` },
    payload: { title: 'Gates open at noon', small_description: 'The final starts an hour early.', description: '<p>Be early.</p>', publishAt: '2020-01-01T00:01:00Z' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data._id as string;
  expect(created.json().data).toMatchObject({ status: 'scheduled', publishAt: '2020-01-01T00:01:00.000Z' });
  await first.close();
  await opened.close();

  // The real server, started as npm start starts it (no FCM set up): its minute is long past.
  child = (await startServer(setup)).server;
  const base = `http://127.0.0.1:${setup.port}`;
  const signIn = await fetch(`${base}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const authorization = `Bearer ${((await signIn.json()) as { token: string }).token}`;
  const read = async (path: string) => ((await (await fetch(`${base}${path}`, { headers: { authorization } })).json()) as { data: Record<string, unknown> }).data;
  const live = await waitFor('the article to go live', async () => {
    const news = await read(`/admin/news/${id}`);
    return news.status === 'published' ? news : undefined;
  }, 30_000, 100);
  expect(live).toMatchObject({ status: 'published', publishAt: '2020-01-01T00:01:00.000Z' });
  const log = (await read(`/admin/activity?recordId=${id}`)).docs as { action: string; admin: null }[];
  expect(log.map((entry) => entry.action)).toEqual(['autoPublish', 'schedule']);
  expect(activityAdmin(log[0])).toBe(ACTIVITY_TEXTS.byCrease);
}, 120_000);
