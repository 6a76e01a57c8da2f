/**
 * The server's life for a load balancer: starting, ready, draining. /readyz (routes/health.ts)
 * answers 503 unless ready and every dependency answers. While draining (after SIGTERM) requests
 * that still arrive on open connections are served in full, each answer with `Connection: close`,
 * so clients move to another server on their next request instead of getting a 503.
 */
import { Server as NetServer } from 'node:net';
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

/**
 * Drains a listening server: /readyz turns 503, the listener closes (new connections are refused, so
 * a proxy tries another server without having sent anything), and open connections serve on, each
 * closing after its next answer. Connections left idle are closed after `idleGraceMs` (by then a load
 * balancer watching /readyz sends them nothing); closing them at once would race a request already on
 * its way and reset it. Whatever still runs at `limitMs` is cut. Resolves once every connection ended.
 */
export async function drain(app: FastifyInstance, { idleGraceMs = 3_000, limitMs = 8_000 } = {}): Promise<void> {
  app.lifecycle.drain();
  const server = app.server;
  const ended = new Promise<void>((resolve) => server.once('close', () => resolve()));
  // net's close, not http's: http's also closes idle keep-alive connections at once (see above).
  NetServer.prototype.close.call(server);
  const idle = setTimeout(() => server.closeIdleConnections(), idleGraceMs);
  const cut = setTimeout(() => server.closeAllConnections(), limitMs);
  await ended;
  clearTimeout(idle);
  clearTimeout(cut);
}
