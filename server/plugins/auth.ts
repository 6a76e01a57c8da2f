/**
 * Bearer-token sign-in. `app.tokens` issues and checks tokens; `adminGuard` guards every route
 * of a scope except those marked `config: { public: true }` and puts the admin's id on the request.
 * Every answer to a call made in a session (an admin's or a fan's) is `Cache-Control: private, no-store`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH } from '../../src/domain/messages';
import { bearerToken } from '../auth/bearer';
import { isExpired, TokenService } from '../auth/tokens';
import { AdminSessions } from '../auth/admin-sessions';
import type { Db } from '../db/connection';
import { HttpError } from '../errors';
import { isId } from '../repositories/ids';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
  interface FastifyRequest {
    /** The signed-in admin; set on every guarded route. */
    admin: { id: string };
    /** The signed-in fan and their session; set on the fans' own calls (auth/fan-sessions.ts). */
    fan: { id: string; sessionId: string } | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in). */
    public?: boolean;
    /** Reachable by an admin who must still choose their own password (reading and changing it). */
    beforeOwnPassword?: boolean;
  }
}

async function verifiedToken(request: FastifyRequest, token: string) {
  try {
    return await request.server.tokens.verify(token);
  } catch (error) {
    throw isExpired(error) ? new HttpError(401, AUTH.sessionExpired, undefined, 'auth.session_ended') : new HttpError(401, AUTH.unauthorized);
  }
}

/**
 * A signature alone is not enough: the admin may have been removed (the secret outlives a
 * database switch) or deactivated, or their password may have been reset since, which must end
 * older sessions. An admin given a first password by another can do nothing but choose their own.
 * The lookup is answered from memory while no change to admins has been heard (see AdminSessions).
 */
export function adminGuard(app: FastifyInstance, db: Db) {
  const sessions = new AdminSessions(db);
  app.addHook('onClose', async () => sessions.close());
  return async function requireAdmin(request: FastifyRequest): Promise<void> {
    if (request.routeOptions.config.public) return;
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, AUTH.unauthorized);
    const { adminId, issuedAt } = await verifiedToken(request, token);
    const admin = isId(adminId) ? await sessions.find(adminId) : undefined;
    if (!admin) throw new HttpError(401, AUTH.unauthorized);
    if (!admin.is_active) throw new HttpError(401, AUTH.accountDeactivated, undefined, 'auth.account_deactivated');
    if (issuedAt < Math.floor(admin.password_changed_at.getTime() / 1000)) throw new HttpError(401, AUTH.sessionExpired, undefined, 'auth.session_ended');
    if (admin.must_change_password && !request.routeOptions.config.beforeOwnPassword) throw new HttpError(403, AUTH.choosePasswordFirst, undefined, 'auth.password_change_required');
    request.admin = { id: admin.id };
  };
}

/** What every answer to a signed-in call says: it is one person's, for no shared cache and no disk. */
export const SIGNED_IN_CACHE_CONTROL = 'private, no-store';

async function auth(app: FastifyInstance, opts: { jwtSecret: string }) {
  app.decorate('tokens', new TokenService(opts.jwtSecret));
  app.decorateRequest<{ id: string } | null>('admin', null);
  app.decorateRequest<{ id: string; sessionId: string } | null>('fan', null);
  // Keyed on the session a guard found, not on the route: no signed-in route can forget it, and the
  // public reads (no session looked up, even when a phone sends its token) keep their own caching.
  app.addHook('onSend', async (request, reply) => {
    if (request.admin || request.fan) reply.header('cache-control', SIGNED_IN_CACHE_CONTROL);
  });
}

export default fp(auth, { name: 'auth' });
