/**
 * `npm run bench:backup`: how long `npm run admin -- backup` takes against a running server, and
 * how large the file is, for the demo league and for the demo league plus 100,000 videos
 * (BENCH_VIDEOS). The server is started as `npm start` starts it, on a throw-away data folder; the
 * time is the server's own (from the command's answer) and the command's from start to exit.
 *
 * Not a test: figures depend on the machine.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../../server/db/connection';
import { seedBulk } from '../../server/seed';
import { BIN, startServer, stopGroup } from './processes';

const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 8229);
const run = promisify(execFile);

async function backup(env: NodeJS.ProcessEnv, file: string, label: string) {
  const server = await startServer(PORT, env, 'ignore');
  try {
    const started = performance.now();
    const { stdout } = await run(join(BIN, 'tsx'), ['server/cli/admin.ts', 'backup', file], { env: { ...process.env, ...env } });
    const commandMs = performance.now() - started;
    const { size } = await stat(file);
    console.log(`${label}: ${(size / 1024 / 1024).toFixed(1)} MB, command ${(commandMs / 1000).toFixed(1)} s; ${stdout.trim()}`);
  } finally {
    await stopGroup(server);
  }
}

async function main() {
  const root = await mkdtemp(join(tmpdir(), 'crease-bench-backup-'));
  const dataDir = join(root, 'data');
  const env = { DATA_DIR: dataDir, SEED: 'demo', ADMIN_EMAIL: 'bench@crease.local', ADMIN_PASSWORD: 'bench-backup-password', LOG_LEVEL: 'warn', DATABASE_URL: '', S3_BUCKET: '' };
  try {
    await backup(env, join(root, 'demo.tar'), 'demo league');
    // The videos go in while no server holds the folder (PGlite: one process at a time).
    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    const admin = await database.db.selectFrom('admins').select('id').executeTakeFirstOrThrow();
    await seedBulk(database.db, { videos: VIDEOS, news: 0, adminId: admin.id });
    await database.close();
    await backup(env, join(root, 'videos.tar'), `demo league + ${VIDEOS.toLocaleString('en')} videos`);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
