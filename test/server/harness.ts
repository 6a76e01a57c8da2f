/**
 * API test harness: a fresh database and a fresh app per call, exercised through Fastify's inject.
 * The database is PGlite (loaded from the migrated template of global-setup.ts), or a throw-away
 * PostgreSQL database when the `server-postgres` project runs (TEST_DATABASE_URL).
 *
 * Typical use in a route test:
 *   const server = await createTestServer();           // in beforeAll; server.close() in afterAll
 *   const res = await server.request({ method: 'GET', url: '/admin/videos' });  // signed in
 *   const form = await multipart({ title: 'x', image: await pngFile() });
 *   await server.request({ method: 'POST', url: '/admin/videos', ...form });
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { inject } from 'vitest';
import { buildApp, type App, type AppOptions } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { openDatabase, wrapPglite, type Db, type OpenDatabase } from '../../server/db/connection';
import { createAdmin } from '../../server/repositories/admins';
import { startAdminSession } from '../../server/repositories/admin-sessions';
import { FolderImageStore } from '../../server/storage/folder-store';
import { MAX_IMAGE_BYTES, SESSION_HOURS } from '../../src/domain/limits';
import { migratedPostgres } from './process';

const usesPostgres = process.env.CREASE_TEST_DB === 'postgres';

export const TEST_ADMIN = { email: 'admin@test.local', password: 'correct horse battery', firstName: 'Ada', lastName: 'Admin' };

export interface TestServer {
  app: App;
  db: Db;
  uploadsDir: string;
  /** The folder of fans' private files (players' photos), apart from the uploads folder. */
  privateDir: string;
  jwtSecret: string;
  admin: { id: string; email: string; password: string };
  /** A bearer token for the test admin (signed in once, then reused). */
  token(): Promise<string>;
  /** `app.inject` with the admin's bearer token (pass `headers.authorization` to override it). */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Names of the files currently in the uploads folder. */
  storedFiles(): Promise<string[]>;
  /** Names of the files currently in the private folder. */
  storedPrivateFiles(): Promise<string[]>;
  /** Where an `/uploads/…` or (signed) `/media/…` URL the app answered lives on disk. */
  fileOnDisk(url: string): string;
  close(): Promise<void>;
}

