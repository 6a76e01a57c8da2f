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
import { clean, isContainer, VERBATIM } from '../http/clean-text';

/** Cleans each top-level field of a body or query in place, naming the field in the errors. */
function cleanFields(container: unknown, errors: Record<string, string>): unknown {
  if (!container || typeof container !== 'object' || Array.isArray(container)) return clean(container, 'body', errors);
  const fields = container as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    if (!VERBATIM.test(key)) fields[key] = clean(value, key, errors);
  }
  return fields;
}

/** True when a number in the value is Infinity or NaN: the validator coerces `Infinity` and `1e309` into one and lets it through. A loop, as `clean` is. */
function holdsNonFinite(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'number' && !Number.isFinite(item)) return true;
    if (isContainer(item)) for (const inner of Object.values(item)) pending.push(inner);
  }
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
