/**
 * `npm run admin -- reset-password` while the real server runs on the data folder: on PGlite the
 * command asks the server over its admin socket (the server holds the folder), on PostgreSQL (the
 * server-postgres project) it opens the database itself. Either way the new password signs in and
 * the sessions from before the reset end. `images:sizes`, `private-photos` and `reset-2fa` go the same two ways.
 */
import { type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { URI, type TOTP } from 'otpauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIN_ADMIN_PASSWORD_LENGTH as MIN_ADMIN_PASSWORD } from '../../src/domain/limits';
import { openDatabase } from '../../server/db/connection';
import { FolderImageStore } from '../../server/storage/folder-store';
import { removeSizes } from '../../server/storage/image-sizes';
import { multipart, pngFile } from './harness';
import { dataDirWithDatabase, freePort, migratedPostgres, runAdminCommand, startServer, usesPostgres, type ServerSetup } from './process';

const ADMIN = { email: 'cli@test.local', password: 'the-first-password' };
const NEW_PASSWORD = 'a-brand-new-password';

let setup: ServerSetup;
let database: { url: string; drop: () => Promise<void> } | undefined;
let server: ChildProcess | undefined;

beforeAll(async () => {
  if (usesPostgres) database = await migratedPostgres('crease_cli');
  setup = { dataDir: await dataDirWithDatabase('crease-cli-'), port: await freePort(), databaseUrl: database?.url, admin: ADMIN };
  server = (await startServer(setup)).server;
}, 120_000);

afterAll(async () => {
  server?.kill('SIGKILL');
  await rm(setup.dataDir, { recursive: true, force: true });
  await database?.drop();
});

const signIn = (password: string) =>
  fetch(`http://127.0.0.1:${setup.port}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password }),
  });

/** A guarded call: 200 with a live session, 401 after the reset. */
const profile = (token: string) => fetch(`http://127.0.0.1:${setup.port}/admin/sport`, { headers: { authorization: `Bearer ${token}` } });

it('resets the password while the server runs: the new one signs in, the old one and its sessions no longer work', async () => {
  const socket = join(setup.dataDir, 'admin.sock');
  // The channel exists only where the server holds the folder alone, and only its owner may use it.
  expect(existsSync(socket)).toBe(!usesPostgres);
  if (!usesPostgres) expect(statSync(socket).mode & 0o777).toBe(0o600);

  const before = await signIn(ADMIN.password);
  expect(before.status).toBe(200);
  const oldToken = ((await before.json()) as { token: string }).token;
  expect((await profile(oldToken)).status).toBe(200);
  // Tokens carry their issue time in whole seconds: make the reset happen in a later second.
  await new Promise((resolve) => setTimeout(resolve, 1100));

  const reset = await runAdminCommand(setup, ['reset-password', ADMIN.email, '--password', NEW_PASSWORD]);
  expect(reset).toMatchObject({ code: 0, stderr: '' });
  expect(reset.stdout).toContain(`Password updated for ${ADMIN.email}.`);

  expect((await signIn(ADMIN.password)).status).toBe(401);
  expect((await profile(oldToken)).status).toBe(401);
  const after = await signIn(NEW_PASSWORD);
  expect(after.status).toBe(200);
  expect((await profile(((await after.json()) as { token: string }).token)).status).toBe(200);
}, 120_000);

it('refuses an unknown e-mail and a short password with a clear message, changing nothing', async () => {
  const unknown = await runAdminCommand(setup, ['reset-password', 'nobody@test.local', '--password', 'long-enough-password']);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr.trim()).toBe('No admin has the e-mail nobody@test.local.');

  const short = await runAdminCommand(setup, ['reset-password', ADMIN.email, '--password', 'short']);
  expect(short.code).toBe(1);
  expect(short.stderr.trim()).toBe(`The password must be at least ${MIN_ADMIN_PASSWORD} characters.`);

  expect((await signIn(NEW_PASSWORD)).status).toBe(200);
}, 120_000);

/** An image uploaded through the running server, 1000 px wide: it has sizes at 320 and 960. */
let uploaded: string | undefined;

it('images:sizes while the server runs: every stored image already has its sizes, and it says so', async () => {
  const token = ((await (await signIn(NEW_PASSWORD)).json()) as { token: string }).token;
  const form = await multipart({ title: 'Sized', small_description: 'Uploaded with sizes', description: '<p>Body</p>', image: await pngFile({ width: 1000, height: 500 }) });
  const res = await fetch(`http://127.0.0.1:${setup.port}/admin/news`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...form.headers }, body: form.payload });
  expect(res.status).toBe(200);
  uploaded = ((await res.json()) as { data: { image: string } }).data.image;

  const sizes = await runAdminCommand(setup, ['images:sizes']);
  expect(sizes).toMatchObject({ code: 0, stderr: '' });
  expect(sizes.stdout).toContain('Made sizes for 0 images; 1 already had them.');
}, 120_000);