async function openPostgres(): Promise<OpenDatabase> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('The server-postgres project needs TEST_DATABASE_URL');
  const { url, drop } = await migratedPostgres('crease_test');
  const database = await openDatabase({ url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

async function openPgliteCopy(): Promise<OpenDatabase> {
  const template = await readFile(inject('pgliteTemplate'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([template]), extensions: { pg_trgm } });
  return wrapPglite(pglite);
}

/** A fresh migrated database: a PGlite copy of the template, or a throw-away PostgreSQL database in `server-postgres`. */
export const freshDatabase = (): Promise<OpenDatabase> => (usesPostgres ? openPostgres() : openPgliteCopy());

/** A fresh database with one admin, a fresh uploads folder, and the app built over them (ready, as a started server is). */
export async function createTestServer(options: Pick<AppOptions, 'images' | 'redis' | 'push' | 'clock' | 'jobs' | 'appReads' | 'mail' | 'decodes' | 'appOrigins' | 'appLinks' | 'leagueTimeZone'> = {}): Promise<TestServer> {
  const database = await freshDatabase();
  const { db } = database;
  const uploadsDir = await mkdtemp(join(tmpdir(), 'crease-uploads-'));
  const privateDir = await mkdtemp(join(tmpdir(), 'crease-private-'));
  const jwtSecret = randomUUID();
  const admin = await createAdmin(db, {
    email: TEST_ADMIN.email,
    passwordHash: await hashPassword(TEST_ADMIN.password),
    firstName: TEST_ADMIN.firstName,
    lastName: TEST_ADMIN.lastName,
    // As the admin `npm start` creates: an owner, who may call every route.
    role: 'owner',
  });
  // A bucket keeps private files under its own prefix; a folder server gets a private folder of its own.
  const privateImages = options.images ? undefined : new FolderImageStore(privateDir);
  // Every /app/v1 answer a test receives is checked against the app's OpenAPI document.
  const app = await buildApp({ db, uploadsDir, privateImages, jwtSecret, logger: false, distDir: join(uploadsDir, 'no-dist'), checkAnswers: true, ...options });
  app.lifecycle.markReady();

  // Signed in once, again once the server's clock (moved by a test) has passed that session's end.
  let signedIn: { token: string; until: number } | undefined;
  const server: TestServer = {
    app,
    db,
    uploadsDir,
    privateDir,
    jwtSecret,
    admin: { id: admin.id, email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    async token() {
      const now = app.clock.now().getTime();
      if (!signedIn || signedIn.until <= now) {
        signedIn = { token: (await login(app, TEST_ADMIN.email, TEST_ADMIN.password)).json().token as string, until: now + SESSION_HOURS * 3600_000 };
      }
      return signedIn.token;
    },
    async request(options) {
      const authorization = `Bearer ${await server.token()}`;
      return app.inject({ ...options, headers: { authorization, ...options.headers } });
    },
    storedFiles: () => readdir(uploadsDir),
    storedPrivateFiles: () => readdir(privateDir),
    fileOnDisk: (url) => {
      const path = url.split('?')[0];
      return path.startsWith('/media/') ? join(privateDir, path.slice('/media/'.length)) : join(uploadsDir, path.replace('/uploads/', ''));
    },
    async close() {
      await app.close();
      await database.close();
      await rm(uploadsDir, { recursive: true, force: true });
      await rm(privateDir, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * An answer with its signed private links (`/media/<name>?exp&sig`) cut back to the URLs records keep:
 * two answers signed a second apart then compare equal.
 */
export function withoutSignatures<T>(value: T): T {
  if (typeof value === 'string') return (value.startsWith('/media/') ? value.split('?')[0] : value) as T;
  if (Array.isArray(value)) return value.map(withoutSignatures) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutSignatures(item)])) as T;
  return value;
}

/**
 * A token for an admin's new server-side session, without a sign-in (its limits, its log entry):
 * `issuedAt` and `expiresAt` in seconds, by default now and an hour from now.
 */
export async function adminSessionToken(server: { app: App; db: Db; jwtSecret: string }, adminId: string, times: { issuedAt?: number; expiresAt?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = times.expiresAt ?? now + 3600;
  const sessionId = await startAdminSession(server.db, { adminId, device: 'test', address: '127.0.0.1', now: new Date(), expiresAt: new Date(expiresAt * 1000) });
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(adminId)
    .setJti(sessionId)
    .setIssuedAt(times.issuedAt ?? now)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(server.jwtSecret));
}

/** POST /admin/login; `remoteAddress` keeps rate-limit tests apart from the rest. */
export const login = (app: App, email: string, password: string, extra: { remember?: boolean; remoteAddress?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/admin/login',
    payload: { email, password, remember: extra.remember },
    remoteAddress: extra.remoteAddress,
  });

export interface FilePart {
  content: Buffer;
  filename: string;
  contentType: string;
}

/** A real PNG drawn by sharp. */
export async function pngFile(options: { width?: number; height?: number; color?: string; filename?: string } = {}): Promise<FilePart> {
  const content = await sharp({
    create: { width: options.width ?? 32, height: options.height ?? 24, channels: 3, background: options.color ?? '#2e7d32' },
  })
    .png()
    .toBuffer();
  return { content, filename: options.filename ?? 'thumb.png', contentType: 'image/png' };
}

/** A real PNG padded past the upload limit. */
export async function oversizedPngFile(): Promise<FilePart> {
  const png = await pngFile({ filename: 'huge.png' });
  return { ...png, content: Buffer.concat([png.content, Buffer.alloc(MAX_IMAGE_BYTES + 1)]) };
}

/** Plain text wearing an image's name and declared type. */
export const textAsPngFile = (): FilePart => ({
  content: Buffer.from('this is not an image, whatever its name says\n'),
  filename: 'sneaky.png',
  contentType: 'image/png',
});

type FieldValue = string | number | boolean | FilePart | undefined;

/**
 * A multipart body for inject: `{ payload, headers }`. Arrays repeat the field (send `'tags[]'`
 * as the key for news' repeated tags); undefined values are left out.
 */
export async function multipart(fields: Record<string, FieldValue | FieldValue[]>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      if (typeof item === 'object') form.append(key, new Blob([new Uint8Array(item.content)], { type: item.contentType }), item.filename);
      else form.append(key, String(item));
    }
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}
