/**
 * Runs once per `vitest run`: builds one migrated PGlite and dumps it, so every test file loads a
 * ready database in well under a second instead of creating and migrating its own.
 */
import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { wrapPglite } from '../../server/db/connection';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const file = join(tmpdir(), `crease-test-template-${process.pid}-${Date.now()}.tar.gz`);
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const { db } = await wrapPglite(pglite); // migrates
  const dump = await pglite.dumpDataDir('gzip');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  await pglite.close();
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}
