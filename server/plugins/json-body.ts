/**
 * JSON bodies as Fastify parses them, except that:
 * - an empty one is no body: many HTTP clients send `Content-Type: application/json` on every call,
 *   including the original panel's empty-bodied toggles and deletes, which Fastify's own parser would refuse with a 400;
 * - one nested deeper than MAX_JSON_DEPTH or holding more than MAX_JSON_KEYS keys is a 400 before it is
 *   parsed: every later walk over a body (the text clean-up, the validator) then stays shallow and short,
 *   and a hostile body costs a scan that stops where it goes too deep, not a parse of a megabyte.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_JSON_DEPTH, MAX_JSON_KEYS } from '../../src/domain/limits';
import { JSON_BOUNDS } from '../../src/domain/messages';
import { HttpError } from '../errors';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/** Where the string opened at `start` ends (its closing quote), or the text's end when it is never closed. */
function stringEnd(text: string, start: number): number {
  let end = start;
  for (;;) {
    end = text.indexOf('"', end + 1);
    if (end < 0) return text.length;
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return end;
  }
}

/**
 * Why JSON text is refused unread: nested deeper than MAX_JSON_DEPTH, or more than MAX_JSON_KEYS keys
 * in all (each `:` outside a string is one key). Undefined when within both; text that is no JSON is
 * left for the parser to refuse. A loop, not a recursion: it must hold on the input it guards against.
 */
export function jsonBoundsError(text: string): string | undefined {
  let depth = 0;
  let keys = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === QUOTE) i = stringEnd(text, i);
    else if (OPENERS.has(char)) {
      if (++depth > MAX_JSON_DEPTH) return JSON_BOUNDS.tooDeep;
    } else if (CLOSERS.has(char)) depth--;
    else if (char === COLON && ++keys > MAX_JSON_KEYS) return JSON_BOUNDS.tooManyKeys;
  }
  return undefined;
}

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
