/**
 * The session-signing key without JWT_SECRET: on PostgreSQL generated once into the database, so
 * every server sharing it signs alike; a key an older server had kept in its data folder is carried
 * over; JWT_SECRET, when set, wins. With PGlite it stays in the data folder.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SECRET_FILE, sessionSecret } from '../../server/auth/secret';
import type { OpenDatabase } from '../../server/db/connection';
import { freshDatabase } from './harness';

let database: OpenDatabase;
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'crease-secret-'));
  folders.push(dir);
  return dir;
};

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

it('on PostgreSQL: one key for every server, kept in the database, the older folder key carried over, JWT_SECRET first', async () => {
  const databaseUrl = 'postgres://shared';
  const first = folder();
  writeFileSync(join(first, SECRET_FILE), 'the-key-an-older-server-kept');
  const second = folder();

  expect(await sessionSecret({ databaseUrl, dataDir: first }, database.db)).toBe('the-key-an-older-server-kept');
  expect(await sessionSecret({ databaseUrl, dataDir: second }, database.db)).toBe('the-key-an-older-server-kept');
  expect(existsSync(join(second, SECRET_FILE))).toBe(false);
  expect(await sessionSecret({ databaseUrl, dataDir: second, jwtSecret: 'set-by-the-operator' }, database.db)).toBe('set-by-the-operator');
});

it('on PGlite: generated once into the data folder', async () => {
  const dir = folder();
  const key = await sessionSecret({ dataDir: dir }, database.db);
  expect(key.length).toBeGreaterThanOrEqual(48);
  expect(await sessionSecret({ dataDir: dir }, database.db)).toBe(key);
  expect(existsSync(join(dir, SECRET_FILE))).toBe(true);
});
