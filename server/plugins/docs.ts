/**
 * The OpenAPI document, generated from the route schemas, browsable at /docs; and the fans' app's
 * own document (the /app/v1 operations and the named schemas they point at, plugins/app-document.ts)
 * at /docs/app-v1.json, which `npm run openapi:write` keeps in docs/openapi/app-v1.json.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ENTITIES } from '../../src/domain/declared';
import { SHELL } from '../../src/domain/messages';
import { APP_SCHEMAS, appEntitySchemas, withDocumentedNames } from '../schemas/app';
import { appDocument, type OpenApiDocument } from './app-document';

declare module 'fastify' {
  interface FastifyInstance {
    /** The fans' app's OpenAPI document (/app/v1), as /docs/app-v1.json serves it. */
    appDocument(): OpenApiDocument;
  }
}

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

async function docs(app: FastifyInstance, { publicUrl }: { publicUrl?: string }) {
  // Every named schema of the app's contract, under its own name (not `def-N`) in components.schemas.
  appEntitySchemas(ENTITIES);
  for (const schema of APP_SCHEMAS.values()) app.addSchema(schema);
  await app.register(swagger, {
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => (typeof json.$id === 'string' ? json.$id : `def-${index}`) },
    // The app's routes point at the names their bodies and answers go by (schemas/app.ts documentAs).
    transform: ({ schema, url }) => ({ schema: url.startsWith('/app/v1/') ? (withDocumentedNames(schema) as typeof schema) : schema, url }),
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      typeBinaryFields(document.paths);
      if ('components' in document) typeBinaryFields(document.components);
      return document;
    },
    openapi: {
      openapi: '3.1.0',
      info: { title: `${SHELL.productName} league API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
      tags: [{ name: 'app', description: "The fans' app (/app/v1): public, no admin's token, limited per address" }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  let kept: OpenApiDocument | undefined;
  app.decorate('appDocument', () => (kept ??= appDocument(app.swagger() as unknown as OpenApiDocument, { publicUrl })));
  app.get('/docs/app-v1.json', { schema: { hide: true } }, async () => app.appDocument());
}

export default fp(docs, { name: 'docs' });
