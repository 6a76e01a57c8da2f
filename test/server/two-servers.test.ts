/**
 * Two server processes as an operator runs them behind a proxy: one PostgreSQL, one S3 bucket
 * (s3rver on loopback), one Redis, separate data folders and no JWT_SECRET. Calls alternate
 * between them: images, sign-in limits (the second step's per admin too) and password resets hold across both; a SIGTERM under
 * steady writes fails no request and loses no acknowledged write; after a kill -9 the other serves on.
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URI, type TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS_PER_ACCOUNT, LOGIN_ATTEMPTS_PER_MINUTE, SECOND_FACTOR_ATTEMPTS_PER_ADMIN } from '../../src/domain/limits';
import { AUTH, TWO_FACTOR_TEXTS } from '../../src/domain/messages';
import { pngFile } from './harness';
import { freePort, migratedPostgres, runAdminCommand, startServer, usesPostgres, type ServerSetup } from './process';
import { startS3, type LoopbackS3 } from './s3';

const ADMIN = { email: 'two@test.local', password: 'two-servers-first-password' };

interface Node {
  name: 'A' | 'B';
  setup: ServerSetup;
  process?: ChildProcess;
  /** Requests this test sent to it. */
  sent: number;
}

let database: { url: string; drop: () => Promise<void> };
let s3: LoopbackS3;
const folders: string[] = [];
const nodes: Node[] = [];
const [A, B] = [() => nodes[0], () => nodes[1]];

async function start(node: Node) {
  node.process = (await startServer(node.setup)).server;
}

function stopped(node: Node): Promise<number> {
  const since = Date.now();
  return new Promise((resolve) => node.process!.once('exit', () => resolve(Date.now() - since)));
}

