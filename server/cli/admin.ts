/**
 * Maintenance from the command line:
 *   npm run admin -- reset-password EMAIL [--password NEW]
 *   npm run admin -- backup FILE
 *   npm run admin -- restore FILE [--data-dir DIR]
 *   npm run admin -- images:sizes
 *   npm run admin -- private-photos
 *   npm run admin -- reset-2fa EMAIL
 * Without --password the new password is read from stdin (prompted when it is a terminal).
 * reset-password and backup work while the server runs: on PGlite through the server's admin channel
 * (admin-socket.ts), else by opening the data themselves. reset-password on PostgreSQL opens the database
 * directly (the server re-reads password_changed_at on every call, so older sessions end). backup and
 * restore are for PGlite and the uploads folder; with PostgreSQL or a bucket they say what to use instead.
 * images:sizes makes the smaller copies of images stored before uploads made them (storage/image-sizes.ts),
 * in the running PGlite server or by opening the database and the image store (folder or bucket) itself.
 * private-photos moves the players' photos stored publicly before private media into the private store
 * (storage/private-photos.ts), the same two ways; run it once after upgrading.
 * reset-2fa removes an admin's second factors (TOTP and its recovery codes), the same two ways: the
 * operator's way back for an admin who lost them.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { askRunningServer, type AdminRequest } from '../admin-socket';
import { checkAdminPassword, resetAdminPassword, resetAdminSecondFactors } from '../auth/accounts';
import { backupElsewhere, describeBackup, restoreBackup, writeBackup } from '../backup';
import { loadConfig } from '../config';
import { lockDataDir } from '../data-lock';
import { openDatabase, type Db } from '../db/connection';
import { FolderImageStore } from '../storage/folder-store';
import { openImageStore, openPrivateStore } from '../storage/configured';
import { describeMissingSizes, makeMissingSizes } from '../storage/image-sizes';
import { describePrivatePhotos, movePhotosToPrivate } from '../storage/private-photos';
import { Images } from '../storage/saved-images';

const USAGE = [
  'Usage: npm run admin -- reset-password EMAIL [--password NEW]   (or pipe the password on stdin)',
  '       npm run admin -- backup FILE',
  '       npm run admin -- restore FILE [--data-dir DIR]',
  '       npm run admin -- images:sizes',
  '       npm run admin -- private-photos',
  '       npm run admin -- reset-2fa EMAIL',
].join('\n');

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

async function backup(file: string) {
  const config = loadConfig();
  const elsewhere = backupElsewhere(config);
  if (elsewhere) throw new Error(elsewhere);
  const answer = await askRunningServer(config.dataDir, { command: 'backup', file });
  if (answer) {
    if (!answer.ok) throw new Error(answer.error);
    console.log(`${answer.message} (taken by the server running on ${config.dataDir})`);
    return;
  }
  const unlock = await lockDataDir(config.dataDir);
  const database = await openDatabase({ dataDir: join(config.dataDir, 'db') });
  try {
    const images = new FolderImageStore(config.uploadsDir);
    const privateImages = new FolderImageStore(config.privateDir);
    console.log(describeBackup(file, await writeBackup({ db: database.db, pglite: database.pglite!, dataDir: config.dataDir, images, privateImages }, file)));
  } finally {
    await database.close();
    await unlock();
  }
}

async function restore(file: string, dataDir: string) {
  const elsewhere = backupElsewhere(loadConfig());
  if (elsewhere) throw new Error(elsewhere);
  if (!existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  mkdirSync(dataDir, { recursive: true });
  // The lock first: a server running on the folder is named as such, not merely as "not empty".
  const unlock = await lockDataDir(dataDir);
  try {
    const present = readdirSync(dataDir).filter((name) => name !== 'server.lock');
    if (present.length > 0) {
      throw new Error(`The folder ${dataDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): restore into a new or empty folder, then point DATA_DIR at it.`);
    }
    const { images, takenAt } = await restoreBackup(file, dataDir);
    console.log(`Restored ${file}${takenAt ? ` (taken ${takenAt})` : ''} into ${dataDir}: the database and ${images} images. Start the server with DATA_DIR=${dataDir}.`);
  } finally {
    await unlock();
  }
}

/**
 * A data command: handed to the server running on DATA_DIR through its admin channel, else run here
 * on the opened database (with PostgreSQL, always here). Answers the line to print.
 */
async function onServerOrHere(request: Extract<AdminRequest, { command: 'images:sizes' | 'private-photos' | 'reset-2fa' }>, run: (db: Db, config: ReturnType<typeof loadConfig>) => Promise<string>) {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const answer = await askRunningServer(config.dataDir, request);
    if (answer) {
      if (!answer.ok) throw new Error(answer.error);
      console.log(`${answer.message} (by the server running on ${config.dataDir})`);
      return;
    }
  }
  const unlock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') });
  try {
    console.log(await run(database.db, config));
  } finally {
    await database.close();
    await unlock?.();
  }
}

/** Makes the sizes of every stored image a record points at that has none yet; again, it makes nothing new. */
const imageSizes = () => onServerOrHere({ command: 'images:sizes' }, async (db, config) => describeMissingSizes(await makeMissingSizes(db, openImageStore(config))));

/** Moves players' photos still kept public into the private store; again, it moves nothing. */
const privatePhotos = () =>
  onServerOrHere({ command: 'private-photos' }, async (db, config) => {
    const store = openImageStore(config);
    return describePrivatePhotos(await movePhotosToPrivate(db, new Images(store, db, openPrivateStore(store, config.privateDir))));
  });

async function run() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { password: { type: 'string' }, 'data-dir': { type: 'string' } },
  });
  const [command, argument] = positionals;
  if (command === 'images:sizes') return imageSizes();
  if (command === 'private-photos') return privatePhotos();
  if (!argument) throw new Error(USAGE);
  if (command === 'reset-password') await resetPassword(argument, values.password);
  else if (command === 'reset-2fa') await onServerOrHere({ command: 'reset-2fa', email: argument }, (db) => resetAdminSecondFactors(db, argument));
  else if (command === 'backup') await backup(resolve(argument));
  else if (command === 'restore') await restore(resolve(argument), resolve(values['data-dir'] ?? loadConfig().dataDir));
  else throw new Error(USAGE);
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
