/**
 * The HTTP stack's limit for `npm run bench:api`: a bare Fastify answering, at each list URL the
 * bench measures, the very bytes Crease answered there, with no auth, database or logging.
 * Started by the bench as a process of its own: BARE_PORT, and BARE_BODIES naming a JSON file of
 * `{ path, body }` pairs (path with its query).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bodies = new Map(
  (JSON.parse(readFileSync(process.env.BARE_BODIES!, 'utf8')) as { path: string; body: string }[]).map((entry) => [entry.path, entry.body]),
);
const app = Fastify({ logger: false });
app.get('/*', (request, reply) => {
  const body = bodies.get(request.url);
  return body === undefined ? reply.code(404).send() : reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
console.log('bare route ready');
