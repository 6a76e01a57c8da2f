/**
 * The running server's maintenance channel: `npm run admin -- reset-password` and `backup` while a PGlite
 * server holds the data folder (PGlite allows one process per folder, see data-lock.ts). A unix domain socket inside
 * the data folder, created with permissions 0600, so only the account that runs the server (and root)
 * can connect; one JSON line per request, one JSON line per answer:
 *   → {"command":"reset-password","email":"…","password":"…"}
 *   ← {"ok":true,"message":"Password updated for …."}   or   {"ok":false,"error":"No admin has the e-mail …."}
 *   → {"command":"backup","file":"/absolute/path.tar"}
 *   ← {"ok":true,"message":"Backup written to …: … MB, … images, in … s."}
 *   → {"command":"images:sizes"}
 *   ← {"ok":true,"message":"Made sizes for … images; … already had them."}
 *   → {"command":"private-photos"}
 *   ← {"ok":true,"message":"Moved … player photos to the private store."}
 *   → {"command":"reset-2fa","email":"…"}
 *   ← {"ok":true,"message":"Second factors removed for …: …"}
 * The rules (password length, known e-mail, ending older sessions) stay in auth/accounts.ts.
 */
import { chmod, rm } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { resetAdminPassword, resetAdminSecondFactors } from './auth/accounts';
import { describeBackup, type BackupSummary } from './backup';
import type { Db } from './db/connection';
import { describeMissingSizes, makeMissingSizes } from './storage/image-sizes';
import { describePrivatePhotos, movePhotosToPrivate } from './storage/private-photos';
import type { Images } from './storage/saved-images';
import type { ImageStore } from './storage/store';

export const ADMIN_SOCKET = 'admin.sock';
/** A request is an e-mail and a password; anything longer is not one. */
const MAX_REQUEST_BYTES = 16 * 1024;

export type AdminRequest =
  | { command: 'reset-password'; email: string; password: string }
  | { command: 'backup'; file: string }
  | { command: 'images:sizes' }
  | { command: 'private-photos' }
  | { command: 'reset-2fa'; email: string };

/** What the channel can do in the server: the database, a backup to a file, and the images' missing sizes. */
export interface AdminServices {
  db: Db;
  backup(file: string): Promise<BackupSummary>;
  images: ImageStore;
  /** Both stores, public and private, as routes use them (the move of players' photos). */
  stores: Images;
}

export type AdminAnswer = { ok: true; message: string } | { ok: false; error: string };

export const adminSocketPath = (dataDir: string) => join(dataDir, ADMIN_SOCKET);

async function answer(services: AdminServices, line: string): Promise<AdminAnswer> {
  let request: { command?: unknown; email?: unknown; password?: unknown; file?: unknown };
  try {
    request = JSON.parse(line) as typeof request;
  } catch {
    return { ok: false, error: 'The request is not JSON.' };
  }
  try {
    if (request.command === 'reset-password') {
      if (typeof request.email !== 'string' || typeof request.password !== 'string') {
        return { ok: false, error: 'reset-password needs an e-mail and a password.' };
      }
      await resetAdminPassword(services.db, request.email, request.password);
      return { ok: true, message: `Password updated for ${request.email}.` };
    }
    if (request.command === 'reset-2fa') {
      if (typeof request.email !== 'string') return { ok: false, error: 'reset-2fa needs an e-mail.' };
      return { ok: true, message: await resetAdminSecondFactors(services.db, request.email) };
    }
    if (request.command === 'backup') {
      if (typeof request.file !== 'string' || !request.file.startsWith('/')) return { ok: false, error: 'backup needs an absolute file path.' };
      return { ok: true, message: describeBackup(request.file, await services.backup(request.file)) };
    }
    if (request.command === 'images:sizes') {
      return { ok: true, message: describeMissingSizes(await makeMissingSizes(services.db, services.images)) };
    }
    if (request.command === 'private-photos') {
      return { ok: true, message: describePrivatePhotos(await movePhotosToPrivate(services.db, services.stores)) };
    }
    return { ok: false, error: `Unknown command ${JSON.stringify(request.command)}.` };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function serve(services: AdminServices, socket: Socket, onError: (error: Error) => void) {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('error', onError);
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    const end = buffered.indexOf('\n');
    if (end < 0) {
      if (buffered.length > MAX_REQUEST_BYTES) socket.end(`${JSON.stringify({ ok: false, error: 'The request is too long.' })}\n`);
      return;
    }
    socket.pause();
    void answer(services, buffered.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
  });
}

/**
 * Opens the channel in the data folder; answers the function that closes it and removes the socket.
 * Call it only while holding the data folder's lock: a socket file found there was left by a killed server.
 */
export async function openAdminSocket(dataDir: string, services: AdminServices, onError: (error: Error) => void): Promise<() => Promise<void>> {
  const path = adminSocketPath(dataDir);
  await rm(path, { force: true });
  const server = createServer((socket) => serve(services, socket, onError));
  // The socket file is created with the process's umask: 0177 leaves it 0600 from the start (no window
  // in which another user could connect before the chmod below). listen() binds synchronously.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(umask);
  }
  await chmod(path, 0o600);
  server.on('error', onError);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(path, { force: true });
  };
}

/**
 * Sends one request to the server running on the data folder. Answers undefined when no server
 * listens there (no socket, or one left by a killed server), so the caller opens the database itself.
 */
export function askRunningServer(dataDir: string, request: AdminRequest): Promise<AdminAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect(adminSocketPath(dataDir));
    let received = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(undefined);
      else reject(new Error(`The running server's admin channel failed: ${error.message}`));
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(received) as AdminAnswer);
      } catch {
        reject(new Error('The running server gave no answer; see its log.'));
      }
    });
  });
}
