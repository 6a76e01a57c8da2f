/**
 * Rate limits as hooks (the admins' sign-in and the app's), and the fields an answer names them in.
 *
 * The app's routes are public, so each address is limited, counted where sign-in's limits are
 * (Redis when set) under a name of its own, and honouring TRUST_PROXY for the client's address.
 *
 * Every answer names the limits it counted in with the RateLimit-Policy and RateLimit fields of
 * draft-ietf-httpapi-ratelimit-headers-11 (`"reads";q=1200;w=60` and `"reads";r=1187;t=42`). A limit
 * keyed by the client's own address shows on every answer; one keyed by an e-mail or an account only
 * on its refusal, so its count tells nobody about another's tries.
 *
 * A refused call renews its window (`continueExceeding`): a 429's Retry-After, its RateLimit `t` and
 * the wait its message names (src/domain/limits.ts `pleaseWait`) are then all the limit's window.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_ACCOUNT_WINDOW_MINUTES, LOGIN_ATTEMPTS_PER_ACCOUNT, LOGIN_ATTEMPTS_PER_MINUTE, MINUTE_WINDOW_SECONDS } from '../../src/domain/limits';
import { AUTH } from '../../src/domain/messages';
import { FAN_TEXTS, VERIFY_ATTEMPTS_PER_MINUTE } from '../../src/domain/fans';
import { HttpError } from '../errors';

type Limit = ReturnType<FastifyInstance['createRateLimit']>;
export type Counted = Extract<Awaited<ReturnType<Limit>>, { isAllowed: false }>;

/** A limit's name in the fields, and whether every answer shows it or only its refusal. */
export interface Policy {
  name: string;
  shown: 'always' | 'refused';
}

const addItem = (reply: FastifyReply, field: string, item: string) => {
  const had = reply.getHeader(field);
  reply.header(field, had === undefined ? item : `${String(had)}, ${item}`);
};

/** Adds a limit's item to the answer's RateLimit-Policy and RateLimit lists. */
export function showLimit(reply: FastifyReply, name: string, state: Counted) {
  addItem(reply, 'ratelimit-policy', `"${name}";q=${state.max};w=${Math.round(state.timeWindow / 1000)}`);
  addItem(reply, 'ratelimit', `"${name}";r=${state.remaining};t=${state.ttlInSeconds}`);
}

/** Shows a counted call's limit as its policy says, and refuses it with a 429 once the limit is exceeded. */
export function answerLimit(reply: FastifyReply, policy: Policy | undefined, state: Counted, message: string) {
  if (policy && (state.isExceeded || policy.shown === 'always')) showLimit(reply, policy.name, state);
  if (state.isExceeded) {
    reply.header('retry-after', state.ttlInSeconds);
    throw new HttpError(429, message);
  }
}

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

/** One of the app's limits: a refused call renews the window, so waiting the window its message names always suffices. */
export const appLimit = (app: FastifyInstance, options: { max: number; windowSeconds: number; key: (request: FastifyRequest) => string }) => {
  // createRateLimit's types leave continueExceeding out; both its stores honour it per limit (their child()).
  const renewing = { max: options.max, timeWindow: options.windowSeconds * 1000, keyGenerator: options.key, continueExceeding: true };
  return app.createRateLimit(renewing);
};

export function addressLimit(app: FastifyInstance, name: string, perMinute: number, message: string) {
  const limit = appLimit(app, { max: perMinute, windowSeconds: MINUTE_WINDOW_SECONDS, key: (request) => `${name}:${request.ip}` });
  const policy: Policy = { name, shown: 'always' };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Limits that cannot be counted (Redis down) let the call through: a phone's registration is not a password guess.
    const state = await limit(request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'app limits unavailable');
      return undefined;
    });
    if (state && !state.isAllowed) answerLimit(reply, policy, state, message);
  };
}

/** A body's e-mail as a limit's key: trimmed and lower-cased, as accounts are matched. */
export const emailKey = (prefix: string) => (request: FastifyRequest) => {
  const { email } = (request.body ?? {}) as { email?: unknown };
  return `${prefix}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
};

/** A limit keyed by an e-mail or an account, which fails closed when it cannot be counted (limitWith). */
export const accountLimit = (app: FastifyInstance, name: string, options: { max: number; windowSeconds: number; key: (request: FastifyRequest) => string }, message: string) =>
  limitWith(appLimit(app, options), message, { name, shown: 'refused' });

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
    address: limitWith(
      appLimit(app, { max: LOGIN_ATTEMPTS_PER_MINUTE, windowSeconds: MINUTE_WINDOW_SECONDS, key: (request) => `fan-login:${request.ip}` }),
      AUTH.tooManyAttempts,
      { name: 'fan-login', shown: 'always' },
    ),
    account: accountLimit(
      app,
      'fan-account',
      { key: emailKey('fan-account'), max: LOGIN_ATTEMPTS_PER_ACCOUNT, windowSeconds: LOGIN_ACCOUNT_WINDOW_MINUTES * 60 },
      AUTH.tooManyAccountAttempts,
    ),
    verify: addressLimit(app, 'fan-verify', VERIFY_ATTEMPTS_PER_MINUTE, FAN_TEXTS.tooManyVerifyAttempts),
  };
}
