/**
 * Two apps on one throw-away PostgreSQL, as two servers sharing a database are: one admin, one
 * token secret and one uploads folder between them, and nothing else shared but the database.
 * Registers its own beforeAll and afterAll; on PGlite (no PostgreSQL) it makes nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { openDatabase, type OpenDatabase } from '../../server/db/connection';
import { createAdmin } from '../../server/repositories/admins';
import { migratedPostgres, usesPostgres } from './process';

export function twoAppsOnPostgres(name: string, admin: { email: string; password: string }): App[] {
  const apps: App[] = [];
  const opened: OpenDatabase[] = [];
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let folder: string | undefined;

  beforeAll(async () => {
    if (!usesPostgres) return;
    database = await migratedPostgres(`crease_${name}`);
    folder = await mkdtemp(join(tmpdir(), `crease-${name}-`));
    const jwtSecret = randomUUID();
    for (let i = 0; i < 2; i++) {
      const open = await openDatabase({ url: database.url });
      opened.push(open);
      if (i === 0) await createAdmin(open.db, { email: admin.email, passwordHash: await hashPassword(admin.password), firstName: 'Two', lastName: 'Servers', role: 'owner' });
      const app = await buildApp({ db: open.db, uploadsDir: folder, jwtSecret, logger: false, distDir: join(folder, 'no-dist'), checkAnswers: true });
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

  return apps;
}
