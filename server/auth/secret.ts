/**
 * The key that signs session tokens when JWT_SECRET is not set: generated once and kept where
 * every server that shares the data finds it. On PostgreSQL that is the database (servers may share
 * nothing else); on PGlite, the data folder, as before. A secret a PostgreSQL server had kept in its
 * data folder before is carried into the database, so its sessions survive the upgrade.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/connection';

export const SECRET_FILE = 'jwt-secret';
const SECRET_NAME = 'jwt';

const newSecret = () => randomBytes(48).toString('base64url');

function readSecretFile(dataDir: string): string | undefined {
  const file = join(dataDir, SECRET_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}

export function secretInFolder(dataDir: string): string {
  const kept = readSecretFile(dataDir);
  if (kept) return kept;
  const secret = newSecret();
  writeFileSync(join(dataDir, SECRET_FILE), secret, { mode: 0o600 });
  return secret;
}

/** The first server to ask stores its candidate; every later one (and a racing one) reads that. */
export async function secretInDatabase(db: Db, dataDir: string): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: readSecretFile(dataDir) ?? newSecret() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const { value } = await db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  return value;
}

/** JWT_SECRET when set, else the kept one. */
export const sessionSecret = (config: { jwtSecret?: string; databaseUrl?: string; dataDir: string }, db: Db): Promise<string> =>
  config.jwtSecret ? Promise.resolve(config.jwtSecret) : config.databaseUrl ? secretInDatabase(db, config.dataDir) : Promise.resolve(secretInFolder(config.dataDir));
