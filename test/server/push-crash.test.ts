/**
 * A send survives its server's death: the real server as a child process sends to 20,000 devices
 * through the fake FCM (in this process), is killed with SIGKILL about half way, and started again
 * on the same data folder (or PostgreSQL database). The send finishes by itself; every device gets
 * the message, and the only ones that get it twice are those whose answer the dead server had not
 * yet recorded — a few hundred at most. On PostgreSQL the restart waits for the dead server's
 * leases to run out (JOB_LEASE_SECONDS=2); on PGlite it frees them at once.
 */
import { type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeFcm, type FakeFcm } from '../fcm/fake-fcm';
import { pngFile } from './harness';
import { dataDirWithDatabase, freePort, migratedPostgres, startServer, usesPostgres, type ServerSetup } from './process';
import { RECORD_EVERY } from '../../server/jobs/push-job';
import { adminClient, fcmToken, seedDevices, waitFor } from './push-fixtures';

const ADMIN = { email: 'push-crash@test.local', password: 'push-crash-test-password' };
const DEVICES = 20_000;
const CONCURRENCY = 16;
/**
 * What a kill may leave sent but not recorded: the chunk of answers being written, the one
 * gathering behind it, and the messages in flight (answered or not) — each at most this many.
 */
const RESENT_AT_MOST = 2 * (RECORD_EVERY + CONCURRENCY);

let fake: FakeFcm;
let setup: ServerSetup;
let database: { url: string; drop: () => Promise<void> } | undefined;
let child: ChildProcess | undefined;

beforeAll(async () => {
  fake = await startFakeFcm();
  // A few milliseconds per message: the send takes seconds, long enough to be killed half way.
  fake.latencyMs = 3;
  if (usesPostgres) database = await migratedPostgres('crease_push_crash');
  setup = {
    dataDir: await dataDirWithDatabase('crease-push-crash-'),
    port: await freePort(),
    databaseUrl: database?.url,
    admin: ADMIN,
    env: {
      FCM_CREDENTIALS: fake.credentialsFile,
      FCM_API_URL: fake.url,
      PUBLIC_URL: 'https://league.example',
      FCM_CONCURRENCY: String(CONCURRENCY),
      JOB_LEASE_SECONDS: '2',
    },
  };
  await seedDevices(setup, Array.from({ length: DEVICES }, (_, i) => fcmToken(`crash${i}`)));
}, 120_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await fake?.close();
  if (setup) await rm(setup.dataDir, { recursive: true, force: true });
  await database?.drop();
});

it(`finishes a send to ${DEVICES.toLocaleString('en')} devices after kill -9 half way, re-sending only what was in flight`, async () => {
  child = (await startServer(setup)).server;
  const base = `http://127.0.0.1:${setup.port}`;
  const id = await (await adminClient(base, ADMIN)).notify('Rain delay', 'Play resumes at four, gates stay open.', await pngFile());

  // Half way and then some: not at a page's end (every 2,000), where the sender pauses to read the next.
  await waitFor('half the devices to be reached', () => (fake.accepted.size >= DEVICES / 2 + 777 ? true : undefined), 60_000, 1);
  const dying = child;
  dying.kill('SIGKILL');
  await new Promise((resolve) => dying.once('exit', resolve));
  const atKill = new Map(fake.accepted);
  expect(atKill.size).toBeLessThan(DEVICES);

  const restartedAt = Date.now();
  child = (await startServer(setup)).server;
  const admin = await adminClient(base, ADMIN);
  const done = await waitFor(
    'the send to finish after the restart',
    async () => {
      const { delivery } = await admin.notification(id);
      return delivery.state === 'sending' ? undefined : delivery;
    },
    90_000,
    100,
  );
  const finishedMs = Date.now() - restartedAt;

  expect(done).toEqual({ state: 'sent', sendAt: null, targeted: DEVICES, sent: DEVICES, failed: 0, gone: 0, pending: 0, reasons: {}, message: null });
  expect(fake.accepted.size).toBe(DEVICES);
  const twice = [...fake.accepted].filter(([, times]) => times > 1);
  // A phone that got it twice was one the dead server had sent to: never one sent twice before the kill, never one three times.
  expect(twice.filter(([token, times]) => times !== 2 || atKill.get(token) !== 1)).toEqual([]);
  console.log(
    `push crash (${usesPostgres ? 'PostgreSQL' : 'PGlite'}): killed at ${atKill.size} of ${DEVICES} accepted; ` +
      `after the restart the send finished in ${finishedMs} ms; ${twice.length} devices got it twice (bound ${RESENT_AT_MOST})`,
  );
  expect(twice.length).toBeLessThanOrEqual(RESENT_AT_MOST);

  // The picture went out at PUBLIC_URL, on both sides of the kill.
  const image = (await admin.notification(id)).image!;
  const images = new Set(fake.received.map((received) => received.message.notification?.image ?? received.message.apns?.fcm_options?.image));
  expect(images).toEqual(new Set([`https://league.example${image}`]));
}, 180_000);
