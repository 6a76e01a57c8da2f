/**
 * `npm run admin -- backup` of a running PGlite server under writes, `restore` into a new folder, and
 * a server started there: every row acknowledged before the backup began is there, with its image
 * byte for byte, and the fans' private files too. Restore refuses a folder in use or not empty. With PostgreSQL (the server-postgres
 * project) both commands name what to use instead and exit 1.
 */
import { type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pngFile } from './harness';
import { dataDirWithDatabase, freePort, runAdminCommand, startServer, usesPostgres, type ServerSetup } from './process';

const ADMIN = { email: 'backup@test.local', password: 'backup-test-password' };

let root: string;
let original: ServerSetup;
let server: ChildProcess | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'crease-backup-'));
  original = { dataDir: await dataDirWithDatabase('crease-backup-original-'), port: await freePort(), admin: ADMIN, databaseUrl: usesPostgres ? process.env.TEST_DATABASE_URL : undefined };
});

afterAll(async () => {
  server?.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
  await rm(original.dataDir, { recursive: true, force: true });
});

const base = (setup: ServerSetup) => `http://127.0.0.1:${setup.port}`;

async function signIn(setup: ServerSetup): Promise<string> {
  const res = await fetch(`${base(setup)}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

interface Written {
  id: string;
  title: string;
  image: string;
  bytes: Buffer;
}

describe.runIf(!usesPostgres)('backup and restore of the embedded default', () => {
  it('backs up a running server under writes; a server on the restored folder has every acknowledged row and image', async () => {
    server = (await startServer(original)).server;
    const token = await signIn(original);
    const auth = { authorization: `Bearer ${token}` };

    const written: Written[] = [];
    const deleted = new Set<string>();
    let backupStarted = Infinity;
    const acknowledgedAt = new Map<string, number>();
    let running = true;
    const writer = async (n: number) => {
      for (let i = 0; running; i++) {
        const title = `Backed up ${n}-${i}`;
        const form = await multipart({ title, small_description: 'Written during a backup', description: '<p>Body</p>', image: await pngFile({ width: 16 + ((n * 17 + i) % 48) }) });
        const res = await fetch(`${base(original)}/admin/news`, { method: 'POST', headers: { ...auth, ...form.headers }, body: form.payload });
        expect(res.status).toBe(200);
        const { _id, image } = ((await res.json()) as { data: { _id: string; image: string } }).data;
        acknowledgedAt.set(_id, Date.now());
        const bytes = Buffer.from(await (await fetch(`${base(original)}${image}`)).arrayBuffer());
        written.push({ id: _id, title, image, bytes });
        // Every third article goes again: removals run while the backup copies the folder.
        if (i % 3 === 2) {
          const gone = written[written.length - 2];
          expect((await fetch(`${base(original)}/admin/news/${gone.id}`, { method: 'DELETE', headers: auth })).status).toBe(200);
          deleted.add(gone.id);
        }
      }
    };
    // A fan's private photo (the private folder, DATA_DIR/private) goes into the backup too.
    const privatePhoto = { name: `${randomUUID()}.png`, bytes: (await pngFile({ width: 40, color: '#ad1457' })).content };
    await mkdir(join(original.dataDir, 'private'), { recursive: true });
    await writeFile(join(original.dataDir, 'private', privatePhoto.name), privatePhoto.bytes);
    const load = Promise.all([1, 2].map(writer));
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const file = join(root, 'league.crease-backup');
    backupStarted = Date.now();
    const backup = await runAdminCommand(original, ['backup', file]);
    running = false;
    await load;
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(/^Backup written to .*: [\d.]+ MB, \d+ images, in [\d.]+ s\. \(taken by the server running on /);

    // A folder in use by a running server, and one not empty, are refused.
    const inUse = await runAdminCommand(original, ['restore', file]);
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toContain(`is using the data folder ${original.dataDir}`);
    const stopped = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
    server = undefined;
    const notEmpty = await runAdminCommand(original, ['restore', file]);
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.stderr).toContain(`The folder ${original.dataDir} is not empty`);

    const restored: ServerSetup = { ...original, dataDir: join(root, 'restored'), port: await freePort() };
    const restore = await runAdminCommand(original, ['restore', file, '--data-dir', restored.dataDir]);
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    expect(restore.stdout).toContain(`into ${restored.dataDir}: the database and`);

    server = (await startServer(restored)).server;
    const restoredToken = await signIn(restored);
    const stored = new Map<string, { title: string; image: string }>();
    for (let page: number | null = 1; page; ) {
      const res = await fetch(`${base(restored)}/admin/news?limit=100&page=${page}`, { headers: { authorization: `Bearer ${restoredToken}` } });
      const { data } = (await res.json()) as { data: { docs: { _id: string; title: string; image: string }[]; nextPage: number | null } };
      for (const doc of data.docs) stored.set(doc._id, doc);
      page = data.nextPage;
    }
    const before = written.filter((row) => acknowledgedAt.get(row.id)! < backupStarted && !deleted.has(row.id));
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((row) => stored.get(row.id)?.title !== row.title).map((row) => row.title)).toEqual([]);
    // Every image a restored row points at is there, byte for byte (rows written during the backup too).
    for (const row of written.filter((row) => stored.has(row.id))) {
      const res = await fetch(`${base(restored)}${row.image}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(row.bytes)).toBe(true);
    }
    expect((await readFile(join(restored.dataDir, 'private', privatePhoto.name))).equals(privatePhoto.bytes)).toBe(true);
    console.log(`backup under writes: ${written.length} articles written, ${before.length} acknowledged before the backup began, ${stored.size} restored; ${backup.stdout.trim()}`);
  }, 180_000);
});

describe.runIf(usesPostgres)('backup and restore with PostgreSQL', () => {
  it('names pg_dump instead and exits 1, for backup and for restore', async () => {
    const backup = await runAdminCommand(original, ['backup', join(root, 'never-written')]);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('pg_dump');
    await writeFile(join(root, 'some-backup'), 'x');
    const restore = await runAdminCommand(original, ['restore', join(root, 'some-backup'), '--data-dir', join(root, 'new')]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('pg_dump');
  });
});