/** fetch through one server, counted. */
function call(node: Node, path: string, init: RequestInit = {}): Promise<Response> {
  node.sent++;
  return fetch(`http://127.0.0.1:${node.setup.port}${path}`, init);
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(node: Node, password = ADMIN.password, from = '203.0.113.1'): Promise<string> {
  const res = await call(node, '/admin/login', json({ email: ADMIN.email, password }, { 'x-forwarded-for': from }));
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const attempt = (node: Node, email: string, from: string) =>
  call(node, '/admin/login', json({ email, password: 'a-wrong-password' }, { 'x-forwarded-for': from }));

beforeAll(async () => {
  if (!usesPostgres) return;
  database = await migratedPostgres('crease_two');
  s3 = await startS3();
  // Both servers run with the same settings but their own data folder: they share no disk.
  const env = { ...s3.env, REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379', REDIS_PREFIX: `crease-test:${randomBytes(6).toString('hex')}:`, TRUST_PROXY: 'true', JWT_SECRET: '' };
  for (const name of ['A', 'B'] as const) {
    const dataDir = await mkdtemp(join(tmpdir(), `crease-two-${name}-`));
    folders.push(dataDir);
    nodes.push({ name, sent: 0, setup: { dataDir, port: await freePort(), databaseUrl: database.url, admin: ADMIN, env } });
  }
  // One after the other: the first creates the admin and the session secret, the second finds them.
  await start(A());
  await start(B());
}, 120_000);

afterAll(async () => {
  for (const node of nodes) node.process?.kill('SIGKILL');
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  await s3?.stop();
  await database?.drop();
});

describe.skipIf(!usesPostgres)('two servers on one PostgreSQL, one bucket, one Redis (needs TEST_DATABASE_URL)', () => {
  it('accepts a session from either server at the other, with no secret set', async () => {
    const token = await signIn(A());
    expect((await call(B(), '/admin/news', { headers: bearer(token) })).status).toBe(200);
  });

  it('serves an image uploaded through A from B, and deleting it through B removes it for A', async () => {
    const token = await signIn(A());
    const form = new FormData();
    form.append('title', 'Shared picture');
    form.append('small_description', 'Uploaded through server A');
    form.append('description', '<p>Body</p>');
    const png = await pngFile({ color: '#ad1457' });
    form.append('image', new Blob([new Uint8Array(png.content)], { type: 'image/png' }), 'shared.png');
    const created = await call(A(), '/admin/news', { method: 'POST', headers: bearer(token), body: form });
    expect(created.status).toBe(200);
    const { _id, image } = ((await created.json()) as { data: { _id: string; image: string } }).data;

    const viaA = await call(A(), image);
    const viaB = await call(B(), image);
    expect(viaB.status).toBe(200);
    expect(viaB.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await viaB.arrayBuffer())).toEqual(Buffer.from(await viaA.arrayBuffer()));

    expect((await call(B(), `/admin/news/${_id}`, { method: 'DELETE', headers: bearer(token) })).status).toBe(200);
    expect((await call(A(), image)).status).toBe(404);
  });

  it('answers the eleventh sign-in from one address with 429, whichever servers the ten went to', async () => {
    const from = '198.51.100.11';
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) expect((await attempt(i % 3 === 0 ? A() : B(), ADMIN.email, from)).status).toBe(401);
    for (const node of [A(), B()]) {
      const limited = await attempt(node, ADMIN.email, from);
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({ success: false, code: 'rate_limited', message: AUTH.tooManyAttempts });
    }
  });

  it('answers the attempt past the per-account limit with 429, spread over addresses and both servers', async () => {
    const email = 'victim@test.local';
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_ACCOUNT; i++) expect((await attempt(i % 2 ? B() : A(), email, `198.51.101.${i}`)).status).toBe(401);
    for (const node of [A(), B()]) {
      const limited = await attempt(node, email, '198.51.102.1');
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({ success: false, code: 'rate_limited', message: AUTH.tooManyAccountAttempts });
    }
  });

  it("counts the second step's per-admin limit across both servers, whose tickets either takes", async () => {
    const token = await signIn(A(), ADMIN.password, '203.0.113.4');
    const { otpauthUrl } = ((await (await call(A(), '/admin/profile/totp', { method: 'POST', headers: bearer(token) })).json()) as { data: { otpauthUrl: string } }).data;
    const totp = URI.parse(otpauthUrl) as TOTP;
    expect((await call(B(), '/admin/profile/totp/confirm', json({ code: totp.generate() }, bearer(token)))).status).toBe(200);
    const password = await call(A(), '/admin/login', json({ email: ADMIN.email, password: ADMIN.password }, { 'x-forwarded-for': '203.0.113.5' }));
    const { ticket } = ((await password.json()) as { data: { ticket: string } }).data;
    const step = (node: Node, code: string, from: string) => call(node, '/admin/login/totp', json({ ticket, code }, { 'x-forwarded-for': from }));
    for (let i = 0; i < SECOND_FACTOR_ATTEMPTS_PER_ADMIN; i++) expect((await step(i % 2 ? A() : B(), '000000', `198.51.103.${i}`)).status).toBe(401);
    for (const node of [A(), B()]) {
      const limited = await step(node, totp.generate({ timestamp: Date.now() + 30_000 }), '198.51.104.1');
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({ success: false, code: 'rate_limited', message: TWO_FACTOR_TEXTS.tooManyCodes });
    }
    // Off again: the tests after sign in with the password alone.
    expect((await call(B(), '/admin/profile/totp', { ...json({ password: ADMIN.password }, bearer(token)), method: 'DELETE' })).status).toBe(200);
  });

  it('ends the session on B within a second of a password reset made for A', async () => {
    const token = await signIn(B(), ADMIN.password, '203.0.113.2');
    expect((await call(B(), '/admin/news', { headers: bearer(token) })).status).toBe(200);
    // Tokens carry their issue time in whole seconds: the reset must fall in a later second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const newPassword = 'two-servers-second-password';
    const reset = await runAdminCommand(A().setup, ['reset-password', ADMIN.email, '--password', newPassword]);
    expect(reset).toMatchObject({ code: 0, stderr: '' });
    const resetAt = Date.now();
    let status = 200;
    while (status !== 401 && Date.now() - resetAt < 1000) status = (await call(B(), '/admin/news', { headers: bearer(token) })).status;
    expect(status).toBe(401);
    ADMIN.password = newPassword;
  });

  it('loses no acknowledged write and fails no request when A gets SIGTERM under load; after kill -9 B serves on and A restarts', async () => {
    const token = await signIn(B(), ADMIN.password, '203.0.113.3');
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let running = true;
    let aAccepting = true;
    /** One of four clients behind a proxy: round robin, and a server that refuses the connection gets no more. */
    const client = async (n: number) => {
      for (let i = 0; running; i++) {
        const target = aAccepting && i % 2 === 0 ? A() : B();
        const res = await call(target, '/admin/news', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(token) },
          body: JSON.stringify({ title: `Rolling ${n}-${i}`, small_description: 'Written during a restart', description: '<p>Body</p>' }),
        }).catch((error: Error & { cause?: { code?: string } }) => {
          // Refused before anything was sent: the proxy tries the other server, as nginx does.
          if (target === A() && error.cause?.code === 'ECONNREFUSED') aAccepting = false;
          else failures.push(`${target.name}: ${error.cause?.code ?? error.message}`);
          return undefined;
        });
        if (!res) continue;
        if (res.status === 200) acknowledged.push(((await res.json()) as { data: { _id: string } }).data._id);
        else failures.push(`${target.name}: ${res.status} ${await res.text()}`);
      }
    };
    const sentBefore = { A: A().sent, B: B().sent };
    const load = Promise.all([1, 2, 3, 4].map(client));
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const exit = stopped(A());
    A().process!.kill('SIGTERM');
    const drainMs = await exit;
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    await load;
    const duringSigterm = { A: A().sent - sentBefore.A, B: B().sent - sentBefore.B, acknowledged: acknowledged.length, failures: failures.length };
    expect(failures).toEqual([]);
    expect(drainMs).toBeLessThan(10_000);

    // A comes back; under the same load it is killed outright. Requests it held then fail; B serves on.
    await start(A());
    aAccepting = true;
    running = true;
    const killLoad = Promise.all([1, 2, 3, 4].map(client));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const killed = stopped(A());
    A().process!.kill('SIGKILL');
    await killed;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await killLoad;
    const afterKill = failures.length;
    expect(failures.every((failure) => failure.startsWith('A: '))).toBe(true);
    const bStill = await call(B(), '/admin/news?limit=1', { headers: bearer(token) });
    expect(bStill.status).toBe(200);

    await start(A());
    const stored = new Set<string>();
    for (let page: number | null = 1; page; ) {
      const res = await call(page % 2 ? A() : B(), `/admin/news?limit=100&page=${page}`, { headers: bearer(token) });
      const { data } = (await res.json()) as { data: { docs: { _id: string }[]; nextPage: number | null } };
      for (const doc of data.docs) stored.add(doc._id);
      page = data.nextPage;
    }
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // A's session from before its restarts still works: the secret lives in the database.
    expect((await call(A(), '/admin/news?limit=1', { headers: bearer(token) })).status).toBe(200);

    console.log(
      `two servers: during SIGTERM ${duringSigterm.A} requests to A, ${duringSigterm.B} to B, ${duringSigterm.acknowledged} writes acknowledged, ` +
        `${duringSigterm.failures} failed, A drained and exited in ${drainMs} ms; after kill -9 ${afterKill} requests failed (all on A), ` +
        `${acknowledged.length} writes acknowledged in all, every one stored; requests in the whole test: A ${A().sent}, B ${B().sent}`,
    );
  }, 180_000);
});
