/**
 * gzip for text answers made per request: the API's JSON lists, the API docs. The admin app's files
 * come compressed from the build (Brotli and gzip, see spa.ts) and pass through untouched.
 * Brotli is left out here: at Node's default quality it costs far more CPU per answer than gzip.
 * Images are skipped by their content type; they are compressed already.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function compression(app: FastifyInstance) {
  await app.register(compress, { encodings: ['gzip'], threshold: 1024 });
}

export default fp(compression, { name: 'compression' });
