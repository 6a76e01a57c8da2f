/**
 * `npm run bench:push`: one notification to 100,000 registered devices through a fake FCM, on this
 * machine, beside a bare sender, and what an admin waits for the notifications list meanwhile.
 *
 * Separate processes, as in production: the fake FCM (fake-fcm-process.ts), and Crease started as
 * `npm start` starts it (tsx server/main.ts, request log on, piped to a file) over PGlite or, with
 * BENCH_DATABASES=postgres, a throw-away PostgreSQL database.
 * - The devices are written straight into the database before the server starts (the app's
 *   registration route is limited per address, and registering is not what is measured).
 * - The bare sender makes the same HTTP calls (Crease's own FCM client, in a worker thread as Crease
 *   runs it) to the same fake at the same concurrency, with no database: the sending limit here.
 * - Crease sends twice: alone, for its rate beside the bare sender's; then while autocannon loads
 *   page 1 of the admin notifications list with 2 connections, for the list's p99 during a send.
 *
 * Not a test: figures depend on the machine. BENCH_DEVICES shrinks a trial run.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/connection';
import { readServiceAccount } from '../../server/push/fcm';
import { ThreadedSender } from '../../server/push/threaded-sender';
import { throwAwayPostgres } from '../server/process';
import { BIN, signIn, startInGroup, startServer, stopGroup } from './processes';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const CONCURRENCY = Number(process.env.FCM_CONCURRENCY ?? 64);
const SERVER_PORT = Number(process.env.BENCH_PORT ?? 8141);
const FCM_PORT = SERVER_PORT + 1;
const STATS_PORT = SERVER_PORT + 2;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite').split(',');
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'bench@crease.local', password: 'crease-bench-password' };
const GOALS = { share: 0.6, seconds: 60, p99: 50 };
/** A few admins at work: connections that each ask for the list again as soon as it answers. */
const ADMINS = 2;

/** A token shaped as FCM's: 22 characters, ':APA91b', then 134 more, distinct per device. */
const tokenOf = (i: number) => `${String(i).padStart(22, '0')}:APA91b${'x'.repeat(126)}${String(i).padStart(8, '0')}`;

interface Stats {
  tokens: number;
  accepted: number;
  twice: number;
}
const stats = async (reset = false): Promise<Stats> => (await fetch(`http://127.0.0.1:${STATS_PORT}`, { method: reset ? 'POST' : 'GET' })).json() as Promise<Stats>;

