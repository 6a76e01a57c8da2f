/**
 * The app's routes are public, so each address is limited, counted where sign-in's limits are
 * (Redis when set) under a name of its own, and honouring TRUST_PROXY for the client's address.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors';

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
