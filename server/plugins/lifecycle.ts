/**
 * The server's life for a load balancer: starting, ready, draining. /readyz (routes/health.ts)
 * answers 503 unless ready and every dependency answers. While draining (after SIGTERM) requests
 * that still arrive on open connections are served in full, each answer with `Connection: close`,
 * so clients move to another server on their next request instead of getting a 503.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type ServerState = 'starting' | 'ready' | 'draining';

/** A dependency the server cannot serve without, by name (database, storage, redis); throws when unreachable. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { state: ServerState; checks: ReadinessChecks; markReady(): void; drain(): void };
  }
}

async function lifecycle(app: FastifyInstance, opts: { checks: ReadinessChecks }) {
  const life: FastifyInstance['lifecycle'] = {
    state: 'starting',
    checks: opts.checks,
    markReady: () => {
      if (life.state === 'starting') life.state = 'ready';
    },
    drain: () => {
      life.state = 'draining';
    },
  };
  app.decorate('lifecycle', life);
  app.addHook('onRequest', async (_request, reply) => {
    if (life.state === 'draining') reply.header('connection', 'close');
  });
}

export default fp(lifecycle, { name: 'lifecycle' });
