/** The OpenAPI document, generated from the route schemas, browsable at /docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SHELL } from '../../src/domain/messages';

/**
 * Form schemas leave files untyped for the validator (the value is the detected image); the
 * document gives them `type: string` so OpenAPI tools show a file picker.
 */
function typeBinaryFields(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.format === 'binary' && schema.type === undefined) schema.type = 'string';
  for (const child of Object.values(schema)) typeBinaryFields(child);
}

async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      typeBinaryFields(document.paths);
      return document;
    },
    openapi: {
      info: { title: `${SHELL.productName} league API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
      tags: [{ name: 'app', description: "The fans' app (/app/v1): public, no admin's token, limited per address" }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}

export default fp(docs, { name: 'docs' });
