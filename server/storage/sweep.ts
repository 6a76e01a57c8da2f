/**
 * Removes stored images no record points at: left by a crash between storing an upload and
 * committing its record, or by a removal the store missed. Only images older than an hour are
 * candidates, so an upload whose record is being written right now is never taken. An image goes
 * with its sizes (image-sizes.ts); a copy is kept exactly while its original is held, and a copy
 * whose original is gone is an orphan too.
 */
import type { Db } from '../db/connection';
import { referencedUploads } from '../repositories/uploads';
import { isVariantName, removeSizes, stemOfGivenName } from './image-sizes';
import { isGivenName, privateNameOf, storedNameOf, UPLOADS_PREFIX, type ImageStore } from './store';

export const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Answers how many orphans it removed. `prefix` is how records name the store's files: `/uploads/`
 * for the public store, `/media/` for the private one (each store is swept on its own).
 */
export async function sweepOrphans(db: Db, store: ImageStore, { olderThanMs = ORPHAN_AGE_MS, prefix = UPLOADS_PREFIX } = {}): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  // Only names the server gave (originals and their copies): a bucket or folder shared with anything else keeps its other files.
  const listed = await store.namesOlderThan(cutoff);
  const originals = listed.filter(isGivenName);
  const variants = listed.filter(isVariantName);
  // Read after listing: a record written meanwhile holds a new upload, never one an hour old.
  const held = await referencedUploads(db);
  const heldNames = new Set([...held].flatMap((url) => storedNameOf(url) ?? privateNameOf(url) ?? []));
  const heldHere = new Set([...held].flatMap((url) => (url.startsWith(prefix) ? [url.slice(prefix.length)] : [])));
  const heldStems = new Set([...heldHere].flatMap((name) => stemOfGivenName(name) ?? []));
  const orphans = originals.filter((name) => !heldHere.has(name));
  const orphanVariants = variants.filter((name) => !heldStems.has(stemOfGivenName(name)!));
  for (const name of orphans) await Promise.all([store.remove(name), removeSizes(db, store, name)]);
  for (const name of orphanVariants) await store.remove(name);
  // Records of sizes whose original no record holds (its removal missed them), as old as the candidates.
  const stale = (await db.selectFrom('image_sizes').select('name').where('created_at', '<', cutoff).execute())
    .map((row) => row.name)
    // Held by a record of either store: a private photo's sizes are recorded in the same table.
    .filter((name) => !heldNames.has(name));
  for (let i = 0; i < stale.length; i += 1000) await db.deleteFrom('image_sizes').where('name', 'in', stale.slice(i, i + 1000)).execute();
  return orphans.length + orphanVariants.length;
}

/** Sweeps now and then every hour until stopped; a failed sweep is reported and tried again at the next. */
export function sweepEveryHour(
  db: Db,
  store: ImageStore,
  log: { info(msg: string): void; warn(obj: object, msg: string): void },
  { prefix = UPLOADS_PREFIX } = {},
): () => void {
  const sweep = () =>
    void sweepOrphans(db, store, { prefix }).then(
      (removed) => removed > 0 && log.info(`removed ${removed} stored images no record points at`),
      (error: unknown) => log.warn({ err: error }, 'the sweep of unused images failed'),
    );
  sweep();
  const timer = setInterval(sweep, ORPHAN_AGE_MS);
  timer.unref();
  return () => clearInterval(timer);
}
