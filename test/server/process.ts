/**
 * The real server and the admin command as child processes, on a data folder of the test's own
 * (and, in the server-postgres project, a throw-away PostgreSQL database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { inject } from 'vitest';

export const usesPostgres = process.env.CREASE_TEST_DB === 'postgres';

/**
 * A new data folder whose database is already there and migrated (the run's template, from
 * global-setup.ts), as a server's earlier start leaves it, loaded the way `restore` loads one: a server
 * or command started on it opens the database instead of creating it, several seconds less each
 * time. For the tests whose subject is not the first start; the crash test and the end-to-end tests start
 * on an empty folder. With PostgreSQL (server-postgres) the folder stays empty: the database is elsewhere.
 */
export async function dataDirWithDatabase(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  if (!usesPostgres) {
    const template = new Blob([await readFile(inject('pgliteTemplate'))]);
    const pglite = await PGlite.create({ dataDir: join(dataDir, 'db'), loadDataDir: template, extensions: { pg_trgm } });
    await pglite.close();
  }
  return dataDir;
}

/** A port the OS just handed out, so parallel test files never collide. */
const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * A port free now, for a server started a few seconds later. Picked at random below Linux's
 * ephemeral range (32768 and up): a port the kernel hands out for `listen(0)` (a test's fake FCM,
 * its S3) could otherwise be taken in between, and a server started on it would answer for ours.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await bindable(port)) return port;
  }
}

async function adminQuery(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A throw-away database named after `prefix`, on the PostgreSQL server of `adminUrl`, empty or a copy
 * of `template`: its URL and the function that drops it.
 */
export async function throwAwayPostgres(
  prefix: string,
  adminUrl = process.env.TEST_DATABASE_URL!,
  { template }: { template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * A throw-away database already migrated, as a server's earlier start leaves it: a copy of the run's
 * template (postgres-template.ts). For the tests whose subject is not the first start, as
 * dataDirWithDatabase is on PGlite; the crash test starts on an empty one.
 */
export const migratedPostgres = (prefix: string) => throwAwayPostgres(prefix, undefined, { template: inject('postgresTemplate') });

export interface ServerSetup {
  dataDir: string;
  port: number;
  databaseUrl?: string;
  admin: { email: string; password: string };
  /** More settings (S3_*, REDIS_URL, TRUST_PROXY…). */
  env?: Record<string, string>;
}

/** The environment of a server (or an admin command) on that data folder and database. */
export const serverEnv = (setup: ServerSetup): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: setup.dataDir,
  PORT: String(setup.port),
  HOST: '127.0.0.1',
  SEED: 'none',
  ADMIN_EMAIL: setup.admin.email,
  ADMIN_PASSWORD: setup.admin.password,
  LOG_LEVEL: 'warn',
  DATABASE_URL: setup.databaseUrl ?? '',
  ...setup.env,
});

export interface Started {
  server: ChildProcess;
  /** Milliseconds until /healthz answered. */
  ms: number;
}

/** Starts a server; rejects with its output if it exits before it is healthy. */
export async function startServer(setup: ServerSetup): Promise<Started> {
  const started = Date.now();
  let log = '';
  // node itself runs the server (no npx or tsx wrapper in between), so SIGKILL hits the server; bundled
  // once per run (server-bundle.ts), as tsx spent seconds loading the sources on every start.
  const server = spawn(process.execPath, ['--enable-source-maps', join(inject('serverBundle'), 'main.js')], { env: serverEnv(setup), stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (chunk: Buffer) => (log += chunk));
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk));
  let running = true;
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code, signal) => {
      running = false;
      reject(new Error(`the server exited (${code ?? signal}) before it was healthy:\n${log}`));
    }),
  );
  const healthy = (async () => {
    while (running) {
      // Healthy, and this very process listening (it prints so once it does): not another server on the port.
      const res = await fetch(`http://127.0.0.1:${setup.port}/healthz`).catch(() => undefined);
      if (res?.ok && log.includes('Crease is running at')) return { server, ms: Date.now() - started };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return exited;
  })();
  return Promise.race([healthy, exited]);
}

/** Runs `npm run admin -- …args` (without npm's wrapper) and answers its exit code and output. */
export function runAdminCommand(setup: ServerSetup, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', join(inject('serverBundle'), 'admin.js'), ...args], { env: serverEnv(setup), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
