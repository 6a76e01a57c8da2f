/**
 * The fans' app's reads: the answers this server keeps (http/answers.ts) and the per-address
 * limit, shared by the routes (routes/app/content.ts) and by a hook at the very start of a request.
 *
 * That hook sends a kept answer, or its 304, as soon as the address's limit allows it: a repeat
 * needs none of what the later hooks do for the admins' pages and forms (helmet's page headers,
 * body parsing), nor the route's validation, which the first call of that URL passed. The request
 * log still writes its line. Registered right after the lifecycle, so a draining server still
 * closes the connection.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_TEXTS } from '../../src/domain/app';
import { contentChangesOf } from '../db/change-feeds';
import type { Db } from '../db/connection';
import { AppAnswers, isNothing, sendAnswer } from '../http/answers';
import { addressLimit } from '../http/limits';

export interface AppReadOptions {
  /** Calls per minute from one address (APP_READS_PER_MINUTE). */
  perMinute: number;
  /** Keep answers until what they read changes (APP_CACHE=off turns it off). */
  cache: boolean;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    appReads: { answers: AppAnswers; limit: Hook };
  }
}

const APP_PREFIX = '/app/v1/';

async function appReads(app: FastifyInstance, opts: { db: Db; reads: AppReadOptions }) {
  const answers = new AppAnswers({ feed: contentChangesOf(opts.db), now: () => app.clock.now().getTime(), enabled: opts.reads.cache });
  // Made at the first call: the limits' store (Redis or memory) is registered after this plugin.
  let limiter: Hook | undefined;
  const limit: Hook = (request, reply) => (limiter ??= addressLimit(app, 'reads', opts.reads.perMinute, APP_TEXTS.tooManyReads))(request, reply);
  app.decorate('appReads', { answers, limit });
  app.addHook('onClose', async () => answers.close());

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.startsWith(APP_PREFIX)) return;
    const kept = answers.peek(request.url);
    if (!kept || isNothing(kept)) return;
    await limit(request, reply);
    return sendAnswer(request, reply, kept);
  });
}

export default fp(appReads, { name: 'app-reads' });
