/**
 * The admins' routes' guard: every route of a scope except those marked `config: { public: true }`
 * needs a bearer token naming a live session, and gets the admin's id, session and role on the request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH, TWO_FACTOR_TEXTS } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { HttpError } from '../errors';
import { isId } from '../repositories/ids';
import { AdminSessions } from './admin-sessions';
import { bearerToken } from './bearer';
import { assertAccess } from './route-access';
import { isExpired } from './tokens';

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
