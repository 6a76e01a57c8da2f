import { readdir } from 'node:fs/promises';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const FOLDER = new URL('./migrations/', import.meta.url);

/** Every `NNNN_name.ts` in the migrations folder, by name: a new file is applied without being listed anywhere. */
export async function readMigrations(): Promise<Record<string, Migration>> {
  const names = (await readdir(FOLDER)).filter((file) => /^\d{4}_\w+\.ts$/.test(file)).map((file) => file.slice(0, -'.ts'.length));
  // A relative template (not a URL) so a bundler sees the folder and takes every migration in: the tests run the server bundled (test/server/server-bundle.ts).
  const modules = await Promise.all(names.map((name) => import(`./migrations/${name}.ts`) as Promise<Migration>));
  return Object.fromEntries(names.map((name, i) => [name, modules[i]]));
}

const provider: MigrationProvider = { getMigrations: readMigrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
