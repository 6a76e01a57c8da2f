/** The server's log as an operator reads it: one line per request, nothing for the app's files or the health probe. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createTestServer, TEST_ADMIN, type TestServer } from './harness';

let server: TestServer;
let app: Awaited<ReturnType<typeof buildApp>>;
let lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = await createTestServer();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean).map((line) => JSON.parse(line)));
      done();
    },
  });
  app = await buildApp({ db: server.db, uploadsDir: server.uploadsDir, jwtSecret: server.jwtSecret, logger: { level: 'info', stream } });
});

afterAll(async () => {
  await app.close();
  await server.close();
});

it('writes one line per request: method, path without its query, status and time', async () => {
  lines = [];
  await app.inject({ method: 'POST', url: '/admin/login', payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } });
  await app.inject({ method: 'GET', url: '/admin/videos?search=secret&page=2' });
  await app.inject({ method: 'GET', url: '/admin/no-such-call' });
  expect(lines.map((line) => line.msg)).toEqual([
    expect.stringMatching(/^POST \/admin\/login 200 \d+ ms$/),
    expect.stringMatching(/^GET \/admin\/videos 401 \d+ ms$/),
    expect.stringMatching(/^GET \/admin\/no-such-call 404 \d+ ms$/),
  ]);
  expect(lines[1]).toMatchObject({ method: 'GET', path: '/admin/videos', status: 401 });
  expect(JSON.stringify(lines)).not.toContain('secret');
});

it("writes nothing for the app's scripts and the health probes", async () => {
  lines = [];
  await app.inject({ method: 'GET', url: '/healthz' });
  await app.inject({ method: 'GET', url: '/readyz' });
  await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
  expect(lines).toEqual([]);
});

it("names the fans' app's route, never a phone's push token, and logs no body", async () => {
  lines = [];
  const token = `${'a'.repeat(22)}:APA91b${'b'.repeat(134)}`;
  await app.inject({ method: 'POST', url: '/app/v1/devices', payload: { token, platform: 'android' } });
  await app.inject({ method: 'DELETE', url: `/app/v1/devices/${token}` });
  expect(lines.map((line) => line.msg)).toEqual([
    expect.stringMatching(/^POST \/app\/v1\/devices 200 \d+ ms$/),
    expect.stringMatching(/^DELETE \/app\/v1\/devices\/:token 200 \d+ ms$/),
  ]);
  expect(JSON.stringify(lines)).not.toContain(token.slice(0, 30));
});
