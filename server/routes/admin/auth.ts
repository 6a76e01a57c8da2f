import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  LOGIN_ACCOUNT_WINDOW_MINUTES,
  LOGIN_ATTEMPTS_PER_ACCOUNT,
  LOGIN_ATTEMPTS_PER_MINUTE,
  SECOND_FACTOR_ATTEMPTS_PER_ADMIN,
  SECOND_FACTOR_WINDOW_MINUTES,
} from '../../../src/domain/limits';
import { Type } from 'typebox';
import { AUTH, SESSION_TEXTS, TWO_FACTOR_TEXTS } from '../../../src/domain/messages';
import { signInAdmin } from '../../auth/admin-sessions';
import { writes } from '../../auth/route-access';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../../auth/passwords';
import { acceptedStep, looksLikeTotp } from '../../auth/totp';
import { HttpError } from '../../errors';
import { emailKey, limitWith } from '../../http/limits';
import { findAdminByEmail, findAdminById, recordSignIn, replacePasswordHash } from '../../repositories/admins';
import { recordRefusedCode, secondFactorsOf, takeStep, totpOf, useRecoveryCode } from '../../repositories/second-factors';
import { endAdminSessions } from '../../repositories/admin-sessions';
import { ErrorEnvelope, ok, responses } from '../../schemas/envelope';
import passkeySignInRoutes from './passkey-sign-in';
import type { RouteOptions } from '../options';
import { LoginBody, LoginResponse, SecondStepBody, SignedIn } from '../../schemas/auth';

const authRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, publicUrl }) => {
  const { checkPassword } = app;
  // Counted before the body is read, so even malformed attempts count.
  const limitAddress = limitWith(app.createRateLimit({ max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 }), AUTH.tooManyAttempts);
  // Beside the per-address limit: a spread of addresses guessing one admin's password.
  const limitAccount = limitWith(
    app.createRateLimit({ keyGenerator: emailKey('account'), max: LOGIN_ATTEMPTS_PER_ACCOUNT, timeWindow: LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000 }),
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
        throw admin && valid
          ? new HttpError(401, AUTH.accountDeactivated, undefined, 'auth.account_deactivated')
          : new HttpError(401, AUTH.invalidCredentials, undefined, 'auth.invalid_credentials');
      }
      // With a second factor, the password alone earns a ticket for the second step, not a session.
      const secondFactor = await secondFactorsOf(db, admin.id);
      if (secondFactor.length > 0) {
        const ticket = await app.secondFactor.issueSecondFactorTicket(admin.id, { remember: remember === true });
        return { success: true, data: { secondFactor, ticket }, message: TWO_FACTOR_TEXTS.stepIntro };
      }
      await recordSignIn(db, admin, email, true);
      const session = await signInAdmin(db, request, admin.id, { remember: remember === true });
      return { success: true, ...session, data: session, message: AUTH.loginSuccess };
    },
  );

  app.post(
    '/logout',
    {
      // An admin who must still choose their password, or set up a second factor, may sign out too.
      config: { beforeOwnPassword: true, beforeSecondFactor: true, ...writes('profile') },
      schema: { tags: ['auth'], summary: "Sign out: ends this token's session on every server", response: responses(Type.Null()) },
    },
    async (request) => {
      await endAdminSessions(db, request.admin.id, request.admin.id, { only: request.admin.sessionId }, 'signOut');
      return ok(null, SESSION_TEXTS.signedOut);
    },
  );

  // The second step's tickets name their admin: read before the per-admin limit counts the attempt.
  const ticketAdmin = new WeakMap<FastifyRequest, { adminId: string; remember: boolean }>();
  const readTicket = async (request: FastifyRequest) => {
    const ticket = await app.secondFactor.readSecondFactorTicket((request.body as { ticket: string }).ticket);
    if (!ticket) throw new HttpError(401, TWO_FACTOR_TEXTS.ticketInvalid, undefined, 'auth.second_factor_invalid');
    ticketAdmin.set(request, ticket);
  };
  // A 6-digit code falls to a million guesses: each admin gets a few tries per window, from any address.
  const limitAdmin = limitWith(
    app.createRateLimit({
      keyGenerator: (request) => `second-factor:${ticketAdmin.get(request)?.adminId ?? ''}`,
      max: SECOND_FACTOR_ATTEMPTS_PER_ADMIN,
      timeWindow: SECOND_FACTOR_WINDOW_MINUTES * 60_000,
    }),
    TWO_FACTOR_TEXTS.tooManyCodes,
  );

  // Its own per-address count (its own keys, in Redis too): a second step is not another password guess.
  const limitStepAddress = limitWith(
    app.createRateLimit({ keyGenerator: (request) => `second-step:${request.ip}`, max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 }),
    AUTH.tooManyAttempts,
  );

  app.post(
    '/login/totp',
    {
      config: { public: true },
      onRequest: limitStepAddress,
      preHandler: [readTicket, limitAdmin],
      schema: {
        tags: ['auth'],
        summary: 'Sign in, second step: the ticket the password earned and a TOTP code or a recovery code',
        security: [],
        body: SecondStepBody,
        response: { 200: SignedIn, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
      },
    },
    async (request) => {
      const { adminId, remember } = ticketAdmin.get(request)!;
      const admin = await findAdminById(db, adminId);
      if (!admin) throw new HttpError(401, TWO_FACTOR_TEXTS.ticketInvalid, undefined, 'auth.second_factor_invalid');
      if (!admin.is_active) throw new HttpError(401, AUTH.accountDeactivated, undefined, 'auth.account_deactivated');
      const { code } = request.body;
      const totp = await totpOf(db, admin.id);
      const accepted = looksLikeTotp(code)
        ? await acceptTotp(totp?.secret ?? null, admin.id, code)
        : totp?.secret != null && (await useRecoveryCode(db, admin.id, code));
      if (!accepted) {
        await recordRefusedCode(db, admin.id);
        throw new HttpError(401, TWO_FACTOR_TEXTS.wrongCode, undefined, 'auth.second_factor_invalid');
      }
      await recordSignIn(db, admin, admin.email, true);
      const session = await signInAdmin(db, request, admin.id, { remember });
      return { success: true, ...session, data: session, message: AUTH.loginSuccess };
    },
  );

  /** A right code for a step later than the last one taken: a code is accepted once. */
  async function acceptTotp(secret: string | null, adminId: string, code: string): Promise<boolean> {
    if (!secret) return false;
    const step = acceptedStep(secret, code, app.clock.now());
    return step !== undefined && (await takeStep(db, adminId, step));
  }

  // Passkeys: without a password, or as the second step; their answers count against the same per-address attempts.
  await app.register(passkeySignInRoutes, { db, publicUrl, limitAddress });
};

export default authRoutes;
