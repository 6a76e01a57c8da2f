/**
 * The app's routes are public, so each address is limited, counted where sign-in's limits are
 * (Redis when set) under a name of its own, and honouring TRUST_PROXY for the client's address.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_ACCOUNT_WINDOW_MINUTES, LOGIN_ATTEMPTS_PER_ACCOUNT, LOGIN_ATTEMPTS_PER_MINUTE } from '../../../src/domain/limits';
import { AUTH } from '../../../src/domain/messages';
import { FAN_TEXTS, VERIFY_ATTEMPTS_PER_MINUTE } from '../../../src/domain/fans';
import { HttpError } from '../../errors';
import { limitWith } from '../admin/auth';

export function addressLimit(app: FastifyInstance, name: string, perMinute: number, message: string) {
  const limit = app.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: (request) => `${name}:${request.ip}` });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Limits that cannot be counted (Redis down) let the call through: a phone's registration is not a password guess.
    const state = await limit(request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'app limits unavailable');
      return undefined;
    });
    if (state && !state.isAllowed && state.isExceeded) {
      reply.header('retry-after', state.ttlInSeconds);
      throw new HttpError(429, message);
    }
  };
}

/** A body's e-mail as a limit's key: trimmed and lower-cased, as accounts are matched. */
export const emailKey = (prefix: string) => (request: FastifyRequest) => {
  const { email } = (request.body ?? {}) as { email?: unknown };
  return `${prefix}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
};

export interface FanAccountLimits {
  /** Per address: every call that checks or sets a fan's password, the reset page's form included. */
  address: ReturnType<typeof limitWith>;
  /** Per account (the body's e-mail), from any address. */
  account: ReturnType<typeof limitWith>;
  /** Per address: tries of an e-mail verification link, by the call or on its page. */
  verify: ReturnType<typeof addressLimit>;
}

/**
 * The fans' account limits, made once per server so that each counter is shared by every route that
 * counts in it (the JSON calls and the reset and verification pages' forms alike), under keys apart from the admins'.
 */
export function fanAccountLimits(app: FastifyInstance): FanAccountLimits {
  return {
    address: limitWith(app.createRateLimit({ max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request) => `fan-login:${request.ip}` }), AUTH.tooManyAttempts),
    account: limitWith(
      app.createRateLimit({ keyGenerator: emailKey('fan-account'), max: LOGIN_ATTEMPTS_PER_ACCOUNT, timeWindow: LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000 }),
      AUTH.tooManyAccountAttempts,
    ),
    verify: addressLimit(app, 'fan-verify', VERIFY_ATTEMPTS_PER_MINUTE, FAN_TEXTS.tooManyVerifyAttempts),
  };
}
