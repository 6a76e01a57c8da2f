/**
 * The limits' fields on an answer: RateLimit-Policy and RateLimit as draft-ietf-httpapi-ratelimit-headers-11
 * writes them (`"reads";q=1200;w=60` and `"reads";r=1187;t=42`), and a refusal's 429 with Retry-After.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
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
