/**
 * `npm run bench:api`: list calls against the HTTP stack's own limit, at 100,000 videos, 100,000
 * news, 1,000,000 app users and 1,000,000 activity-log entries, on PGlite and, when one answers, on a throw-away PostgreSQL
 * database (BENCH_DATABASE_URL, else the local postgres://postgres@127.0.0.1:5432/test).
 *
 * Three processes, so that none competes inside another's event loop:
 * - the server, started as `npm start` starts it (tsx server/main.ts, request log on, piped to a file);
 * - the load, autocannon's command line, one run per case;
 * - a bare Fastify route answering each case's very bytes (bare-route.ts), the stack's limit.
 * Every row prints its throughput as a share of the bare route's for the same bytes.
 *
 * The list cases run 20 connections; the users cases run one, since their goal is what one admin waits.
 * Not a test: figures depend on the machine. BENCH_ROWS, BENCH_USERS, BENCH_ACTIVITY and BENCH_SECONDS shrink a
 * trial run; BENCH_CASES=activity runs only the cases whose name starts with it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { ensureAdmin } from '../../server/auth/accounts';
import { openDatabase, type DatabaseOptions } from '../../server/db/connection';
import { createHash } from 'node:crypto';
import { seedBulk } from '../../server/seed';
import { throwAwayPostgres } from '../server/process';
import { BIN, signIn, startInGroup, startServer, stopGroup } from './processes';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const ACTIVITY = Number(process.env.BENCH_ACTIVITY ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** BENCH_PORT moves the server (and the bare route, one above) where two benches run on one machine. */
const SERVER_PORT = Number(process.env.BENCH_PORT ?? 8131);
const BARE_PORT = SERVER_PORT + 1;
const ADMIN = { email: 'bench@crease.local', password: 'crease-bench-password' };

/** Page 5,000 of 10,000 at 100k rows; 'century' is in about one title in twelve and in many news texts. */
const DEEP_PAGE = Math.max(1, Math.floor(ROWS / 20));
/** The id the bulk log gives its first record (server/seed bulkActivityRecordId(1)). */
function historyRecordId() {
  const hex = createHash('md5').update('1').digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface Case {
  name: string;
  path: string;
  connections: number;
}
const CASES: Case[] = [
  ...['videos', 'news'].flatMap((list) => [
    { name: `${list} page 1`, path: `/admin/${list}`, connections: 20 },
    { name: `${list} page ${DEEP_PAGE}`, path: `/admin/${list}?page=${DEEP_PAGE}`, connections: 20 },
    { name: `${list} search`, path: `/admin/${list}?search=century`, connections: 20 },
  ]),
  // One surname in 25: 40,000 hits at a million users.
  { name: 'users page 1', path: '/admin/users', connections: 1 },
  { name: 'users name search', path: '/admin/users?search=Sharma', connections: 1 },
  // What one admin waits for page 1 of the log, and of one record's history (about twenty entries).
  { name: 'activity page 1', path: '/admin/activity', connections: 1 },
  { name: 'activity record history', path: `/admin/activity?resource=teams&recordId=${historyRecordId()}`, connections: 1 },
].filter((c) => c.name.startsWith(process.env.BENCH_CASES ?? ''));

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
interface Row extends Load {
  database: string;
  case: Case;
  totalDocs: string;
}

/** Runs autocannon's command line in its own process and answers its figures. */
function load(url: string, connections: number, headers: Record<string, string> = {}): Promise<Load> {
  const args = ['-c', String(connections), '-d', String(SECONDS), '-j', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  return new Promise((resolve, reject) => {
    const child = spawn(join(BIN, 'autocannon'), args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const result = JSON.parse(out.trim().split('\n').at(-1)!);
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx + result.timeouts,
      });
    });
  });
}

