/**
 * Admin account maintenance from the command line:
 *   npm run admin -- reset-password EMAIL [--password NEW]
 * Without --password the new password is read from stdin (prompted when it is a terminal).
 */
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { hashPassword } from '../auth/passwords';
import { loadConfig } from '../config';
import { lockDataDir } from '../data-lock';
import { openDatabase } from '../db/connection';
import { setAdminPassword } from '../repositories/admins';

const USAGE = 'Usage: npm run admin -- reset-password EMAIL [--password NEW]   (or pipe the password on stdin)';
const MIN_PASSWORD = 8;

async function readPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdin.isTTY ? process.stdout : undefined, terminal: false });
  try {
    if (process.stdin.isTTY) process.stdout.write('New password: ');
    for await (const line of rl) return line.trim();
    return '';
  } finally {
    rl.close();
  }
}

async function resetPassword(email: string, given?: string) {
  const password = given ?? (await readPassword());
  if (password.length < MIN_PASSWORD) throw new Error(`The password must be at least ${MIN_PASSWORD} characters.`);
  const config = loadConfig();
  // PGlite must not be opened while the server holds the folder; PostgreSQL has no such limit.
  const unlock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') });
  try {
    if (!(await setAdminPassword(database.db, email, await hashPassword(password)))) throw new Error(`No admin has the e-mail ${email}.`);
    console.log(`Password updated for ${email}.`);
  } finally {
    await database.close();
    await unlock?.();
  }
}

async function run() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { password: { type: 'string' } } });
  const [command, email] = positionals;
  if (command !== 'reset-password' || !email) throw new Error(USAGE);
  await resetPassword(email, values.password);
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
