/**
 * Checks every /app/v1 answer against the app's OpenAPI document (plugins/app-document.ts), so the
 * document cannot lie: its status must be listed for its operation, its JSON must match that
 * status's schema (ajv), and each header the document marks required must be sent. An answer that
 * does not is replaced by a 500 naming what differs, which fails whatever test received it. Tests
 * turn it on (buildApp's `checkAnswers`); a running server does not pay for it.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OpenApiDocument } from './app-document';

type Json = Record<string, unknown>;

export interface Answer {
  method: string;
  /** The route's URL as Fastify declares it (`/app/v1/news/:id`). */
  route: string;
  status: number;
  headers: Record<string, unknown>;
  /** The body as sent (empty for none). */
  body: string;
}

/** `/app/v1/news/:id` as the document writes it: `/app/v1/news/{id}`. */
const documentPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** A checker of answers against `document`: each answer's problems, none when it holds to the document. */
export function answerChecker(document: OpenApiDocument): (answer: Answer) => string[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document as unknown as Json, 'app');
  const compiled = new Map<string, ValidateFunction>();

  return ({ method, route, status, headers, body }) => {
    const path = documentPath(route);
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (!operation) return [`${method} ${path} is not in the document`];
    const responses = operation.responses as Record<string, Json>;
    const response = responses[String(status)];
    if (!response) return [`${method} ${path} answered ${status}, which the document does not list (${Object.keys(responses).join(', ')})`];
    const problems: string[] = [];
    for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      if (header.required && headers[name.toLowerCase()] === undefined) problems.push(`${method} ${path} ${status} has no ${name} header`);
    }
    const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
    if (!media) {
      if (body.length > 0) problems.push(`${method} ${path} ${status} has a body, and the document lists none`);
      return problems;
    }
    const key = pointer('#', 'paths', path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema');
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ $ref: `app${key}` });
      compiled.set(key, validate);
    }
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return [...problems, `${method} ${path} ${status} is not JSON`];
    }
    if (!validate(value)) {
      for (const error of validate.errors ?? []) problems.push(`${method} ${path} ${status}: ${error.instancePath || '(body)'} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`);
    }
    return problems;
  };
}

async function answerCheck(app: FastifyInstance) {
  let check: ReturnType<typeof answerChecker> | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/app/v1/') || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    // Only what is already text is checked: files and streams are no /app/v1 answer.
    if (payload !== null && payload !== undefined && typeof payload !== 'string') return payload;
    check ??= answerChecker(app.appDocument());
    const problems = check({ method: request.method, route, status: reply.statusCode, headers: reply.getHeaders(), body: payload ?? '' });
    if (problems.length === 0) return payload;
    const message = `The answer does not match docs/openapi/app-v1.json:\n${problems.join('\n')}`;
    console.error(message);
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify({ success: false, message });
  });
}

export default fp(answerCheck, { name: 'answer-check', dependencies: ['docs'] });
