/**
 * Push delivery and the job queue on the app: `app.push` says whether FCM is set up and wakes the
 * queue when a send is due now; `app.jobs` is this server's runner (main.ts starts it; tests run
 * it by hand with a clock they move). The runner always publishes on time (jobs/publish.ts); it
 * sends notifications, and tells fans the decisions on their registrations, only with FCM set up; it
 * removes the fans' accounts whose e-mail was not verified in time (jobs/remove-unverified.ts).
 * Closing the app stops the runner after the step at hand.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/connection';
import { PUBLISH_JOB, publishOnTime } from '../jobs/publish';
import { notifyRegistration } from '../jobs/notify-registration';
import { removeUnverifiedAccount, UNVERIFIED_JOB } from '../jobs/remove-unverified';
import { sendNotification } from '../jobs/send-notification';
import { JobRunner, systemClock, type Clock, type JobHandler, type RunnerOptions } from '../jobs/queue';
import type { PushOptions } from '../push/settings';
import { ThreadedSender } from '../push/threaded-sender';
import { NOTICE_JOB } from '../repositories/notices';
import { SEND_JOB } from '../repositories/sends';

export interface Push {
  configured: boolean;
  clock: Clock;
  /** A send is due now: run it without waiting for the next poll (only once the runner is started). */
  wake(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: Push;
    jobs: JobRunner;
  }
}

async function push(app: FastifyInstance, opts: { db: Db; push?: PushOptions; clock?: Clock; jobs?: Omit<RunnerOptions, 'clock'>; verifyingEmails?: boolean }) {
  const clock = opts.clock ?? systemClock;
  const fcm = opts.push?.fcm && new ThreadedSender(opts.push.fcm);
  const sending = fcm && { db: opts.db, fcm, concurrency: opts.push!.fcm!.concurrency };
  const handlers: Record<string, JobHandler> = {
    [PUBLISH_JOB]: publishOnTime(opts.db),
    [UNVERIFIED_JOB]: removeUnverifiedAccount(opts.db, app.images, opts.verifyingEmails ?? false),
    ...(sending && { [SEND_JOB]: sendNotification({ ...sending, publicUrl: opts.push?.publicUrl }), [NOTICE_JOB]: notifyRegistration(sending) }),
  };
  const jobs = new JobRunner(opts.db, handlers, { ...opts.jobs, clock, onError: (error, job) => app.log.error({ err: error, job: job.kind }, 'job failed') });
  app.decorate('jobs', jobs);
  app.decorate('push', { configured: Boolean(fcm), clock, wake: () => jobs.started && jobs.wake() });
  app.addHook('onClose', async () => {
    await jobs.stop();
    fcm?.close();
  });
}

export default fp(push, { name: 'push' });
