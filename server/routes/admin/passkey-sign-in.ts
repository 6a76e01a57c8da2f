/**
 * Signing in with a passkey: without a password (any admin who registered one; the passkey verifies
 * its user, so it is both factors), or as the second step after the password (with that step's
 * ticket). Both end where the password sign-in does (signInAdmin, auth/admin-sessions.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_ACCOUNT_WINDOW_MINUTES, LOGIN_ATTEMPTS_PER_ACCOUNT, LOGIN_ATTEMPTS_PER_MINUTE } from '../../../src/domain/limits';
import { AUTH, GENERIC, PASSKEY_TEXTS } from '../../../src/domain/messages';
import { signInAdmin } from '../../auth/admin-sessions';
import { Passkeys } from '../../auth/passkeys';
import type { Db } from '../../db/connection';
import { HttpError } from '../../errors';
import { findAdminById, recordSignIn } from '../../repositories/admins';
import { findPasskey, recordPasskeySignIn } from '../../repositories/passkeys';
import { LoginResponse } from '../../schemas/auth';
import { ErrorEnvelope, ok, responses } from '../../schemas/envelope';
import { CeremonyOptions, PasskeyOptionsBody, PasskeySignInBody } from '../../schemas/passkeys';
import { limitWith } from '../../http/limits';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface PasskeySignInOptions {
  db: Db;
  publicUrl?: string;
  /** The password sign-in's per-address limit: a passkey's answer counts against the same attempts. */
  limitAddress: Hook;
}

/** The passkey an answer names: the per-passkey limit's key (the e-mail's counterpart). */
const passkeyOf = (request: FastifyRequest) => {
  const { response } = (request.body ?? {}) as { response?: { id?: unknown } };
  return `passkey:${typeof response?.id === 'string' ? response.id : ''}`;
};

const passkeySignInRoutes: FastifyPluginAsyncTypebox<PasskeySignInOptions> = async (app, { db, publicUrl, limitAddress }) => {
  const ceremonies = new Passkeys(db, app.clock, publicUrl);
  // Options keep a challenge row each: limited per address like attempts, on a counter of their own so asking does not use up the attempts.
  const limitOptions = limitWith(
    app.createRateLimit({ keyGenerator: (request) => `passkey-options:${request.ip}`, max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 }),
    AUTH.tooManyAttempts,
  );
  const limitPasskey = limitWith(
    app.createRateLimit({ keyGenerator: passkeyOf, max: LOGIN_ATTEMPTS_PER_ACCOUNT, timeWindow: LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000 }),
    AUTH.tooManyAccountAttempts,
  );

  /** The second step's ticket (server/auth/second-factor.ts), or null for a sign-in without a password. */
  const readTicket = async (ticket: string | undefined) => {
    if (ticket === undefined) return null;
    const read = await app.secondFactor.readSecondFactorTicket(ticket);
    if (!read) throw new HttpError(401, PASSKEY_TEXTS.ticketInvalid, undefined, 'auth.second_factor_invalid');
    return read;
  };

  app.post(
    '/login/passkey/options',
    {
      config: { public: true },
      onRequest: limitOptions,
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with a passkey: the options for navigator.credentials.get(), valid for one answer within minutes',
        security: [],
        body: PasskeyOptionsBody,
        response: responses(CeremonyOptions),
      },
    },
    async (request) => ok(await ceremonies.authenticationOptions(request, (await readTicket(request.body.ticket))?.adminId ?? null), GENERIC.fetched),
  );

  app.post(
    '/login/passkey',
    {
      config: { public: true },
      onRequest: limitAddress,
      preHandler: limitPasskey,
      schema: {
        tags: ['auth'],
        summary: "Sign in with a passkey: the browser's answer (and the password step's ticket when it is the second step)",
        security: [],
        body: PasskeySignInBody,
        response: { 200: LoginResponse, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
      },
    },
    async (request) => {
      const response = request.body.response as AuthenticationResponseJSON;
      const ticket = await readTicket(request.body.ticket);
      const secondStepOf = ticket?.adminId ?? null;
      const challenge = await ceremonies.takeSignInChallenge(response, secondStepOf);
      const passkey = await findPasskey(db, response.id);
      // As the second step, only the admin's own passkey will do.
      if (!passkey || (secondStepOf !== null && passkey.adminId !== secondStepOf)) throw new HttpError(401, PASSKEY_TEXTS.unknownPasskey, undefined, 'auth.invalid_credentials');
      // A known passkey's refused answer is on the record, as a refused password is.
      const counter = await ceremonies.verifyAuthentication(request, passkey, response, challenge, secondStepOf !== null).catch(async (error: unknown) => {
        await recordSignIn(db, { id: passkey.adminId }, '', false);
        throw error;
      });
      const admin = await findAdminById(db, passkey.adminId);
      if (!admin?.is_active) throw new HttpError(401, AUTH.accountDeactivated, undefined, 'auth.account_deactivated');
      // A password changed since the first step ends what that step began.
      if (ticket && ticket.issuedAt < Math.floor(admin.password_changed_at.getTime() / 1000)) throw new HttpError(401, PASSKEY_TEXTS.ticketInvalid, undefined, 'auth.second_factor_invalid');
      await recordPasskeySignIn(db, passkey, counter, app.clock.now());
      // As the second step, 'Remember me' is what the password step asked for.
      const session = await signInAdmin(db, request, admin.id, { remember: ticket ? ticket.remember : request.body.remember === true });
      return { success: true, ...session, data: session, message: AUTH.loginSuccess };
    },
  );
};

export default passkeySignInRoutes;
