/**
 * PGlite has no autovacuum. Without it the planner never learns the tables' statistics, which a
 * broad search's estimated total ('About 23,000') is read from, and index-only scans (deep pages)
 * keep visiting rows. The server does autovacuum's job itself: at start-up and every few hours.
 */
import { sql } from 'kysely';
import type { Db } from './connection';

const EVERY_MS = 6 * 60 * 60 * 1000;

/** Vacuums and analyzes now (`done`), then every six hours until `stop`. */
export function tidyPglite(db: Db, onError: (error: unknown) => void): { done: Promise<void>; stop: () => void } {
  const tidy = () => sql`vacuum analyze`.execute(db).then(() => undefined, onError);
  const timer = setInterval(() => void tidy(), EVERY_MS).unref();
  return { done: tidy(), stop: () => clearInterval(timer) };
}
