/**
 * Removes stored images no record points at: left by a crash between storing an upload and
 * committing its record, or by a removal the store missed. Only images older than an hour are
 * candidates, so an upload whose record is being written right now is never taken.
 */
import type { Db } from '../db/connection';
import { referencedUploads } from '../repositories/uploads';
import { isGivenName, UPLOADS_PREFIX, type ImageStore } from './store';

export const ORPHAN_AGE_MS = 60 * 60 * 1000;

/** Answers how many orphans it removed. */
export async function sweepOrphans(db: Db, store: ImageStore, { olderThanMs = ORPHAN_AGE_MS } = {}): Promise<number> {
  // Only names the server gave: a bucket or folder shared with anything else keeps its other files.
  const candidates = (await store.namesOlderThan(new Date(Date.now() - olderThanMs))).filter(isGivenName);
  if (candidates.length === 0) return 0;
  // Read after listing: a record written meanwhile holds a new upload, never one an hour old.
  const held = await referencedUploads(db);
  const orphans = candidates.filter((name) => !held.has(UPLOADS_PREFIX + name));
  for (const name of orphans) await store.remove(name);
  return orphans.length;
}

/** Sweeps now and then every hour until stopped; a failed sweep is reported and tried again at the next. */
export function sweepEveryHour(db: Db, store: ImageStore, log: { info(msg: string): void; warn(obj: object, msg: string): void }): () => void {
  const sweep = () =>
    void sweepOrphans(db, store).then(
      (removed) => removed > 0 && log.info(`removed ${removed} stored images no record points at`),
      (error: unknown) => log.warn({ err: error }, 'the sweep of unused images failed'),
    );
  sweep();
  const timer = setInterval(sweep, ORPHAN_AGE_MS);
  timer.unref();
  return () => clearInterval(timer);
}