// The move itself is tested in private-media.test.ts (movePhotosToPrivate); here, that the command reaches it both ways.
it('private-photos while the server runs: nothing public to move, and it says so', async () => {
  const running = await runAdminCommand(setup, ['private-photos']);
  expect(running).toMatchObject({ code: 0, stderr: '' });
  expect(running.stdout).toBe(`Moved 0 player photos to the private store. ${usesPostgres ? '' : `(by the server running on ${setup.dataDir})`}`.trim() + '\n');
}, 120_000);

it('reset-2fa while the server runs: the admin who lost their second factor signs in with the password alone', async () => {
  const token = ((await (await signIn(NEW_PASSWORD)).json()) as { token: string }).token;
  const call = (method: string, path: string, body?: object) =>
    fetch(`http://127.0.0.1:${setup.port}/admin${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const { otpauthUrl } = ((await (await call('POST', '/profile/totp')).json()) as { data: { otpauthUrl: string } }).data;
  expect((await call('POST', '/profile/totp/confirm', { code: (URI.parse(otpauthUrl) as TOTP).generate() })).status).toBe(200);
  expect(await (await signIn(NEW_PASSWORD)).json()).not.toHaveProperty('token');

  const reset = await runAdminCommand(setup, ['reset-2fa', ADMIN.email]);
  expect(reset).toMatchObject({ code: 0, stderr: '' });
  expect(reset.stdout).toContain(`Second factors removed for ${ADMIN.email}`);
  expect(await (await signIn(NEW_PASSWORD)).json()).toHaveProperty('token');

  const unknown = await runAdminCommand(setup, ['reset-2fa', 'nobody@test.local']);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr.trim()).toBe('No admin has the e-mail nobody@test.local.');
}, 120_000);

it('removes its channel when the server stops; the command then opens the database itself', async () => {
  const stopped = new Promise((resolve) => server!.once('exit', resolve));
  server!.kill('SIGTERM');
  await stopped;
  server = undefined;
  expect(existsSync(join(setup.dataDir, 'admin.sock'))).toBe(false);
  expect(existsSync(join(setup.dataDir, 'server.lock'))).toBe(false);

  const reset = await runAdminCommand(setup, ['reset-password', ADMIN.email, '--password', 'third-password']);
  expect(reset).toMatchObject({ code: 0, stderr: '', stdout: `Password updated for ${ADMIN.email}.\n` });
}, 120_000);

it('images:sizes makes the sizes of an image stored without them (the server stopped), and again makes none', async () => {
  const name = uploaded!.slice('/uploads/'.length);
  const uploads = join(setup.dataDir, 'uploads');
  const database = await openDatabase(setup.databaseUrl ? { url: setup.databaseUrl } : { dataDir: join(setup.dataDir, 'db') });
  try {
    // As an image uploaded before sizes were made: the original alone.
    await removeSizes(database.db, new FolderImageStore(uploads), name);
  } finally {
    await database.close();
  }
  const copies = [320, 960].map((width) => join(uploads, name.replace(/\.png$/, `-${width}w.webp`)));
  expect(copies.map((copy) => existsSync(copy))).toEqual([false, false]);

  const made = await runAdminCommand(setup, ['images:sizes']);
  expect(made).toMatchObject({ code: 0, stderr: '' });
  expect(made.stdout).toContain('Made sizes for 1 image; 0 already had them.');
  expect(copies.map((copy) => existsSync(copy))).toEqual([true, true]);

  const again = await runAdminCommand(setup, ['images:sizes']);
  expect(again.stdout).toContain('Made sizes for 0 images; 1 already had them.');
}, 120_000);

it('private-photos with the server stopped opens the data itself', async () => {
  const moved = await runAdminCommand(setup, ['private-photos']);
  expect(moved).toMatchObject({ code: 0, stderr: '', stdout: 'Moved 0 player photos to the private store.\n' });
}, 120_000);
