/**
 * `npm run bench:uploads`: what uploads sent as an attacker sends them cost the server (issue 42,
 * "Uploads, parsed where they belong"). The server runs as `npm start` starts it (PGlite, its own
 * process, APP_CACHE=off so every read queries the database), loaded over HTTP from this process:
 * - five 7000 × 7000 JPEGs (49 megapixels each, a few hundred KB as files) sent as photo parts to
 *   `POST /app/v1/logout` without a token and to an unknown path (routes that take no files: goal
 *   under 0.5 s), and to `POST /app/v1/registrations` signed in as a fan (goal under 2 s);
 * - a public read (`GET /app/v1/news?limit=10`, one call after another) quiet, then while three fans
 *   each send a registration with five photos just under the 25-megapixel bound, every one decoded,
 *   cleaned and copied in sizes through the decode queue (goal: p99 under 100 ms).
 *
 * Not a test: figures depend on the machine. BENCH_PORT moves the port.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ensureAdmin } from '../../server/auth/accounts';
import { openDatabase } from '../../server/db/connection';
import { seedBulk } from '../../server/seed';
import { MAX_IMAGE_PIXELS } from '../../src/domain/limits';
import { startServer, stopGroup } from './processes';

const PORT = Number(process.env.BENCH_PORT ?? 8151);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'bench@crease.local', password: 'crease-bench-password' };
const NEWS = 1_000;
const TIMED_REFUSALS = 5;
/** The registration route takes 10 sends a minute from one address: a warm-up, the timed refusals and the three sends fit. */
const TIMED_REGISTRATION_REFUSALS = 4;
const QUIET_READS = 200;
const PHOTOS = 5;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)];
const ms = (value: number) => `${value.toFixed(1)} ms`;

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2e7d32' } })
    .jpeg()
    .toBuffer();

