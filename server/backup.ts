/**
 * Backups of the embedded default (PGlite and the uploads folder) as one tar file:
 *   crease-backup.json   what it holds and when it was taken
 *   database.tar.gz      PGlite's own dump of its data folder
 *   jwt-secret           the session secret, so sessions survive a restore (when one was generated)
 *   uploads/<name>       every stored image, with its smaller copies (storage/image-sizes.ts; their
 *                        record, image_sizes, is in the database)
 *   private/<name>       every private file fans sent (players' photos), with their copies
 * The running server takes it (through the admin socket): PGlite dumps all its files at one instant,
 * a crash-consistent copy that recovers like a restart after kill -9, so every write acknowledged
 * before the backup began is in it. Images removed while it runs stay on disk until the copy is
 * done, so every image a record in the copy points at is there.
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'kysely';
import tar from 'tar-stream';
import { SECRET_FILE } from './auth/secret';
import type { Db } from './db/connection';
import type { FolderImageStore } from './storage/folder-store';
import { isVariantName } from './storage/image-sizes';

const MANIFEST = 'crease-backup.json';
const DATABASE = 'database.tar.gz';
const UPLOADS = 'uploads/';
const PRIVATE = 'private/';

export interface BackupSource {
  db: Db;
  pglite: PGlite;
  dataDir: string;
  images: FolderImageStore;
  /** Fans' private files (`DATA_DIR/private`). */
  privateImages: FolderImageStore;
}

export interface BackupSummary {
  bytes: number;
  /** Originals (their smaller copies go along and are not counted). */
  images: number;
  ms: number;
}

/**
 * Why `npm run admin -- backup` does not apply, and what to use instead; undefined when it does
 * (PGlite and the uploads folder).
 */
export function backupElsewhere(config: { databaseUrl?: string; s3?: { bucket: string } }): string | undefined {
  const reasons = [
    config.databaseUrl &&
      'The data is in PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g. pg_dump -Fc "$DATABASE_URL" > crease.dump, and restore it with pg_restore.',
    config.s3 &&
      `The images are in the bucket ${config.s3.bucket} (S3_BUCKET): turn on the bucket's own versioning (or replication) to keep them.`,
  ].filter(Boolean);
  return reasons.length > 0 ? reasons.join('\n') : undefined;
}

/** The operator's line about a backup just written. */
export const describeBackup = (file: string, { bytes, images, ms }: BackupSummary) =>
  `Backup written to ${file}: ${(bytes / 1024 / 1024).toFixed(1)} MB, ${images} images, in ${(ms / 1000).toFixed(1)} s.`;

/** Writes the backup to `file` (through a temporary name, so a half-written backup never carries the name). */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupSummary> {
  const started = performance.now();
  const partial = `${file}.partial`;
  const releases = [source.images.holdRemovals(), source.privateImages.holdRemovals()];
  try {
    await sql`checkpoint`.execute(source.db);
    const database = Buffer.from(await (await source.pglite.dumpDataDir('gzip')).arrayBuffer());
    const names = await readdir(source.images.dir);
    const privateNames = await readdir(source.privateImages.dir);
    const pack = tar.pack();
    const written = pipeline(pack, createWriteStream(partial, { mode: 0o600 }));
    const add = (name: string, content: Buffer) =>
      new Promise<void>((resolve, reject) => pack.entry({ name, size: content.length }, content, (error) => (error ? reject(error) : resolve())));
    const originals = [...names, ...privateNames].filter((name) => !isVariantName(name)).length;
    await add(MANIFEST, Buffer.from(JSON.stringify({ format: 1, takenAt: new Date().toISOString(), images: originals }, null, 2)));
    await add(DATABASE, database);
    const secret = join(source.dataDir, SECRET_FILE);
    if (existsSync(secret)) await add(SECRET_FILE, await readFile(secret));
    for (const name of names) {
      const content = await readFile(join(source.images.dir, name)).catch(() => undefined);
      if (content) await add(UPLOADS + name, content);
    }
    for (const name of privateNames) {
      const content = await readFile(join(source.privateImages.dir, name)).catch(() => undefined);
      if (content) await add(PRIVATE + name, content);
    }
    pack.finalize();
    await written;
    await rename(partial, file);
    return { bytes: (await stat(file)).size, images: originals, ms: Math.round(performance.now() - started) };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await Promise.all(releases.map((release) => release()));
  }
}

/** Restores a backup into `dataDir`, which must be empty (the caller holds its lock). Answers what it restored. */
export async function restoreBackup(file: string, dataDir: string): Promise<{ images: number; takenAt?: string }> {
  const extract = tar.extract();
  let database: Buffer | undefined;
  let manifest: { takenAt?: string } | undefined;
  let images = 0;
  const folders: Record<string, string> = { [UPLOADS]: join(dataDir, 'uploads'), [PRIVATE]: join(dataDir, 'private') };
  for (const folder of Object.values(folders)) await mkdir(folder, { recursive: true });
  const reading = pipeline(createReadStream(file), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const content = Buffer.concat(chunks);
    const { name } = entry.header;
    if (name === MANIFEST) manifest = JSON.parse(content.toString('utf8')) as { takenAt?: string };
    else if (name === DATABASE) database = content;
    else if (name === SECRET_FILE) await writeFile(join(dataDir, SECRET_FILE), content, { mode: 0o600 });
    else {
      const prefix = [UPLOADS, PRIVATE].find((folder) => name.startsWith(folder));
      const file = prefix && name.slice(prefix.length);
      if (prefix && file && !file.includes('/') && !file.startsWith('.')) {
        await writeFile(join(folders[prefix], file), content);
        if (!isVariantName(file)) images++;
      }
    }
  }
  await reading;
  if (!manifest || !database) throw new Error(`${file} is not a Crease backup (it has no ${manifest ? DATABASE : MANIFEST}).`);
  const pglite = await PGlite.create({ dataDir: join(dataDir, 'db'), loadDataDir: new Blob([new Uint8Array(database)]), extensions: { pg_trgm } });
  await pglite.close();
  return { images, takenAt: manifest.takenAt };
}
