/**
 * Serves the built admin app from dist/: hashed assets cached for good, compressed at build time,
 * and index.html for every other page path so the app's own router takes over. API-like paths keep
 * a JSON 404.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NOT_FOUND } from '../../src/domain/messages';

/**
 * Matched against the URL with its query string, so `/admin?page=2` is an API path too. The fans'
 * app (`/app/`) and the files phones and browsers look for (`/.well-known/`) are never the admin's
 * page: a path there that Crease does not serve is a JSON 404 a client can tell from an answer.
 */
const API_PATHS = /^\/(admin|app|uploads|docs|healthz|\.well-known)([/?#]|$)/;

/**
 * Security headers that only a page (an HTML document) acts on. A list page loads dozens of hashed
 * scripts, and these cost about 700 bytes on each; the page itself still carries them all, and
 * every file keeps nosniff, its resource policy and its referrer policy.
 */
const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Validators a hashed asset never needs: its name changes with its content and it is cached as
 * immutable, so no browser asks again whether it changed (about 100 bytes on each of dozens of files).
 */
const REVALIDATION_HEADERS = ['etag', 'last-modified', 'accept-ranges'];

/** What a hashed asset goes without. */
const NOT_ON_ASSETS = [...PAGE_ONLY_HEADERS, ...REVALIDATION_HEADERS];

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && !API_PATHS.test(request.url);

async function spa(app: FastifyInstance, opts: { distDir: string }) {
  const hasApp = existsSync(join(opts.distDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      // The build writes each text file Brotli-compressed and gzipped beside it (vite.config.ts):
      // sent as they are, with Content-Encoding and Vary: accept-encoding, to browsers that take them.
      preCompressed: true,
      setHeaders: (res, path) => {
        const hashed = path.includes(`${join(opts.distDir, 'assets')}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/assets/')) for (const header of NOT_ON_ASSETS) reply.removeHeader(header);
  });
  app.setNotFoundHandler((request, reply) => {
    if (hasApp && wantsPage(request)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ success: false, code: 'not_found', message: NOT_FOUND.route });
  });
}

export default fp(spa, { name: 'spa' });
