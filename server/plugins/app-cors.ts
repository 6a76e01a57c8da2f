/**
 * CORS for a web build of the fans' app, on /app/v1 only: the origins in APP_ORIGINS may call it
 * from a browser. The admin app is served from the API's own origin and needs none.
 *
 * A small hook rather than @fastify/cors: that plugin cannot be scoped to a prefix here. Registered
 * inside the /app/v1 routes' scope, its hook would run after app-reads' root hook, which sends kept
 * answers before any scoped hook; registered at the root and scoped by a `delegator`, it marks every
 * answer as varying by Origin (admin pages, images) and adds an `OPTIONS *` route for the whole server.
 *
 * Registered before app-reads so kept answers and their 304s carry the headers too. A preflight from
 * an origin not listed (or when none is) is refused with a 403 and no Access-Control-* header.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { APP_TEXTS } from '../../src/domain/app';
import { HttpError } from '../errors';

const APP_PREFIX = '/app/v1/';

const METHODS = 'GET, HEAD, POST, PUT, DELETE';
const ALLOWED_HEADERS = 'authorization, content-type, if-none-match';
/** What a script may read beyond the safelisted headers: revalidation, waiting after a 429, the limits, a 401's reason. */
const EXPOSED_HEADERS = 'ETag, Retry-After, RateLimit, RateLimit-Policy, WWW-Authenticate';
/** Chromium caps a preflight's cache at two hours; a removed origin's calls still fail, their answers carry no Allow-Origin. */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

async function appCors(app: FastifyInstance, opts: { origins: readonly string[] }) {
  const origins = new Set(opts.origins);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(APP_PREFIX)) return;
    const origin = request.headers.origin;
    const allowed = origin !== undefined && origins.has(origin);
    // Every answer differs by Origin once some are allowed: a shared cache must not hand one without
    // Allow-Origin to the web app, nor one with it to another site.
    if (origins.size > 0) reply.header('vary', 'Origin');
    const isPreflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (isPreflight && !allowed) throw new HttpError(403, APP_TEXTS.originNotAllowed, undefined, 'origin.not_allowed');
    if (!allowed) return;
    reply.header('access-control-allow-origin', origin);
    if (!isPreflight) {
      reply.header('access-control-expose-headers', EXPOSED_HEADERS);
      return;
    }
    return reply
      .headers({
        'access-control-allow-methods': METHODS,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
      })
      .code(204)
      .send();
  });
}

export default fp(appCors, { name: 'app-cors' });
