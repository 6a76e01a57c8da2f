/**
 * npm run openapi:write: writes the fans' app's OpenAPI document (/docs/app-v1.json) to
 * docs/openapi/app-v1.json, where it is kept: each change to the app's contract shows in review, and
 * test/server/app-document.test.ts fails while the file and the served document differ.
 * It builds the app without a database or PUBLIC_URL (nothing is read; `servers` says the server's own origin).
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app';
import type { Database } from '../db/schema';

export const APP_DOCUMENT_FILE = 'docs/openapi/app-v1.json';

/** The document as the file keeps it: two-space JSON and a final newline. */
export const documentText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

async function main() {
  const folder = await mkdtemp(join(tmpdir(), 'crease-openapi-'));
  // A pool that is never connected: building the app reads nothing.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', port: 1, max: 1 }) }) });
  const app = await buildApp({ db, uploadsDir: folder, jwtSecret: 'openapi-document', logger: false, distDir: join(folder, 'no-dist') });
  try {
    const file = resolve(APP_DOCUMENT_FILE);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, documentText(app.appDocument()));
    console.log(`Wrote ${APP_DOCUMENT_FILE}`);
  } finally {
    await app.close();
    await db.destroy();
    await rm(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
