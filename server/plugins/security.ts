/**
 * Security headers and the sign-in rate limit, counted in this process or, with a Redis, in the
 * Redis every server shares (the routes create their limits with `app.createRateLimit`). The CSP lets the built admin app run as it is:
 * its own scripts, MUI/emotion's inline styles, YouTube embeds, and thumbnails from https: hosts.
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH } from '../../src/domain/messages';
import type { Redis } from '../redis';

async function security(app: FastifyInstance, opts: { redis?: { client: Redis; prefix: string } }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-src': ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        'media-src': ["'self'", 'blob:', 'https:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        // The server is often reached over plain http on a LAN address; upgrading would break it.
        'upgrade-insecure-requests': null,
      },
    },
  });
  // HSTS over plain http is ignored by browsers at best, and on a LAN address it would pin a name to
  // https it does not serve: sent only when the request came over HTTPS (with TRUST_PROXY, as the
  // proxy's X-Forwarded-Proto says).
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol !== 'https') reply.removeHeader('strict-transport-security');
  });
  // Only routes that opt in (sign-in) are limited.
  await app.register(rateLimit, {
    global: false,
    ...(opts.redis && { redis: opts.redis.client, nameSpace: `${opts.redis.prefix}signin:` }),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      success: false,
      code: 'rate_limited',
      message: AUTH.tooManyAttempts,
    }),
  });
}

export default fp(security, { name: 'security' });
