/**
 * Two server processes on one PostgreSQL share a send: the notification is created on A, and
 * whichever server holds the job sends it — never both the same message. FCM is slow here (a batch
 * takes longer than the 2-second lease), so a server that stopped holding its batch would see the
 * other take it over and send it again. When A is killed mid-send, B finishes it once A's leases run out.
 */
import { type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFcm, type FakeFcm } from '../fcm/fake-fcm';
import { freePort, migratedPostgres, startServer, usesPostgres, type ServerSetup } from './process';
import { RECORD_EVERY } from '../../server/jobs/push-job';
import { adminClient, fcmToken, seedDevices, waitFor } from './push-fixtures';

const ADMIN = { email: 'push-two@test.local', password: 'push-two-servers-password' };
const DEVICES = 5_000;
const CONCURRENCY = 16;
/** What a kill may leave sent but not recorded (see push-crash.test.ts). */
const RESENT_AT_MOST = 2 * (RECORD_EVERY + CONCURRENCY);

let fake: FakeFcm;
let database: { url: string; drop: () => Promise<void> };
const folders: string[] = [];
const setups: ServerSetup[] = [];
const processes: (ChildProcess | undefined)[] = [];

beforeAll(async () => {
  if (!usesPostgres) return;
  fake = await startFakeFcm();
  database = await migratedPostgres('crease_push_two');
  const env = { FCM_CREDENTIALS: fake.credentialsFile, FCM_API_URL: fake.url, PUBLIC_URL: 'https://league.example', FCM_CONCURRENCY: String(CONCURRENCY), JOB_LEASE_SECONDS: '2' };
  for (const name of ['a', 'b']) {
    const dataDir = await mkdtemp(join(tmpdir(), `crease-push-two-${name}-`));
    folders.push(dataDir);
    setups.push({ dataDir, port: await freePort(), databaseUrl: database.url, admin: ADMIN, env });
  }
  await seedDevices(setups[0], Array.from({ length: DEVICES }, (_, i) => fcmToken(`two${i}`)));
  // One after the other: the first creates the admin and the session secret, the second finds them.
  for (const setup of setups) processes.push((await startServer(setup)).server);
}, 120_000);

afterAll(async () => {
  for (const child of processes) child?.kill('SIGKILL');
  await fake?.close();
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  await database?.drop();
});

const base = (i: number) => `http://127.0.0.1:${setups[i].port}`;

/** Polls the notification through `via` until its send is no longer under way. */
async function finished(via: Awaited<ReturnType<typeof adminClient>>, id: string) {
  return waitFor(
    'the send to finish',
    async () => {
      const { delivery } = await via.notification(id);
      return delivery.state === 'sending' ? undefined : delivery;
    },
    90_000,
    100,
  );
}

describe.skipIf(!usesPostgres)('two servers on one PostgreSQL share one send (needs TEST_DATABASE_URL)', () => {
  it(`sends to ${DEVICES.toLocaleString('en')} devices exactly once each, though each batch outlasts the lease`, async () => {
    // 2,000 deliveries a batch, 16 at a time, 20 ms each: about 2.5 s a batch against a 2 s lease.
    fake.latencyMs = 20;
    const [a, b] = [await adminClient(base(0), ADMIN), await adminClient(base(1), ADMIN)];
    const started = Date.now();
    const id = await a.notify('Semi-final', 'The semi-final starts at six tonight.');
    const done = await finished(b, id);

    expect(done).toEqual({ state: 'sent', sendAt: null, targeted: DEVICES, sent: DEVICES, failed: 0, gone: 0, pending: 0, reasons: {}, message: null });
    expect(fake.accepted.size).toBe(DEVICES);
    const twice = [...fake.accepted].filter(([, times]) => times > 1).length;
    console.log(`push two servers: ${DEVICES} devices in ${Date.now() - started} ms, ${fake.received.length} messages, ${twice} devices got it twice`);
    expect(twice).toBe(0);
    expect(fake.received).toHaveLength(DEVICES);
  });

  it('finishes on B the send A was making when A is killed', async () => {
    fake.reset();
    fake.latencyMs = 3;
    const [a, b] = [await adminClient(base(0), ADMIN), await adminClient(base(1), ADMIN)];
    const id = await a.notify('Final', 'The final starts at three, gates open at one.');
    // A takes the job at once (its creation wakes it; B only polls every second).
    await waitFor('a third of the devices to be reached', () => (fake.accepted.size >= DEVICES / 3 ? true : undefined), 60_000, 2);
    const killed = processes[0]!;
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.once('exit', resolve));
    processes[0] = undefined;
    const atKill = new Map(fake.accepted);

    const done = await finished(b, id);
    expect(done).toEqual({ state: 'sent', sendAt: null, targeted: DEVICES, sent: DEVICES, failed: 0, gone: 0, pending: 0, reasons: {}, message: null });
    expect(fake.accepted.size).toBe(DEVICES);
    const twice = [...fake.accepted].filter(([, times]) => times > 1);
    expect(twice.filter(([token, times]) => times !== 2 || atKill.get(token) !== 1)).toEqual([]);
    console.log(`push two servers: A killed at ${atKill.size} of ${DEVICES} accepted, B finished; ${twice.length} devices got it twice`);
    expect(twice.length).toBeLessThanOrEqual(RESENT_AT_MOST);
  });
});