/** A multipart form of text fields and photo parts `players.<n>.photo`. */
function form(fields: Record<string, string>, photo: Buffer): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (let n = 0; n < PHOTOS; n++) body.append(`players.${n}.photo`, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${n}.jpg`);
  return body;
}

/** Sends and answers the status and the seconds until the whole answer was read. */
async function timed(url: string, body: () => FormData, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(`${BASE}${url}`, { method: 'POST', body: body(), headers });
  const text = await res.text();
  return { status: res.status, text, seconds: (performance.now() - started) / 1000 };
}

/** Reads news one call after another, `count` times or until `until()`; answers the sorted latencies in ms. */
async function reads(count: number, until: () => boolean = () => false): Promise<number[]> {
  const times: number[] = [];
  while (times.length < count && !until()) {
    const started = performance.now();
    const res = await fetch(`${BASE}/app/v1/news?limit=10`);
    if (!res.ok) throw new Error(`read: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function signUpFan(n: number): Promise<string> {
  const res = await fetch(`${BASE}/app/v1/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Bench Fan ${n}`, email: `bench.fan${n}@example.com`, age: 35, password: `bench-fan-password-${n}` }),
  });
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function main() {
  const workDir = await mkdtemp(join(tmpdir(), 'crease-bench-uploads-'));
  const dataDir = join(workDir, 'data');
  try {
    const { db, close } = await openDatabase({ dataDir: join(dataDir, 'db') });
    const { admin } = await ensureAdmin(db, ADMIN);
    await seedBulk(db, { videos: 0, news: NEWS, adminId: admin.id });
    const state = await db.insertInto('states').values({ name: 'Maharashtra' }).returning('id').executeTakeFirstOrThrow();
    const district = await db.insertInto('districts').values({ name: 'Pune', state_id: state.id }).returning('id').executeTakeFirstOrThrow();
    const city = await db.insertInto('cities').values({ name: 'Hinjewadi', district_id: district.id }).returning('id').executeTakeFirstOrThrow();
    await close();

    const huge = await jpeg(7000, 7000);
    // A photo just under the bound (4,900 × 5,102): every one is decoded.
    const side = Math.floor(Math.sqrt(MAX_IMAGE_PIXELS));
    const allowed = await jpeg(side - 100, Math.floor(MAX_IMAGE_PIXELS / (side - 100)));

    const server = await startServer(PORT, { DATA_DIR: dataDir, DATABASE_URL: '', SEED: 'none', APP_CACHE: 'off', APP_READS_PER_MINUTE: '100000000' }, { file: join(workDir, 'server.log') });
    try {
      const fans = await Promise.all([1, 2, 3, 4].map(signUpFan));
      const [refusedFan, ...senders] = fans;
      const hugeForm = () => form({}, huge);
      const registration = (photo: Buffer) => () =>
        form(
          {
            firstName: 'Asha',
            lastName: 'Patil',
            email: 'asha@example.in',
            phone: '9876543210',
            DOB: '1990-05-17',
            GovernmentIdType: 'Aadhaar Card',
            GovernmentIdNumber: '2345 6789 9012',
            state: state.id,
            district: district.id,
            city: city.id,
            area: 'Phase 1',
            pinCode: '411057',
            address: '12, Lane 3, Phase 1',
            playingRole: 'All-rounder',
            battingStyle: 'Right-handed',
            players: JSON.stringify(Array.from({ length: PHOTOS }, (_, n) => ({ firstName: `Player ${n + 1}`, dob: '2008-04-12' }))),
          },
          photo,
        );
      const asFan = (token: string) => ({ authorization: `Bearer ${token}` });

      // Warm-up: each route once, and some reads.
      await timed('/app/v1/logout', hugeForm);
      await timed('/no-such-path', hugeForm);
      await timed('/app/v1/registrations', registration(huge), asFan(refusedFan));
      await reads(50);

      const refusals = async (name: string, goal: number, count: number, send: () => ReturnType<typeof timed>) => {
        const runs = [];
        for (let n = 0; n < count; n++) runs.push(await send());
        const seconds = runs.map((run) => run.seconds).sort((a, b) => a - b);
        const statuses = [...new Set(runs.map((run) => run.status))].join(', ');
        const worst = seconds.at(-1)!;
        return `| ${name.padEnd(44)} | ${statuses.padEnd(6)} | ${(seconds[Math.floor(seconds.length / 2)] * 1000).toFixed(0).padStart(7)} | ${(worst * 1000).toFixed(0).padStart(7)} | ${`< ${goal * 1000} ms`.padEnd(10)} | ${worst < goal ? 'met' : 'MISSED'} |`;
      };
      console.log(`\nFive 7000 × 7000 JPEGs (${(huge.length / 1024).toFixed(0)} KB each) in one request, refused (ms, each timed until the whole answer was read):`);
      console.log('| request                                      | status | p50 ms  | max ms  | goal       |        |');
      console.log('|:---------------------------------------------|:-------|--------:|--------:|:-----------|:-------|');
      console.log(await refusals('POST /app/v1/logout, no token', 0.5, TIMED_REFUSALS, () => timed('/app/v1/logout', hugeForm)));
      console.log(await refusals('POST /no-such-path', 0.5, TIMED_REFUSALS, () => timed('/no-such-path', hugeForm)));
      console.log(await refusals('POST /app/v1/registrations, signed in', 2, TIMED_REGISTRATION_REFUSALS, () => timed('/app/v1/registrations', registration(huge), asFan(refusedFan))));

      const quiet = await reads(QUIET_READS);
      let sending = true;
      const started = performance.now();
      const sends = Promise.all(senders.map((token) => timed('/app/v1/registrations', registration(allowed), asFan(token)))).finally(() => (sending = false));
      const busy = await reads(Number.MAX_SAFE_INTEGER, () => !sending);
      const sent = await sends;
      const flood = (performance.now() - started) / 1000;

      console.log(
        `\nGET /app/v1/news?limit=10 (${NEWS} news, APP_CACHE=off), one call after another; then while three fans each send a registration` +
          ` with ${PHOTOS} photos of ${(MAX_IMAGE_PIXELS / 1e6).toFixed(1)} MP (${(allowed.length / 1024).toFixed(0)} KB each):`,
      );
      console.log('| phase                        | reads | p50 ms   | p99 ms   | goal         |        |');
      console.log('|:-----------------------------|------:|---------:|---------:|:-------------|:-------|');
      const row = (name: string, times: number[], goal?: number) =>
        `| ${name.padEnd(28)} | ${String(times.length).padStart(5)} | ${ms(percentile(times, 50)).padStart(8)} | ${ms(percentile(times, 99)).padStart(8)} | ${(goal ? `p99 < ${goal} ms` : '').padEnd(12)} | ${goal ? (percentile(times, 99) < goal ? 'met' : 'MISSED') : ''} |`;
      console.log(row('quiet', quiet));
      console.log(row('during three uploads', busy, 100));
      console.log(`\nthe three registrations answered ${sent.map((run) => `${run.status} in ${run.seconds.toFixed(1)} s`).join(', ')} (${flood.toFixed(1)} s in all)`);
      for (const run of sent) if (run.status !== 200) console.log(`  ${run.status}: ${run.text.slice(0, 300)}`);
    } finally {
      await stopGroup(server);
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
