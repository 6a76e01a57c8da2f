/**
 * `npm run bench:api`: list calls against the HTTP stack's own limit, at 100,000 videos, 100,000
 * news, 1,000,000 app users and 1,000,000 activity-log entries, on PGlite and, when one answers, on a throw-away PostgreSQL
 * database (BENCH_DATABASE_URL, else the local postgres://postgres@127.0.0.1:5432/test).
 *
 * Separate processes, so that none competes inside another's event loop, each loaded in turn:
 * - the server, started as `npm start` starts it (tsx server/main.ts, request log on, piped to a file);
 * - the load, autocannon's command line, one run per case (after a 2 s warm-up);
 * - the one-query route (one-query-route.ts): a bare Fastify route over `pg` doing the same SQL work
 *   as each videos and news case in one prepared query, and nothing else: the database-bound limit.
 *   On PGlite it opens its own copy of the seeded data folder;
 * - a bare Fastify route answering each case's very bytes (bare-route.ts), the HTTP stack's limit.
 * Every row prints its throughput as a share of the one-query route's and of the bare route's.
 *
 * The list cases run 20 connections; the users cases run one, since their goal is what one admin waits.
 * Not a test: figures depend on the machine. BENCH_ROWS, BENCH_USERS, BENCH_ACTIVITY and BENCH_SECONDS shrink a
 * trial run; BENCH_CASES (a pattern matched against the case's name, e.g. `activity`) and BENCH_DATABASES
 * (`pglite`, `postgres`, comma-separated) pick some of it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
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
/** Load before each measured run, so no case pays for a cold start (the server's first queries, JIT). */
const WARMUP = 2;
const FIRST_WARMUP = 8;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** BENCH_PORT moves the server (and the bare and one-query routes, just above it) where two benches run on one machine. */
const SERVER_PORT = Number(process.env.BENCH_PORT ?? 8131);
const BARE_PORT = SERVER_PORT + 1;
const ONE_QUERY_PORT = SERVER_PORT + 2;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
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
  /** The one-query route answers it too. */
  oneQuery?: boolean;
}
const CASES: Case[] = [
  ...['videos', 'news'].flatMap((list) => [
    { name: `${list} page 1`, path: `/admin/${list}`, connections: 20, oneQuery: true },
    { name: `${list} page ${DEEP_PAGE}`, path: `/admin/${list}?page=${DEEP_PAGE}`, connections: 20, oneQuery: true },
    { name: `${list} search`, path: `/admin/${list}?search=century`, connections: 20, oneQuery: true },
  ]),
  // One surname in 25: 40,000 hits at a million users.
  { name: 'users page 1', path: '/admin/users', connections: 1 },
  { name: 'users name search', path: '/admin/users?search=Sharma', connections: 1 },
  // What one admin waits for page 1 of the log, and of one record's history (about twenty entries).
  { name: 'activity page 1', path: '/admin/activity', connections: 1 },
  { name: 'activity record history', path: `/admin/activity?resource=teams&recordId=${historyRecordId()}`, connections: 1 },
].filter((c) => new RegExp(process.env.BENCH_CASES ?? '').test(c.name));

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
function load(url: string, connections: number, headers: Record<string, string> = {}, seconds = SECONDS): Promise<Load> {
  const args = ['-c', String(connections), '-d', String(seconds), '-j', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
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

/**
 * Starts the server on the seeded database and the one-query route beside it (on PGlite, over its
 * own copy of the data), signs in, and loads every case: Crease, then at once the one-query route,
 * so that the two figures of a case see the same machine. Each load follows a short warm-up.
 * Records each case's bytes for the bare route.
 */
async function runAgainst(
  kind: string,
  env: NodeJS.ProcessEnv,
  oneQueryTarget: { ONE_QUERY_DATABASE_URL: string } | { ONE_QUERY_PGLITE_DIR: string },
  workDir: string,
  bodies: Map<string, string>,
): Promise<{ rows: Row[]; oneQuery: Row[] }> {
  const base = `http://127.0.0.1:${SERVER_PORT}`;
  const oneQueryBase = `http://127.0.0.1:${ONE_QUERY_PORT}`;
  const server = await startServer(SERVER_PORT, { ...env, SEED: 'none', LOG_LEVEL: 'info' }, { file: join(workDir, `server-${kind}.log`) });
  const rows: Row[] = [];
  const oneQuery: Row[] = [];
  let route: ChildProcess | undefined;
  try {
    route = await startInGroup(join(BIN, 'tsx'), ['test/bench/one-query-route.ts'], {
      env: { ONE_QUERY_PORT: String(ONE_QUERY_PORT), ONE_QUERY_DATABASE_URL: '', ONE_QUERY_PGLITE_DIR: '', ...oneQueryTarget },
      output: { file: join(workDir, `one-query-${kind}.log`) },
      ready: async () => (await fetch(`${oneQueryBase}/admin/news`)).ok,
    });
    const { token } = await signIn(base, ADMIN);
    const headers = { authorization: `Bearer ${token}` };
    // A process's first seconds under load are several times slower (JIT, the data's pages read in):
    // without this the first case measured a quarter of its later figure.
    await load(base + CASES[0].path, CASES[0].connections, headers, FIRST_WARMUP);
    if (CASES[0].oneQuery) await load(oneQueryBase + CASES[0].path, CASES[0].connections, {}, FIRST_WARMUP);
    for (const c of CASES) {
      const probe = await fetch(base + c.path, { headers });
      const body = await probe.text();
      if (!probe.ok) throw new Error(`${kind} ${c.name}: ${probe.status} ${body}`);
      if (!bodies.has(c.path)) bodies.set(c.path, body);
      const { totalDocs, totalIsEstimate } = JSON.parse(body).data;
      await load(base + c.path, c.connections, headers, WARMUP);
      const figures = await load(base + c.path, c.connections, headers);
      rows.push({ database: kind, case: c, totalDocs: `${totalIsEstimate ? '~' : ''}${totalDocs}`, ...figures });
      console.log(`${kind} ${c.name}: ${Math.round(figures.rps)} req/s, p99 ${figures.p99} ms`);
      if (!c.oneQuery) continue;
      const answer = (await (await fetch(oneQueryBase + c.path)).json()) as { data: { totalDocs: number } };
      await load(oneQueryBase + c.path, c.connections, {}, WARMUP);
      const limit = await load(oneQueryBase + c.path, c.connections);
      oneQuery.push({ database: kind, case: c, totalDocs: String(answer.data.totalDocs), ...limit });
      console.log(`${kind} one-query route ${c.name}: ${Math.round(limit.rps)} req/s, p99 ${limit.p99} ms`);
    }
  } finally {
    if (route) await stopGroup(route);
    await stopGroup(server);
  }
  return { rows, oneQuery };
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

function printTable(rows: Row[], oneQuery: Row[], bare: Map<string, Load>) {
  const header = ['database', 'case', 'conns', 'totalDocs', 'req/s', 'of one-query', 'of bare', 'p50 ms', 'p99 ms', 'errors'];
  const percent = (share: number) => `${share >= 0.1 ? (share * 100).toFixed(1) : (share * 100).toFixed(2)}%`;
  const share = (rps: number, limit?: number) => (limit ? percent(rps / limit) : '');
  const figures = (r: Row | (Load & { case: Case }), ofOneQuery: string) => [
    r.rps.toFixed(0),
    ofOneQuery,
    share(r.rps, bare.get(r.case.path)?.rps),
    String(r.p50),
    String(r.p99),
    String(r.errors),
  ];
  const lines = [
    ...[...bare].map(([path, b]) => {
      const c = CASES.find((x) => x.path === path)!;
      return ['bare route', c.name, String(c.connections), '', ...figures({ ...b, case: c }, '')];
    }),
    ...oneQuery.map((r) => [`${r.database} one-query route`, r.case.name, String(r.case.connections), r.totalDocs, ...figures(r, '100%')]),
    ...rows.map((r) => {
      const limit = oneQuery.find((o) => o.database === r.database && o.case.path === r.case.path)?.rps;
      return [r.database, r.case.name, String(r.case.connections), r.totalDocs, ...figures(r, share(r.rps, limit))];
    }),
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) => `| ${cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  console.log(`\n${SECONDS} s per case, ${ROWS} videos, ${ROWS} news, ${USERS} users, ${ACTIVITY} activity entries, limit 10; server, load, one-query and bare routes in separate processes\n`);
  console.log(format(header));
  console.log(`|${widths.map((w, i) => (i < 2 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

async function main() {
  const workDir = await mkdtemp(join(tmpdir(), 'crease-bench-'));
  const bodies = new Map<string, string>();
  const rows: Row[] = [];
  const oneQuery: Row[] = [];
  let postgres: Awaited<ReturnType<typeof throwAwayBenchDatabase>>;
  try {
    if (DATABASES.includes('pglite')) {
      // On disk, as `npm start` runs it; the server opens the same folder once the seed has closed it,
      // and the one-query route a copy of its own (the server holds the folder's lock).
      const dataDir = join(workDir, 'pglite');
      await seed('PGlite', { dataDir: join(dataDir, 'db') });
      await cp(join(dataDir, 'db'), join(workDir, 'pglite-copy'), { recursive: true });
      const pglite = await runAgainst('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, { ONE_QUERY_PGLITE_DIR: join(workDir, 'pglite-copy') }, workDir, bodies);
      rows.push(...pglite.rows);
      oneQuery.push(...pglite.oneQuery);
      await rm(dataDir, { recursive: true, force: true });
      await rm(join(workDir, 'pglite-copy'), { recursive: true, force: true });
    }

    postgres = DATABASES.includes('postgres') ? await throwAwayBenchDatabase() : undefined;
    if (postgres) {
      try {
        await seed('PostgreSQL', { url: postgres.url });
        const measured = await runAgainst(
          'PostgreSQL',
          { DATA_DIR: join(workDir, 'postgres-data'), DATABASE_URL: postgres.url },
          { ONE_QUERY_DATABASE_URL: postgres.url },
          workDir,
          bodies,
        );
        rows.push(...measured.rows);
        oneQuery.push(...measured.oneQuery);
      } finally {
        await postgres.drop();
      }
    }
    printTable(rows, oneQuery, await measureBare(workDir, bodies));
    if (!postgres) console.log('| PostgreSQL | skipped |');
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
