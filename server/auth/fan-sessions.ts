/**
 * The fans' sessions on their calls. A fan's access token (audience `crease-app`, auth/tokens.ts)
 * lasts an hour and names a session row; the app renews it with the session's refresh token
 * (repositories/fan-refresh.ts). Every call looks that row and its user up in the database, so a
 * sign-out, a reset, a deletion or an admin's deactivation holds on the very next call on any server
 * sharing the database. An admin's token is no fan's session (401), and a fan's is refused by every admin route.
 */
import type { FastifyRequest } from 'fastify';
import { FAN_TEXTS } from '../../src/domain/fans';
import type { Db } from '../db/connection';
import { bearerToken } from './bearer';
import { isExpired } from './tokens';
import { HttpError } from '../errors';
import { findSession } from '../repositories/fans';
import { isEmailVerified } from '../repositories/verification';

export interface FanSession {
  id: string;
  sessionId: string;
}

async function sessionOf(db: Db, request: FastifyRequest, token: string): Promise<FanSession> {
  let claims: { userId: string; sessionId: string };
  try {
    claims = await request.server.tokens.verifyFan(token);
  } catch (error) {
    // A lapsed access token is the app's cue to refresh, not to sign in from scratch: it is told apart.
    throw isExpired(error) ? new HttpError(401, FAN_TEXTS.accessExpired, undefined, 'auth.token_expired') : new HttpError(401, FAN_TEXTS.unauthorized);
  }
  const session = await findSession(db, claims.sessionId, claims.userId, request.server.clock.now());
  if (!session) throw new HttpError(401, FAN_TEXTS.sessionEnded, undefined, 'auth.session_ended');
  if (!session.is_active) throw new HttpError(401, FAN_TEXTS.accountDeactivated, undefined, 'auth.account_deactivated');
  return { id: claims.userId, sessionId: claims.sessionId };
}

/** A hook for the fan's own calls: 401 without a live session; puts the fan on `request.fan`. */
export const requireFan = (db: Db) =>
  async function requireFanSession(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, FAN_TEXTS.unauthorized);
    request.fan = await sessionOf(db, request, token);
  };

/** For calls open to everyone that do more for a signed-in fan (a device registered while signed in): a token sent must be a live fan session. */
export const optionalFan = (db: Db) =>
  async function maybeFanSession(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (header === undefined) return;
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, FAN_TEXTS.unauthorized);
    request.fan = await sessionOf(db, request, token);
  };

/**
 * After `requireFan`, for what a fan may do only once their e-mail is verified (send a registration):
 * a 403 that says how to have the link sent again. Nothing waits where no link can be mailed (`verifying` false).
 */
export const requireVerifiedEmail = (db: Db, verifying: boolean) =>
  async function requireVerified(request: FastifyRequest): Promise<void> {
    if (verifying && !(await isEmailVerified(db, request.fan!.id))) throw new HttpError(403, FAN_TEXTS.emailNotVerified, undefined, 'auth.email_not_verified');
  };