async function bareSender(info: { url: string; credentialsFile: string }): Promise<number> {
  // The same client as Crease's, in a worker thread as Crease runs it, with no database and nothing else.
  const client = new ThreadedSender({ account: readServiceAccount(info.credentialsFile), apiUrl: info.url, concurrency: CONCURRENCY });
  const message = { title: 'Bench', body: 'One message to every device, as fast as they go.' };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < DEVICES) {
        const i = next++;
        const outcome = await client.send(tokenOf(i), i % 2 ? 'ios' : 'android', message);
        if (outcome.kind !== 'sent') throw new Error(`the bare sender's message was not accepted: ${JSON.stringify(outcome)}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  client.close();
  return seconds;
}

/** Writes the devices before the server starts (on PGlite the server then holds the folder). */
async function registerDevices(options: { url: string } | { dataDir: string }) {
  const { db, close } = await openDatabase(options);
  await sql`
    insert into devices (token, platform)
    select lpad(i::text, 22, '0') || ':APA91b' || repeat('x', 126) || lpad(i::text, 8, '0'), case when i % 2 = 1 then 'ios' else 'android' end
    from generate_series(0, ${DEVICES - 1}) as i
  `.execute(db);
  await close();
}

interface SendRun {
  seconds: number;
  delivery: { state: string; targeted: number; sent: number; failed: number; gone: number };
  fcm: Stats;
}

/** Creates a notification through the admin API and waits (polling its page, as the screen does) until its send ends. */
async function sendOne(base: string, headers: Record<string, string>): Promise<SendRun> {
  await stats(true);
  const started = performance.now();
  const created = await fetch(`${base}/admin/notifications`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Bench', body: 'One message to every device, as fast as they go.' }),
  });
  if (!created.ok) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const id = ((await created.json()) as { data: { _id: string } }).data._id;
  let delivery: SendRun['delivery'] | undefined;
  while (!delivery || delivery.state === 'sending') {
    await sleep(100);
    const res = await fetch(`${base}/admin/notifications/${id}`, { headers });
    delivery = ((await res.json()) as { data: { delivery: SendRun['delivery'] } }).data.delivery;
  }
  return { seconds: (performance.now() - started) / 1000, delivery, fcm: await stats() };
}

/**
 * Two sends on one server: alone, for its rate beside the bare sender's (the same machine doing
 * the same HTTP calls), then while admins load the notifications list, for what they wait.
 */
async function crease(kind: string, info: { url: string; credentialsFile: string }) {
  const dataDir = await mkdtemp(join(tmpdir(), 'crease-bench-push-'));
  const postgres = kind === 'postgres' ? await throwAwayPostgres('crease_bench_push', POSTGRES_URL) : undefined;
  await registerDevices(postgres ? { url: postgres.url } : { dataDir: join(dataDir, 'db') });
  const base = `http://127.0.0.1:${SERVER_PORT}`;
  const server = await startServer(
    SERVER_PORT,
    {
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
      SEED: 'demo',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      FCM_CREDENTIALS: info.credentialsFile,
      FCM_API_URL: info.url,
      PUBLIC_URL: base,
      FCM_CONCURRENCY: String(CONCURRENCY),
    },
    { file: join(dataDir, 'server.log') },
  );
  try {
    const { token } = await signIn(base, ADMIN);
    const headers = { authorization: `Bearer ${token}` };
    const alone = await sendOne(base, headers);
    // Warm the list route before measuring it, as an admin's open tab would have.
    await autocannon({ url: `${base}/admin/notifications`, connections: ADMINS, duration: 2, headers });
    const load = autocannon({ url: `${base}/admin/notifications`, connections: ADMINS, duration: 600, headers });
    const loaded = await sendOne(base, headers);
    (load as unknown as { stop(): void }).stop();
    const result = await load;
    return { alone, loaded, p99: result.latency.p99, requests: result.requests.total, errors: result.errors + result.non2xx };
  } finally {
    await stopGroup(server);
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const infoFile = join(await mkdtemp(join(tmpdir(), 'crease-bench-fcm-')), 'fcm.json');
const fake = await startInGroup(join(BIN, 'tsx'), ['test/bench/fake-fcm-process.ts'], {
  env: { PORT: String(FCM_PORT), STATS_PORT: String(STATS_PORT), BENCH_FCM_INFO: infoFile },
  ready: async () => (await fetch(`http://127.0.0.1:${STATS_PORT}`)).ok,
});
try {
  const info = JSON.parse(await readFile(infoFile, 'utf8')) as { url: string; credentialsFile: string };
  console.log(`bench:push — ${DEVICES.toLocaleString('en')} devices, ${CONCURRENCY} messages in flight, fake FCM in its own process\n`);

  await bareSender({ ...info }); // warm-up: connections, JIT
  await stats(true);
  const bare = await bareSender(info);
  const bareRate = DEVICES / bare;
  console.log(`bare sender      ${bare.toFixed(1).padStart(6)} s  ${Math.round(bareRate).toLocaleString('en').padStart(7)} msg/s`);
  await stats(true);

  for (const kind of DATABASES) {
    const { alone, loaded, p99, requests, errors } = await crease(kind, info);
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const line = (run: SendRun) =>
      `${run.seconds.toFixed(1).padStart(6)} s  ${Math.round(run.delivery.sent / run.seconds).toLocaleString('en').padStart(7)} msg/s  ` +
      `(${run.delivery.state}: ${run.delivery.sent} sent, ${run.delivery.failed} failed, ${run.delivery.gone} gone; FCM took ${run.fcm.accepted} for ${run.fcm.tokens} tokens, ${run.fcm.twice} twice)`;
    const share = alone.delivery.sent / alone.seconds / bareRate;
    console.log(`Crease, ${kind}`);
    console.log(`  send alone     ${line(alone)}`);
    console.log(`                 ${(share * 100).toFixed(0)}% of the bare sender (goal ≥ ${GOALS.share * 100}%: ${met(share >= GOALS.share)}), ≤ ${GOALS.seconds} s: ${met(alone.seconds <= GOALS.seconds)}`);
    console.log(`  send + admins  ${line(loaded)}`);
    console.log(`                 admin list page 1 at ${ADMINS} connections during it: p99 ${p99} ms over ${requests} requests, ${errors} errors (goal ≤ ${GOALS.p99} ms: ${met(p99 <= GOALS.p99)})`);
  }
} finally {
  await stopGroup(fake);
}
