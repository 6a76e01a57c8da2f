/** Migrations come from their folder: every file there is applied, in name order, on both databases. */
import { readdir } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../server/db/connection';
import { freshDatabase } from './harness';

describe('migrations', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database?.close());

  it('applies every file of server/db/migrations, in name order', async () => {
    const files = (await readdir(new URL('../../server/db/migrations/', import.meta.url))).filter((file) => file.endsWith('.ts')).sort();
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by timestamp, name`.execute(database.db);
    expect(rows.map((row) => `${row.name}.ts`)).toEqual(files);
    expect(files.length).toBeGreaterThanOrEqual(7);
  });
});
