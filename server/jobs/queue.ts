/**
 * Background jobs kept in the database (the `jobs` table), so any server may pick one up and a
 * restart resumes it. A server claims one due job at a time with `FOR UPDATE SKIP LOCKED` and a
 * lease; a server that dies lets its lease run out and another (or itself, restarted) takes over.
 *
 * Why not graphile-worker or pg-boss: both need a real PostgreSQL (pg-boss 12 also Node 22), and
 * the embedded PGlite has a single connection and no LISTEN between processes. One table and one
 * claiming query serve both databases the same way.
 *
 * Every time the queue reads comes from its clock, never the database's `now()`: tests move it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connection';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface ClaimedJob {
  id: number;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface JobContext {
  clock: Clock;
  /** Extends this server's hold on the job: call it between steps of a long job. False once another server holds it: stop. */
  renew(): Promise<boolean>;
  /** True once the server is stopping: finish the step at hand and give the job back. */
  stopping(): boolean;
}

/** Done: the job is deleted. `runAt`: it is given back, due again then. */
export type JobResult = { done: true } | { runAt: Date };

export type JobHandler = (job: ClaimedJob, context: JobContext) => Promise<JobResult>;

export interface Enqueue {
  kind: string;
  /** One job per key: enqueueing the key again moves its job to the new time. */
  key: string;
  payload?: Record<string, unknown>;
  runAt: Date;
}

/** Adds or moves a job, in the caller's transaction so it commits with what it is about. */
export async function enqueue(trx: Db, job: Enqueue): Promise<void> {
  await trx
    .insertInto('jobs')
    .values({ kind: job.kind, key: job.key, payload: JSON.stringify(job.payload ?? {}), run_at: job.runAt })
        // A server finishing the job's last run must not delete this new one: the new run is nobody's yet.
    .onConflict((oc) => oc.column('key').doUpdateSet({ run_at: job.runAt, payload: JSON.stringify(job.payload ?? {}), attempts: 0, last_error: null, lease_until: null, locked_by: null }))
    .execute();
}

export async function removeJob(trx: Db, key: string): Promise<void> {
  await trx.deleteFrom('jobs').where('key', '=', key).execute();
}

/** Frees every claim at once: for the only server of a database (PGlite), whose predecessor died holding them. */
export async function releaseLeases(db: Db): Promise<void> {
  await db.updateTable('jobs').set({ lease_until: null, locked_by: null }).where('lease_until', 'is not', null).execute();
}

export interface RunnerOptions {
  clock?: Clock;
  /** How often a server looks for due jobs: a scheduled one starts within this of its time. */
  pollMs?: number;
  /** How long a claim holds without being renewed; past it, another server may take the job. */
  leaseMs?: number;
  onError?: (error: unknown, job: ClaimedJob) => void;
}

/** A failed job is tried again after this, doubling each time, up to an hour. */
const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));

export class JobRunner {
  readonly clock: Clock;
  readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly owner = randomUUID();
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private again = false;
  private stopped = false;
  /** Whether it polls (main.ts starts it; tests run `runDue` themselves). */
  started = false;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly options: RunnerOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.pollMs = options.pollMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 30_000;
  }

  /** Looks for due jobs every `pollMs` until stopped. */
  start(): void {
    this.started = true;
    const tick = () => {
      this.wake();
      this.timer = setTimeout(tick, this.pollMs);
      this.timer.unref();
    };
    tick();
  }

  /** Runs what is due now rather than at the next poll (a send asked for this moment). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runDue()
      .catch(() => undefined)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Claims and runs due jobs one after another until none is due; answers how many ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    for (let job = await this.claim(); job; job = this.stopped ? undefined : await this.claim()) {
      await this.run(job);
      ran++;
    }
    return ran;
  }

  /** Stops claiming, lets the job at hand finish its step, and gives it back. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private leaseUntil() {
    return new Date(this.clock.now().getTime() + this.leaseMs);
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    // No handler (push not set up): nothing to claim, and `kind in ()` is no SQL at all.
    if (Object.keys(this.handlers).length === 0) return undefined;
    const now = this.clock.now();
    const due = this.db
      .selectFrom('jobs')
      .select('id')
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .where('kind', 'in', Object.keys(this.handlers))
      .orderBy('run_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked();
    const row = await this.db
      .updateTable('jobs')
      .set({ lease_until: this.leaseUntil(), locked_by: this.owner, attempts: sql`attempts + 1` })
      .where('id', '=', (eb) => eb.selectFrom(due.as('due')).select('due.id'))
      .returning(['id', 'kind', 'key', 'payload', 'attempts'])
      .executeTakeFirst();
    return row && { ...row, payload: row.payload ?? {} };
  }

  private async run(job: ClaimedJob): Promise<void> {
    // Every write to the job is only while this server still holds it.
    const mine = () => this.db.updateTable('jobs').where('id', '=', job.id).where('locked_by', '=', this.owner);
    let held = true;
    const renew = async () => {
      if (held) held = Number((await mine().set({ lease_until: this.leaseUntil() }).executeTakeFirst()).numUpdatedRows) > 0;
      return held;
    };
    // Renewed while the handler works, not only between its steps: a step that outlasts the lease (FCM
    // answering slowly) would otherwise let another server take the job and work beside this one.
    const heartbeat = setInterval(() => void renew().catch(() => undefined), this.leaseMs / 3);
    heartbeat.unref();
    const context: JobContext = {
      clock: this.clock,
      renew,
      // A server that lost the job (it stalled past its lease) stops as one shutting down does.
      stopping: () => this.stopped || !held,
    };
    try {
      const result = await this.handlers[job.kind](job, context).finally(() => clearInterval(heartbeat));
      if ('done' in result) await this.db.deleteFrom('jobs').where('id', '=', job.id).where('locked_by', '=', this.owner).execute();
      else await mine().set({ run_at: result.runAt, lease_until: null, locked_by: null, attempts: 0 }).execute();
    } catch (error) {
      this.options.onError?.(error, job);
      const runAt = new Date(this.clock.now().getTime() + retryDelayMs(job.attempts));
      await mine()
        .set({ run_at: runAt, lease_until: null, locked_by: null, last_error: String((error as Error)?.message ?? error).slice(0, 1000) })
        .execute()
        .catch(() => undefined);
    }
  }
}
