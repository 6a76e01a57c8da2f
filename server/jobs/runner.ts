/**
 * The job runner: this server's share of the queue (repositories/jobs.ts) and the jobs it knows,
 * as a plugin decorating `app.jobs`. main.ts starts it polling; tests run `runDue` themselves with
 * a clock they move. Every job reads the time from the server's one clock (`app.clock`). It always
 * publishes on time and removes the fans' accounts whose e-mail was not verified in time; it sends
 * notifications, and tells fans the decisions on their registrations, only with FCM set up (until
 * then those jobs wait in the queue). Closing the app stops it after the step at hand.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import type { Db } from '../db/connection';
import { claimDue, finishJob, giveBack, renewLease, type ClaimedJob } from '../repositories/jobs';
import type { Job, JobContext, JobHandler, JobServices } from './job';
import { notifyRegistrationJob } from './notify-registration';
import { publishJob } from './publish';
import { removeUnverifiedJob } from './remove-unverified';
import { sendNotificationJob } from './send-notification';

/** Every job this server knows: its handler registry. */
const JOBS: readonly Job<never>[] = [publishJob, removeUnverifiedJob, sendNotificationJob, notifyRegistrationJob];

export interface RunnerOptions {
  /** How often a server looks for due jobs: a scheduled one starts within this of its time. */
  pollMs?: number;
  /** How long a claim holds without being renewed; past it, another server may take the job. */
  leaseMs?: number;
}

/** A failed job is tried again after this, doubling each time, up to an hour. */
const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));

export class JobRunner {
  readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly owner = randomUUID();
  private readonly kinds: string[];
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private again = false;
  private stopped = false;
  private started = false;
  private readonly onError?: (error: unknown, job: ClaimedJob) => void;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly handlers: Readonly<Record<string, JobHandler>>,
    options: RunnerOptions & { onError?: (error: unknown, job: ClaimedJob) => void } = {},
  ) {
    this.kinds = Object.keys(handlers);
    this.pollMs = options.pollMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.onError = options.onError;
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

  /** Runs what is due now rather than at the next poll (a send asked for this moment); nothing before `start`. */
  wake(): void {
    if (!this.started || this.stopped) return;
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

  private claim(): Promise<ClaimedJob | undefined> {
    return claimDue(this.db, this.kinds, this.owner, this.clock.now(), this.leaseUntil());
  }

  private async run(job: ClaimedJob): Promise<void> {
    let held = true;
    const renew = async () => {
      if (held) held = await renewLease(this.db, job.id, this.owner, this.leaseUntil());
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
      if ('done' in result) await finishJob(this.db, job.id, this.owner);
      else await giveBack(this.db, job.id, this.owner, result.runAt);
    } catch (error) {
      this.onError?.(error, job);
      const runAt = new Date(this.clock.now().getTime() + retryDelayMs(job.attempts));
      await giveBack(this.db, job.id, this.owner, runAt, String((error as Error)?.message ?? error)).catch(() => undefined);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

async function jobs(app: FastifyInstance, { runner: options, ...given }: Omit<JobServices, 'images' | 'fcm'> & { runner?: RunnerOptions }) {
  const services: JobServices = { ...given, images: app.images, fcm: app.push.fcm };
  const handlers = Object.fromEntries(JOBS.flatMap((job) => {
    const handler = job.handler(services);
    return handler ? [[job.name, handler]] : [];
  }));
  const runner = new JobRunner(given.db, app.clock, handlers, { ...options, onError: (error, job) => app.log.error({ err: error, job: job.kind }, 'job failed') });
  app.decorate('jobs', runner);
  app.addHook('onClose', () => runner.stop());
}

export default fp(jobs, { name: 'jobs', dependencies: ['push'] });
