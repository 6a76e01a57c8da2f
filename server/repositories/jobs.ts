/**
 * The `jobs` table: background work kept in the database, so any server may pick a job up and a
 * restart resumes it. A server claims one due job at a time with `FOR UPDATE SKIP LOCKED` and a lease;
 * a server that dies lets its lease run out and another (or itself, restarted) takes over. The runner
 * (jobs/runner.ts) builds on these statements; a repository plans a job in the transaction that makes
 * it due, with the kind its caller passes (each job module declares its own).
 *
 * Why not graphile-worker or pg-boss: both need a real PostgreSQL (pg-boss 12 also Node 22), and
 * the embedded PGlite has a single connection and no LISTEN between processes. One table and one
 * claiming query serve both databases the same way.
 *
 * Every time here comes from the caller (the server's clock), never the database's `now()`: tests move it.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connection';

/** A kind of job as a transaction plans it: its name in the queue, and the key of one job (one job per key). */
export interface JobKind<Payload extends Record<string, unknown>> {
  readonly name: string;
  key(payload: Payload): string;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** Adds the job, or moves it to `runAt`, in the caller's transaction so it commits with what it is about. */
export async function enqueue<P extends Record<string, unknown>>(trx: Db, kind: JobKind<P>, payload: P, runAt: Date): Promise<void> {
  const stored = JSON.stringify(payload);
  await trx
    .insertInto('jobs')
    .values({ kind: kind.name, key: kind.key(payload), payload: stored, run_at: runAt })
    // A server finishing the job's last run must not delete this new one: the new run is nobody's yet.
    .onConflict((oc) => oc.column('key').doUpdateSet({ run_at: runAt, payload: stored, attempts: 0, last_error: null, lease_until: null, locked_by: null }))
    .execute();
}

export async function removeJob<P extends Record<string, unknown>>(trx: Db, kind: JobKind<P>, payload: P): Promise<void> {
  await trx.deleteFrom('jobs').where('key', '=', kind.key(payload)).execute();
}

/** Frees every claim at once: for the only server of a database (PGlite), whose predecessor died holding them. */
export async function releaseLeases(db: Db): Promise<void> {
  await db.updateTable('jobs').set({ lease_until: null, locked_by: null }).where('lease_until', 'is not', null).execute();
}

/** Claims the first job of these kinds due at `now` that nobody holds, for `owner` until `leaseUntil`. */
export async function claimDue(db: Db, kinds: readonly string[], owner: string, now: Date, leaseUntil: Date): Promise<ClaimedJob | undefined> {
  // `kind in ()` is no SQL at all: with no kind to run there is nothing to claim.
  if (kinds.length === 0) return undefined;
  const due = db
    .selectFrom('jobs')
    .select('id')
    .where('run_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .where('kind', 'in', kinds)
    .orderBy('run_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked();
  const row = await db
    .updateTable('jobs')
    .set({ lease_until: leaseUntil, locked_by: owner, attempts: sql`attempts + 1` })
    .where('id', '=', (eb) => eb.selectFrom(due.as('due')).select('due.id'))
    .returning(['id', 'kind', 'key', 'payload', 'attempts'])
    .executeTakeFirst();
  return row && { ...row, payload: row.payload ?? {} };
}

/** Every write to a claimed job is only while `owner` still holds it. */
const held = (db: Db, id: number, owner: string) => db.updateTable('jobs').where('id', '=', id).where('locked_by', '=', owner);

/** Extends `owner`'s hold on the job; false once another server holds it. */
export async function renewLease(db: Db, id: number, owner: string, leaseUntil: Date): Promise<boolean> {
  return Number((await held(db, id, owner).set({ lease_until: leaseUntil }).executeTakeFirst()).numUpdatedRows) > 0;
}

/** The job is done: deleted. */
export async function finishJob(db: Db, id: number, owner: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).where('locked_by', '=', owner).execute();
}

/** The job is given back, due again at `runAt`; `error` is kept for a failed run (whose attempts count on). */
export async function giveBack(db: Db, id: number, owner: string, runAt: Date, error?: string): Promise<void> {
  const after = error === undefined ? { attempts: 0 } : { last_error: error.slice(0, 1000) };
  await held(db, id, owner)
    .set({ run_at: runAt, lease_until: null, locked_by: null, ...after })
    .execute();
}
