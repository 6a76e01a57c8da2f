/**
 * Push delivery on the app: `app.push` says whether FCM is set up and holds its sender, which the
 * push jobs send through (jobs/send-notification.ts, jobs/notify-registration.ts). The sender's
 * HTTP work runs in a worker thread that closing the app ends, after the job runner has stopped.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PushOptions } from '../push/settings';
import { ThreadedSender, type Sender } from '../push/threaded-sender';

export interface Push {
  configured: boolean;
  /** FCM's sender and how many messages it keeps in flight; none without FCM. */
  fcm?: { sender: Sender; concurrency: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    push: Push;
  }
}

async function push(app: FastifyInstance, opts: { push?: PushOptions }) {
  const settings = opts.push?.fcm;
  const sender = settings && new ThreadedSender(settings);
  app.decorate('push', { configured: Boolean(sender), fcm: sender && { sender, concurrency: settings.concurrency } });
  if (sender) app.addHook('onClose', async () => sender.close());
}

export default fp(push, { name: 'push' });
