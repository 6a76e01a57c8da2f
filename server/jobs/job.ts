/**
 * What a job module declares: its kind (the name the queue stores, and one job's key) and how it
 * runs on this server. The runner (runner.ts) lists the modules; a repository that plans a job is
 * passed its kind by the caller, so each name is written once, in its job's module.
 */
import type { Clock } from '../clock';
import type { Db } from '../db/connection';
import type { Sender } from '../push/threaded-sender';
import type { ClaimedJob, JobKind } from '../repositories/jobs';
import type { Images } from '../storage/saved-images';

export type { ClaimedJob } from '../repositories/jobs';

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

/** What the jobs of one server work with. */
export interface JobServices {
  db: Db;
  images: Pick<Images, 'remove'>;
  /** FCM, when it is set up: the sender and how many messages it keeps in flight. */
  fcm?: { sender: Sender; concurrency: number };
  /** PUBLIC_URL: where phones fetch an uploaded picture from. */
  publicUrl?: string;
  /** Whether sign-ups wait for their e-mail to be verified (mail and PUBLIC_URL set up). */
  verifyingEmails: boolean;
}

export interface Job<Payload extends Record<string, unknown>> extends JobKind<Payload> {
  /** Its handler on this server, or none when the server cannot run it (push without FCM): its jobs wait. */
  handler(services: JobServices): JobHandler | undefined;
}
