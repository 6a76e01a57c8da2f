/**
 * `npm run bench:signin`: does a sign-in flood slow down the admins who are already signed in?
 * Times the signed-in video list call (one client, one call after another) while quiet, then
 * while 10 addresses each sign in at the most the per-address limit allows. The addresses come
 * from X-Forwarded-For with the app trusting the proxy (TRUST_PROXY), as behind a reverse proxy.
 * Every flood attempt names an e-mail of its own, so the per-account limit never cuts it short and
 * each one costs a full password check. PGlite, 1,000 videos.
 *
 * Not a test: figures depend on the machine. BENCH_SECONDS sets each phase's length (default 30).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { openDatabase } from '../../server/db/connection';
import { createAdmin } from '../../server/repositories/admins';
import { seedBulk } from '../../server/seed';
import { LOGIN_ATTEMPTS_PER_MINUTE } from '../../src/domain/limits';
import { benchToken } from './bench-token';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const ADDRESSES = 10;
const ROWS = 1_000;

interface Timings {
  p50: number;
  p90: number;
  max: number;
  calls: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** Calls `url` one after another until `until` and answers the latency percentiles in ms. */
async function timeList(url: string, headers: Record<string, string>, until: number): Promise<Timings> {
  const times: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`list: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p90: percentile(times, 90), max: times.at(-1) ?? 0, calls: times.length };
}

/**
 * Each address signs in LOGIN_ATTEMPTS_PER_MINUTE times a minute, evenly spaced, the addresses
 * staggered across one interval; answers the sign-in statuses seen.
 */
async function flood(base: string, until: number): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  const interval = 60_000 / LOGIN_ATTEMPTS_PER_MINUTE;
  const attempts: Promise<void>[] = [];
  const address = async (n: number) => {
    await sleep((interval / ADDRESSES) * n);
    for (let attempt = 0; Date.now() < until; attempt++) {
      attempts.push(
        fetch(`${base}/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${n + 1}` },
          body: JSON.stringify({ email: `flood-${n}-${attempt}@bench.local`, password: 'not the password' }),
        }).then(async (res) => {
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }),
      );
      await sleep(interval);
    }
  };
  await Promise.all(Array.from({ length: ADDRESSES }, (_, n) => address(n)));
  await Promise.all(attempts);
  return statuses;
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'crease-bench-signin-'));
  const database = await openDatabase({ dataDir: join(dataDir, 'db') });
  const uploadsDir = join(dataDir, 'uploads');
  try {
    const { db } = database;
    const admin = await createAdmin(db, { email: 'bench@crease.local', passwordHash: await hashPassword('bench password'), firstName: 'Bench' });
    await seedBulk(db, { videos: ROWS, news: 0, adminId: admin.id });
    const app = await buildApp({ db, uploadsDir, jwtSecret: randomUUID(), logger: false, distDir: join(dataDir, 'no-dist'), trustProxy: true });
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const headers = { authorization: `Bearer ${await benchToken(app, db, admin.id)}`, accept: 'application/json' };
      const list = `${base}/admin/videos`;
      await timeList(list, headers, Date.now() + 2_000); // warm-up

      const quiet = await timeList(list, headers, Date.now() + SECONDS * 1000);
      const until = Date.now() + SECONDS * 1000;
      const [busy, statuses] = await Promise.all([timeList(list, headers, until), flood(base, until)]);

      const row = (name: string, t: Timings) =>
        `| ${name.padEnd(26)} | ${t.p50.toFixed(1).padStart(7)} | ${t.p90.toFixed(1).padStart(7)} | ${t.max.toFixed(1).padStart(8)} | ${String(t.calls).padStart(5)} |`;
      console.log(`\nGET /admin/videos (${ROWS} videos, PGlite), ${SECONDS} s per phase; flood: ${ADDRESSES} addresses x ${LOGIN_ATTEMPTS_PER_MINUTE}/min`);
      console.log('| phase                      |  p50 ms |  p90 ms |   max ms | calls |');
      console.log('|:---------------------------|--------:|--------:|---------:|------:|');
      console.log(row('quiet', quiet));
      console.log(row('during the sign-in flood', busy));
      console.log(`\nsign-in answers during the flood: ${JSON.stringify(statuses)}; p50 ratio ${(busy.p50 / quiet.p50).toFixed(2)}x`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
