/**
 * Every failure answers `{ success: false, code, message }` (plus `errors` per field for bad input):
 * `code` is one of src/domain/error-codes.ts, the thrower's own (HttpError) or its status's usual one.
 * Unexpected errors are logged and answered with a generic text, never their internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { codeOfStatus, type ErrorCode } from '../../src/domain/error-codes';
import { AUTH, GENERIC } from '../../src/domain/messages';
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
 * Field messages for a schema failure: the form rule's message where there is one, else the body's,
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

/** Fastify's own refusals of a body it could not read (bad JSON, a wrong Content-Length…). */
const UNREADABLE_BODY = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_CTP_INVALID_CONTENT_LENGTH']);

/** The code of a client error Fastify or a plugin raised (not an HttpError). */
function codeOfClientError(error: FastifyError, status: number): ErrorCode {
  if (UNREADABLE_BODY.has(error.code) || error instanceof SyntaxError) return 'body.invalid';
  return status === 400 ? 'bad_request' : codeOfStatus(status);
}

/**
 * Fastify's refusals before routing (a path that is no valid URL, FST_ERR_BAD_URL) skip the error
 * handler: answered here in the same envelope, with Fastify's own message as before.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  const answer = status >= 500 ? { code: 'internal', message: GENERIC.somethingWentWrong } : { code: 'bad_request', message: error.message };
  void reply.code(status).send({ success: false, ...answer });
}

async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = (status: number, code: ErrorCode, message: string, fields?: Record<string, string>) =>
      reply.code(status).send({ success: false, code, message, errors: fields });
    if (error instanceof HttpError) {
      // Every 401 says how to authenticate (RFC 9110 11.6.1), and why a token sent was refused.
      if (error.statusCode === 401) reply.header('www-authenticate', bearerChallenge(request, error.message));
      return answer(error.statusCode, error.code, error.message, error.errors);
    }
    if (error.validation) {
      const fields = validationErrors(error, request);
      return answer(400, 'validation.failed', Object.values(fields)[0], fields);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return answer(429, 'rate_limited', AUTH.tooManyAttempts);
    // Fastify's own client errors (bad JSON, unsupported media type…) are safe to repeat.
    if (status >= 400 && status < 500) return answer(status, codeOfClientError(error, status), error.message);
    request.log.error({ err: error }, 'unhandled error');
    return answer(500, 'internal', GENERIC.somethingWentWrong);
  });
}

export default fp(errors, { name: 'errors' });
