/**
 * One log line per request, written when the answer has gone: method, path, status and time.
 * Fastify's own request logging writes two (received, completed) with the headers. The app's
 * scripts and the health probes are left out: opening the app fetches dozens of files, and a
 * supervisor or load balancer polls /healthz and /readyz, none of which an operator reads the log for.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const UNLOGGED = /^\/(assets\/|healthz$|readyz$|favicon)/;
/** The fans' app puts what identifies a phone in its paths (a push token): its lines name the route, not the value. */
const BY_ROUTE = /^\/app\//;

async function requestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const url = request.url.split('?')[0];
    if (UNLOGGED.test(url)) return;
    const path = BY_ROUTE.test(url) ? (request.routeOptions.url ?? '/app/…') : url;
    const ms = Math.round(reply.elapsedTime);
    const line = `${request.method} ${path} ${reply.statusCode} ${ms} ms`;
    const fields = { method: request.method, path, status: reply.statusCode, ms };
    if (reply.statusCode >= 500) request.log.error(fields, line);
    else request.log.info(fields, line);
  });
}

export default fp(requestLog, { name: 'request-log' });
