/** /readyz for a load balancer: 503 while starting and draining, 200 when ready; never the admin app's page. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let app: App;

beforeAll(async () => {
  server = await createTestServer();
  app = await buildApp({ db: server.db, uploadsDir: server.uploadsDir, jwtSecret: server.jwtSecret, logger: false });
});
afterAll(async () => {
  await app?.close();
  await server?.close();
});

const readyz = () => app.inject({ method: 'GET', url: '/readyz' });

it('answers 503 while starting, 200 once ready, and 503 with Connection: close while draining', async () => {
  const starting = await readyz();
  expect(starting.statusCode).toBe(503);
  expect(starting.headers['content-type']).toMatch(/^application\/json/);
  expect(starting.json()).toEqual({ success: false, data: { status: 'starting', checks: { database: 'ok', storage: 'ok' } }, message: 'Starting' });

  app.lifecycle.markReady();
  const ready = await readyz();
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({ success: true, data: { status: 'ready', checks: { database: 'ok', storage: 'ok' } }, message: 'Ready' });
  expect(ready.headers.connection).not.toBe('close');

  app.lifecycle.drain();
  const draining = await readyz();
  expect(draining.statusCode).toBe(503);
  expect(draining.json().data.status).toBe('draining');
  expect(draining.headers.connection).toBe('close');
  // Calls still arriving are served in full, not refused.
  expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
});
