/**
 * JSON bodies as Fastify parses them, except that:
 * - an empty one is no body: many HTTP clients send `Content-Type: application/json` on every call,
 *   including the original panel's empty-bodied toggles and deletes, which Fastify's own parser would refuse with a 400;
 * - one nested deeper than MAX_JSON_DEPTH or holding more than MAX_JSON_KEYS keys is a 400 before it is
 *   parsed (http/json-bounds.ts): every later walk over a body (the text clean-up, the validator) then stays shallow and short,
 *   and a hostile body costs a scan that stops where it goes too deep, not a parse of a megabyte.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { jsonBoundsError } from '../http/json-bounds';

async function jsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    const refused = jsonBoundsError(text);
    if (refused) return done(new HttpError(400, refused, undefined, 'body.invalid'), undefined);
    return parseJson(request, text, done);
  });
}

export default fp(jsonBody, { name: 'json-body' });
