/**
 * Bearer-token sign-in. `app.tokens` issues and checks tokens, which the admin guard
 * (auth/admin-guard.ts) reads on every route of a scope except those marked `config: { public: true }`.
 * Every answer to a call made in a session (an admin's or a fan's) is `Cache-Control: private, no-store`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TokenService } from '../auth/tokens';
import type { Role } from '../../src/domain/access';
import { SecondFactorTickets } from '../auth/second-factor';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
  interface FastifyRequest {
    /** The signed-in admin, their session and their role as the database holds it now; set on every guarded route. */
    admin: { id: string; sessionId: string; role: Role };
    /** The signed-in fan and their session; set on the fans' own calls (auth/fan-sessions.ts). */
    fan: { id: string; sessionId: string } | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in). */
    public?: boolean;
    /** Reachable by an admin who must still choose their own password (reading and changing it). */
    beforeOwnPassword?: boolean;
    /** Reachable by an admin the league's policy holds until they set up a second factor (their profile, the set-up). */
    beforeSecondFactor?: boolean;
  }
}

/** What every answer to a signed-in call says: it is one person's, for no shared cache and no disk. */
export const SIGNED_IN_CACHE_CONTROL = 'private, no-store';

async function auth(app: FastifyInstance, opts: { jwtSecret: string }) {
  app.decorate('tokens', new TokenService(opts.jwtSecret, app.clock));
  app.decorate('secondFactor', new SecondFactorTickets(opts.jwtSecret, app.clock));
  app.decorateRequest<{ id: string; sessionId: string; role: Role } | null>('admin', null);
  app.decorateRequest<{ id: string; sessionId: string } | null>('fan', null);
  // Keyed on the session a guard found, not on the route: no signed-in route can forget it, and the
  // public reads (no session looked up, even when a phone sends its token) keep their own caching.
  app.addHook('onSend', async (request, reply) => {
    if (request.admin || request.fan) reply.header('cache-control', SIGNED_IN_CACHE_CONTROL);
  });
}

export default fp(auth, { name: 'auth' });
