/**
 * Every failure answers `{ success: false, message }` (plus `errors` per field for bad input).
 * Unexpected errors are logged and answered with a generic text, never their internals.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH, GENERIC, UPLOAD } from '../../src/domain/messages';
import { checkField } from '../../src/domain/rules';
import { bearerChallenge } from '../auth/bearer';
import { HttpError } from '../errors';
import { rulesOf } from '../schemas/form';
import { invalidMessageOf } from '../schemas/invalid-message';

type ValidationError = NonNullable<FastifyError['validation']>[number];

function fieldOf(error: ValidationError, context: string | undefined): string {
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  return missing ?? error.instancePath.split('/')[1] ?? context ?? 'request';
}

/**
 * Field messages for a schema failure: the spec's rule message where there is one, else the body's,
 * query's or path's own readable message for the property (e.g. removeImages' names, a list's sort
 * fields), else the validator's.
 */
function validationErrors(error: FastifyError, request: FastifyRequest): Record<string, string> {
  const context = error.validationContext;
  const schema = context === 'body' || context === 'querystring' || context === 'params' ? request.routeOptions.schema?.[context] : undefined;
  const body = context === 'body' ? schema : undefined;
  const rules = rulesOf(body);
  const values = (request.body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  for (const item of error.validation ?? []) {
    const field = fieldOf(item, error.validationContext);
    const rule = rules?.[field];
    errors[field] ??=
      (rule && checkField(rule, values[field])) || invalidMessageOf(schema, field) || item.message || GENERIC.validationFailed;
  }
  return errors;
}

/** The route's own "too large" text (team logos word it differently), else the general one. */
function tooLargeMessage(request: FastifyRequest): string {
  const rules = rulesOf(request.routeOptions.schema?.body) ?? {};
  return Object.values(rules).find((rule) => rule.image)?.image?.tooLarge ?? UPLOAD.tooLarge;
}

async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      // Every 401 says how to authenticate (RFC 9110 11.6.1), and why a token sent was refused.
      if (error.statusCode === 401) reply.header('www-authenticate', bearerChallenge(request, error.message));
      return reply.code(error.statusCode).send({ success: false, message: error.message, errors: error.errors });
    }
    if (error.validation) {
      const fields = validationErrors(error, request);
      return reply.code(400).send({ success: false, message: Object.values(fields)[0], errors: fields });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ success: false, message: tooLargeMessage(request) });
    }
    if (status === 429) return reply.code(429).send({ success: false, message: AUTH.tooManyAttempts });
    // Fastify's own client errors (bad JSON, unsupported media type…) are safe to repeat.
    if (status >= 400 && status < 500) return reply.code(status).send({ success: false, message: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ success: false, message: GENERIC.somethingWentWrong });
  });
}

export default fp(errors, { name: 'errors' });
