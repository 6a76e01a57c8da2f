/**
 * JSON bodies as Fastify parses them, except that an empty one is no body: many HTTP clients send
 * `Content-Type: application/json` on every call, including the spec's empty-bodied toggles and
 * deletes, which Fastify's own parser would refuse with a 400.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function jsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}

export default fp(jsonBody, { name: 'json-body' });
