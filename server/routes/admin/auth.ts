import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_ACCOUNT_WINDOW_MINUTES, LOGIN_ATTEMPTS_PER_ACCOUNT, LOGIN_ATTEMPTS_PER_MINUTE } from '../../../src/domain/limits';
import { Type } from 'typebox';
import { AUTH, SESSION_TEXTS } from '../../../src/domain/messages';
import { signInAdmin } from '../../auth/admin-sessions';
import { writes } from '../../auth/route-access';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../../auth/passwords';
import { HttpError } from '../../errors';
import { answerLimit, type Policy } from '../limit-answers';
import { findAdminByEmail, recordSignIn, replacePasswordHash } from '../../repositories/admins';
import { endAdminSessions } from '../../repositories/admin-sessions';
import { ErrorEnvelope, ok, responses } from '../../schemas/envelope';
import { LoginBody, LoginResponse } from '../../schemas/auth';

export const accountOf = (request: FastifyRequest) => {
  const { email } = request.body as { email?: unknown };
  return `account:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
};

type Limit = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A sign-in limit as a hook: 429 with Retry-After once exceeded. When the limits cannot be counted
 * (their Redis is down) sign-in fails closed with a 503: unlimited guessing is not an option.
 * With a policy (the app's limits), the answer names it in its RateLimit fields.
 */
export const limitWith = (limit: Limit, message: string, policy?: Policy) => async (request: FastifyRequest, reply: FastifyReply) => {
  let state: Awaited<ReturnType<Limit>>;
  try {
    state = await limit(request);
  } catch (error) {
    request.log.warn({ err: error }, 'sign-in limits unavailable');
    throw new HttpError(503, AUTH.signInUnavailable);
  }
  if (!state.isAllowed) answerLimit(reply, policy, state, message);
};

const authRoutes: FastifyPluginAsyncTypebox<{ db: import('../../db/connection').Db }> = async (app, { db }) => {
  const { checkPassword } = app;
  // Counted before the body is read, so even malformed attempts count.
  const limitAddress = limitWith(app.createRateLimit({ max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 }), AUTH.tooManyAttempts);
  // Beside the per-address limit: a spread of addresses guessing one admin's password.
  const limitAccount = limitWith(
    app.createRateLimit({ keyGenerator: accountOf, max: LOGIN_ATTEMPTS_PER_ACCOUNT, timeWindow: LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000 }),
    AUTH.tooManyAccountAttempts,
  );

  app.post(
    '/login',
    {
      config: { public: true },
      onRequest: limitAddress,
      preHandler: limitAccount,
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        security: [],
        body: LoginBody,
        response: { 200: LoginResponse, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
      },
    },
    async (request) => {
      const { email, password, remember } = request.body;
      const admin = await findAdminByEmail(db, email);
      // Compare even for an unknown e-mail so the answer time does not tell which part was wrong.
      const valid = await checkPassword(async () => {
        const matches = await verifyPassword(password, admin?.password_hash ?? DUMMY_HASH);
        if (admin && matches && needsRehash(admin.password_hash)) {
          await replacePasswordHash(db, admin.id, admin.password_hash, await hashPassword(password));
        }
        return matches;
      });
      // Refused sign-ins are on the record too; a deactivated admin is told so only with the right password.
      if (!admin || !valid || !admin.is_active) {
        await recordSignIn(db, admin, email, false);
        throw new HttpError(401, admin && valid ? AUTH.accountDeactivated : AUTH.invalidCredentials);
      }
      await recordSignIn(db, admin, email, true);

      const { token, user } = await signInAdmin(db, request, admin.id, { remember: remember === true });
      return { success: true, token, user, data: { token, user }, message: AUTH.loginSuccess };
    },
  );

  app.post(
    '/logout',
    {
      // An admin who must still choose their password may sign out too.
      config: { beforeOwnPassword: true, ...writes('profile') },
      schema: { tags: ['auth'], summary: "Sign out: ends this token's session on every server", response: responses(Type.Null()) },
    },
    async (request) => {
      await endAdminSessions(db, request.admin.id, request.admin.id, { only: request.admin.sessionId }, 'signOut');
      return ok(null, SESSION_TEXTS.signedOut);
    },
  );
};

export default authRoutes;
