import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { GENERIC, NOT_FOUND } from '../../src/domain/messages';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('service routes', () => {
  it('answers /healthz without a token', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok' }, message: 'OK' });
  });

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/admin/login', '/admin/videos', '/admin/videos/{id}']));
    const form = doc.paths['/admin/videos'].post.requestBody.content['multipart/form-data'].schema;
    expect(form.required).toEqual(['title', 'category', 'videoUrl', 'image']);
    expect(form.properties.image).toMatchObject({ type: 'string', format: 'binary' });
    expect((await server.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.request({ method: 'GET', url: '/admin/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'not_found', message: NOT_FOUND.route });
  });

  it('sends security headers that still allow the app, YouTube embeds and https images', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-src https://www.youtube.com https://www.youtube-nocookie.com");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unexpected failure with a generic message and no internals', async () => {
    const broken = await createTestServer();
    try {
      await sql`drop table videos cascade`.execute(broken.db);
      const res = await broken.request({ method: 'GET', url: '/admin/videos' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, code: 'internal', message: GENERIC.somethingWentWrong });
    } finally {
      await broken.close();
    }
  });
});

describe('the admin app', () => {
  let distDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'crease-dist-'));
    await mkdir(join(distDir, 'assets'));
    await writeFile(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(distDir, 'assets', 'vendor-def456.js'), `export const big = ${JSON.stringify('x'.repeat(20_000))};`);
    // As the build writes them: Brotli and gzip copies beside a script.
    const appScript = `export const app = ${JSON.stringify('y'.repeat(20_000))};`;
    await writeFile(join(distDir, 'assets', 'app-0a1b2c.js'), appScript);
    await writeFile(join(distDir, 'assets', 'app-0a1b2c.js.br'), brotliCompressSync(appScript));
    await writeFile(join(distDir, 'assets', 'app-0a1b2c.js.gz'), gzipSync(appScript));
    app = await buildApp({ db: server.db, uploadsDir: server.uploadsDir, jwtSecret: server.jwtSecret, logger: false, distDir });
  });
  afterAll(async () => {
    await app.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('serves index.html for every page path', async () => {
    for (const url of ['/', '/videos', '/videos/123/edit', '/create/player', '/videos?page=2', '/administration']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets cached for good, without the validators only a page revalidates with', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('immutable');
    for (const header of ['etag', 'last-modified', 'accept-ranges']) expect(res.headers[header], header).toBeUndefined();

    const page = await app.inject({ method: 'GET', url: '/videos' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toBeTruthy();
  });

  it('sends scripts and JSON gzipped to a browser that accepts it', async () => {
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const script = await app.inject({ method: 'GET', url: '/assets/vendor-def456.js', headers });
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(script.rawPayload).toString()).toContain('x'.repeat(20_000));
    expect(script.rawPayload.length).toBeLessThan(2_000);

    const json = await app.inject({ method: 'GET', url: '/docs/json', headers });
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(json.rawPayload).toString()).paths).toHaveProperty('/admin/videos');

    const plain = await app.inject({ method: 'GET', url: '/assets/vendor-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('x'.repeat(20_000));
  });

  it('sends the files compressed at build time as they are, Brotli first, with Vary', async () => {
    const brotli = await app.inject({ method: 'GET', url: '/assets/app-0a1b2c.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('y'.repeat(20_000));

    const gzip = await app.inject({ method: 'GET', url: '/assets/app-0a1b2c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('y'.repeat(20_000));

    const plain = await app.inject({ method: 'GET', url: '/assets/app-0a1b2c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('y'.repeat(20_000));
  });

  it('keeps the page-only security headers on pages, and nosniff on every file', async () => {
    const page = await app.inject({ method: 'GET', url: '/videos' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const script = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('keeps API and upload paths out of the fallback', async () => {
    for (const url of ['/admin/unknown', '/uploads/missing.png', '/admin', '/admin?page=2', '/healthz/x?y=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });
});
