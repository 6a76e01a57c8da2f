/**
 * gzip for text answers: the admin app's scripts (about a megabyte) and the API's JSON lists.
 * Brotli is left out: at Node's default quality it costs a second of CPU per large script.
 * Images are skipped by their content type; they are compressed already.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function compression(app: FastifyInstance) {
  await app.register(compress, { encodings: ['gzip'], threshold: 1024 });
}

export default fp(compression, { name: 'compression' });