async function seed(kind: string, target: DatabaseOptions) {
  const started = performance.now();
  const { db, close } = await openDatabase(target);
  const { admin } = await ensureAdmin(db, ADMIN);
  await seedBulk(db, { videos: ROWS, news: ROWS, users: USERS, activity: ACTIVITY, adminId: admin.id });
  // PostgreSQL's autovacuum would do this shortly after a bulk load (PGlite has none): fresh
  // statistics for the planner and a visibility map for index-only scans.
  await sql`vacuum analyze`.execute(db);
  await close();
  console.log(`${kind}: seeded ${ROWS} videos, ${ROWS} news, ${USERS} users and ${ACTIVITY} activity entries in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** Starts the server on the seeded database, signs in, and loads every case; records each case's bytes for the bare route. */
async function runAgainst(kind: string, env: NodeJS.ProcessEnv, workDir: string, bodies: Map<string, string>): Promise<Row[]> {
  const base = `http://127.0.0.1:${SERVER_PORT}`;
  const server = await startServer(SERVER_PORT, { ...env, SEED: 'none', LOG_LEVEL: 'info' }, { file: join(workDir, `server-${kind}.log`) });
  const rows: Row[] = [];
  try {
    const { token } = await signIn(base, ADMIN);
    const headers = { authorization: `Bearer ${token}` };
    for (const c of CASES) {
      const probe = await fetch(base + c.path, { headers });
      const body = await probe.text();
      if (!probe.ok) throw new Error(`${kind} ${c.name}: ${probe.status} ${body}`);
      if (!bodies.has(c.path)) bodies.set(c.path, body);
      const { totalDocs, totalIsEstimate } = JSON.parse(body).data;
      const figures = await load(base + c.path, c.connections, headers);
      rows.push({ database: kind, case: c, totalDocs: `${totalIsEstimate ? '~' : ''}${totalDocs}`, ...figures });
      console.log(`${kind} ${c.name}: ${Math.round(figures.rps)} req/s, p99 ${figures.p99} ms`);
    }
  } finally {
    await stopGroup(server);
  }
  return rows;
}

async function measureBare(workDir: string, bodies: Map<string, string>): Promise<Map<string, Load>> {
  const file = join(workDir, 'bare-bodies.json');
  await writeFile(file, JSON.stringify([...bodies].map(([path, body]) => ({ path, body }))));
  const base = `http://127.0.0.1:${BARE_PORT}`;
  const bare = await startInGroup(join(BIN, 'tsx'), ['test/bench/bare-route.ts'], {
    env: { BARE_PORT: String(BARE_PORT), BARE_BODIES: file },
    output: { file: join(workDir, 'bare.log') },
    ready: async () => (await fetch(base + CASES[0].path)).ok,
  });
  const figures = new Map<string, Load>();
  try {
    for (const c of CASES) {
      if (!bodies.has(c.path)) continue;
      figures.set(c.path, await load(base + c.path, c.connections));
      console.log(`bare route ${c.name}: ${Math.round(figures.get(c.path)!.rps)} req/s`);
    }
  } finally {
    await stopGroup(bare);
  }
  return figures;
}

/** A fresh database on the PostgreSQL server, dropped again afterwards; undefined when none answers. */
async function throwAwayBenchDatabase() {
  try {
    return await throwAwayPostgres('crease_bench', POSTGRES_URL);
  } catch (error) {
    console.log(`PostgreSQL skipped (${POSTGRES_URL}: ${error instanceof Error ? error.message : error})`);
    return undefined;
  }
}

function printTable(rows: Row[], bare: Map<string, Load>) {
  const header = ['database', 'case', 'conns', 'totalDocs', 'req/s', 'of bare', 'p50 ms', 'p99 ms', 'errors'];
  const percent = (share: number) => `${share >= 0.1 ? (share * 100).toFixed(1) : (share * 100).toFixed(2)}%`;
  const lines = [
    ...[...bare].map(([path, b]) => {
      const c = CASES.find((x) => x.path === path)!;
      return ['bare route', c.name, String(c.connections), '', b.rps.toFixed(0), '100%', String(b.p50), String(b.p99), String(b.errors)];
    }),
    ...rows.map((r) => {
      const limit = bare.get(r.case.path)?.rps;
      return [r.database, r.case.name, String(r.case.connections), r.totalDocs, r.rps.toFixed(0), limit ? percent(r.rps / limit) : '', String(r.p50), String(r.p99), String(r.errors)];
    }),
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) => `| ${cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  console.log(`\n${SECONDS} s per case, ${ROWS} videos, ${ROWS} news, ${USERS} users, ${ACTIVITY} activity entries, limit 10; server, load and bare route in separate processes\n`);
  console.log(format(header));
  console.log(`|${widths.map((w, i) => (i < 2 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

async function main() {
  const workDir = await mkdtemp(join(tmpdir(), 'crease-bench-'));
  const bodies = new Map<string, string>();
  const rows: Row[] = [];
  try {
    // On disk, as `npm start` runs it; the server opens the same folder once the seed has closed it.
    const dataDir = join(workDir, 'pglite');
    await seed('PGlite', { dataDir: join(dataDir, 'db') });
    rows.push(...(await runAgainst('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, workDir, bodies)));
    await rm(dataDir, { recursive: true, force: true });

    const postgres = await throwAwayBenchDatabase();
    if (postgres) {
      try {
        await seed('PostgreSQL', { url: postgres.url });
        rows.push(...(await runAgainst('PostgreSQL', { DATA_DIR: join(workDir, 'postgres-data'), DATABASE_URL: postgres.url }, workDir, bodies)));
      } finally {
        await postgres.drop();
      }
    }
    printTable(rows, await measureBare(workDir, bodies));
    if (!postgres) console.log('| PostgreSQL | skipped: no server answered |');
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
