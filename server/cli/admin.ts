/**
 * Admin account maintenance from the command line:
 *   npm run admin -- reset-password EMAIL [--password NEW]
 * Without --password the new password is read from stdin (prompted when it is a terminal).
 * Works while the server runs: on PGlite through the server's admin channel (admin-socket.ts), on
 * PostgreSQL directly (the server re-reads password_changed_at on every call, so older sessions end).
 */
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { askRunningServer } from '../admin-socket';
import { checkAdminPassword, resetAdminPassword } from '../auth/accounts';
import { loadConfig } from '../config';
import { lockDataDir } from '../data-lock';
import { openDatabase } from '../db/connection';

const USAGE = 'Usage: npm run admin -- reset-password EMAIL [--password NEW]   (or pipe the password on stdin)';

/** Swallows the terminal's echo, so a password typed at the prompt never shows on screen. */
const silent = new Writable({ write: (_chunk, _encoding, done) => done() });

async function readPassword(): Promise<string> {
  const tty = process.stdin.isTTY;
  const rl = createInterface({ input: process.stdin, output: tty ? silent : undefined, terminal: tty });
  try {
    if (tty) process.stdout.write('New password (not shown): ');
    for await (const line of rl) return line.trim();
    return '';
  } finally {
    if (tty) process.stdout.write('\n');
    rl.close();
  }
}

async function resetPassword(email: string, given?: string) {
  const password = given ?? (await readPassword());
  // Before the lock and the database: opening PGlite takes seconds, a short password is refused at once.
  checkAdminPassword(password);
  const config = loadConfig();
  if (!config.databaseUrl) {
    // A server running on the folder holds PGlite, and its admin channel does the reset (same rules, see admin-socket.ts).
    const answer = await askRunningServer(config.dataDir, { command: 'reset-password', email, password });
    if (answer) {
      if (!answer.ok) throw new Error(answer.error);
      console.log(`${answer.message} (by the server running on ${config.dataDir}; its older sessions have ended)`);
      return;
    }
  }
  // No server running: PGlite must not be opened by two processes, so take the folder; PostgreSQL has no such limit.
  const unlock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') });
  try {
    await resetAdminPassword(database.db, email, password);
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
