/**
 * Bearer-token sign-in. `app.tokens` issues and checks tokens; `requireAdmin` guards every route
 * of a scope except those marked `config: { public: true }` and puts the admin's id on the request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH } from '../../src/domain/messages';
import { isExpired, TokenService } from '../auth/tokens';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
  interface FastifyRequest {
    /** The signed-in admin; set on every guarded route. */
    admin: { id: string };
  }
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in). */
    public?: boolean;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.routeOptions.config.public) return;
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw new HttpError(401, AUTH.unauthorized);
  try {
    request.admin = { id: await request.server.tokens.verify(token) };
  } catch (error) {
    throw new HttpError(401, isExpired(error) ? AUTH.sessionExpired : AUTH.unauthorized);
  }
}

async function auth(app: FastifyInstance, opts: { jwtSecret: string }) {
  app.decorate('tokens', new TokenService(opts.jwtSecret));
  app.decorateRequest<{ id: string } | null>('admin', null);
}

export default fp(auth, { name: 'auth' });
