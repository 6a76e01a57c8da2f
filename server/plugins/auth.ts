/**
 * Bearer-token sign-in. `app.tokens` issues and checks tokens; `adminGuard` guards every route
 * of a scope except those marked `config: { public: true }` and puts the admin's id on the request.
 * Every answer to a call made in a session (an admin's or a fan's) is `Cache-Control: private, no-store`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH, TWO_FACTOR_TEXTS } from '../../src/domain/messages';
import { bearerToken } from '../auth/bearer';
import { isExpired, TokenService } from '../auth/tokens';
import { AdminSessions } from '../auth/admin-sessions';
import { assertAccess } from '../auth/route-access';
import type { Role } from '../../src/domain/access';
import { SecondFactorTickets } from '../auth/second-factor';
import type { Db } from '../db/connection';
import { HttpError } from '../errors';
import { isId } from '../repositories/ids';

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

async function verifiedToken(request: FastifyRequest, token: string) {
  try {
    return await request.server.tokens.verify(token);
  } catch (error) {
    throw isExpired(error) ? new HttpError(401, AUTH.sessionExpired, undefined, 'auth.session_ended') : new HttpError(401, AUTH.unauthorized);
  }
}

/**
 * A signature alone is not enough: the token names a server-side session, which may have been
 * ended (a sign-out, from the profile, by an owner, a password change) or have expired; the admin
 * may have been removed (the secret outlives a database switch) or deactivated, or their password
 * reset since. An admin given a first password by another can do nothing but choose their own;
 * one the league's policy holds (a second factor required, none set up) nothing but set one up.
 * The lookup is answered from memory while no change to admins or their sessions has been heard
 * (see AdminSessions).
 */
export function adminGuard(app: FastifyInstance, db: Db) {
  const sessions = new AdminSessions(db);
  app.addHook('onClose', async () => sessions.close());
  return async function requireAdmin(request: FastifyRequest): Promise<void> {
    if (request.routeOptions.config.public) return;
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, AUTH.unauthorized);
    const { adminId, issuedAt, sessionId } = await verifiedToken(request, token);
    if (!isId(adminId)) throw new HttpError(401, AUTH.unauthorized);
    // A token from before sessions were kept on the server names none: it is refused as an ended one.
    if (!sessionId || !isId(sessionId)) throw new HttpError(401, AUTH.sessionExpired, undefined, 'auth.session_ended');
    const session = await sessions.find(sessionId);
    // Ended sessions keep their rows: none at all is an admin removed with theirs, or a session never issued.
    if (!session || session.id !== adminId) throw new HttpError(401, AUTH.unauthorized);
    if (!session.is_active) throw new HttpError(401, AUTH.accountDeactivated, undefined, 'auth.account_deactivated');
    const now = request.server.clock.now();
    if (session.ended_at || session.expires_at <= now) throw new HttpError(401, AUTH.sessionExpired, undefined, 'auth.session_ended');
    if (issuedAt < Math.floor(session.password_changed_at.getTime() / 1000)) throw new HttpError(401, AUTH.sessionExpired, undefined, 'auth.session_ended');
    if (session.must_change_password && !request.routeOptions.config.beforeOwnPassword) throw new HttpError(403, AUTH.choosePasswordFirst, undefined, 'auth.password_change_required');
    if (session.must_set_up_second_factor && !request.routeOptions.config.beforeSecondFactor) throw new HttpError(403, TWO_FACTOR_TEXTS.setUpFirst, undefined, 'auth.second_factor_setup_required');
    // The role as read just now: a change holds from the admin's next call, on any server.
    assertAccess(request, session.role);
    await sessions.touch(session, now);
    request.admin = { id: session.id, sessionId, role: session.role };
  };
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
