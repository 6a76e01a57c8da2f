/**
 * /healthz: liveness (the process answers and its database does). /readyz: whether a load balancer
 * should send it traffic: 503 while it starts or drains, or when the database, the image bucket
 * or Redis cannot be reached, naming which.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Db } from '../db/connection';
import { ok, responses } from '../schemas/envelope';

/** A dependency slower than this counts as unreachable: a load balancer polls every few seconds. */
const CHECK_TIMEOUT_MS = 2_000;

const within = (check: () => Promise<unknown>) =>
  Promise.race([
    check().then(() => 'ok' as const),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS).unref()),
  ]).catch(() => 'unreachable' as const);

const Readiness = Type.Object({ status: Type.String(), checks: Type.Record(Type.String(), Type.String()) });

const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'Liveness and database check', security: [], response: responses(Type.Object({ status: Type.String() })) } },
    async () => {
      await sql`select 1`.execute(db);
      return ok({ status: 'ok' }, 'OK');
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness for a load balancer: 503 while starting or draining, or when a dependency is unreachable',
        security: [],
        response: { 200: Type.Object({ success: Type.Boolean(), data: Readiness, message: Type.String() }), 503: Type.Object({ success: Type.Boolean(), data: Readiness, message: Type.String() }) },
      },
    },
    async (_request, reply) => {
      const { state } = app.lifecycle;
      const names = Object.keys(app.lifecycle.checks);
      const results = await Promise.all(names.map((name) => within(app.lifecycle.checks[name])));
      const checks = Object.fromEntries(names.map((name, i) => [name, results[i]]));
      const down = names.filter((name) => checks[name] !== 'ok');
      const status = state !== 'ready' ? state : down.length > 0 ? 'unavailable' : 'ready';
      const message =
        state === 'starting' ? 'Starting' : state === 'draining' ? 'Shutting down' : down.length > 0 ? `Unreachable: ${down.join(', ')}` : 'Ready';
      return reply.code(status === 'ready' ? 200 : 503).send({ success: status === 'ready', data: { status, checks }, message });
    },
  );
};

export default healthRoutes;
