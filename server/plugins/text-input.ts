/**
 * Every text a client sends, in a body (JSON or multipart) or a query string, before any check:
 * a NUL byte is refused at its field (PostgreSQL cannot store one and would answer 500), and
 * other control characters are dropped, so they never reach the app's screens, the CSV export
 * or the mobile app. Newline and tab stay; a carriage return goes, so CRLF reads as LF.
 * Passwords are left as typed: changing them would lock their owner out. Numbers that are not
 * finite are refused too, whatever the route's schema says.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { VALIDATION } from '../../src/domain/messages';
import { badRequest } from '../errors';
import { isUploadedImage } from '../storage/images';

/** Control characters (C0, DEL, C1) other than newline and tab. */
const CONTROL = /[^\P{Cc}\n\t]/gu;
const VERBATIM = /password/i;

/**
 * The cleaned value; a field holding a NUL anywhere inside is added to `errors`. Routes call it for
 * text they decode themselves (a form field holding JSON), which this hook saw only as its escapes.
 */
export function clean(value: unknown, field: string, errors: Record<string, string>): unknown {
  if (typeof value === 'string') {
    if (value.includes('\0')) errors[field] ??= VALIDATION.nulCharacter;
    return value.replace(CONTROL, '');
  }
  if (Array.isArray(value)) return value.map((item) => clean(item, field, errors));
  if (value && typeof value === 'object' && !isUploadedImage(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (!VERBATIM.test(key)) (value as Record<string, unknown>)[key] = clean(item, field, errors);
    }
  }
  return value;
}

/** Cleans each top-level field of a body or query in place, naming the field in the errors. */
function cleanFields(container: unknown, errors: Record<string, string>): unknown {
  if (!container || typeof container !== 'object' || Array.isArray(container)) return clean(container, 'body', errors);
  const fields = container as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    if (!VERBATIM.test(key)) fields[key] = clean(value, key, errors);
  }
  return fields;
}

/** True when a number in the value is Infinity or NaN: the validator coerces `Infinity` and `1e309` into one and lets it through. */
function holdsNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (Array.isArray(value)) return value.some(holdsNonFinite);
  if (value && typeof value === 'object' && !isUploadedImage(value)) return Object.values(value).some(holdsNonFinite);
  return false;
}

function nonFiniteFields(container: unknown, errors: Record<string, string>) {
  if (!container || typeof container !== 'object') return;
  for (const [key, value] of Object.entries(container)) if (holdsNonFinite(value)) errors[key] = VALIDATION.wholeNumber;
}

async function textInput(app: FastifyInstance) {
  // After the multipart parser has turned the parts into fields, before the form rules read them.
  app.addHook('preValidation', async (request) => {
    const errors: Record<string, string> = {};
    request.body = cleanFields(request.body, errors);
    cleanFields(request.query, errors);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  });
  // After validation, which is where such numbers are made.
  app.addHook('preHandler', async (request) => {
    const errors: Record<string, string> = {};
    nonFiniteFields(request.query, errors);
    nonFiniteFields(request.body, errors);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  });
}

export default fp(textInput, { name: 'text-input', dependencies: ['uploads'] });
