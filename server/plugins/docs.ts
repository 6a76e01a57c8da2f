/** The OpenAPI document, generated from the route schemas, browsable at /docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SHELL } from '../../src/domain/messages';

async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${SHELL.productName} league API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}

export default fp(docs, { name: 'docs' });
