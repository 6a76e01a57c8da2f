/**
 * `npm run bench:app`: the fans' app's public reads (/app/v1, issue 32 "Speed") at 100,000 news and
 * 100,000 videos, on PGlite and, when one answers, on a throw-away PostgreSQL database
 * (BENCH_DATABASE_URL, else the local postgres://postgres@127.0.0.1:5432/test).
 *
 * Separate processes, as in `npm run bench:api` (api.bench.ts), each loaded in turn:
 * - the server as `npm start` starts it (request log on, piped to a file), with APP_READS_PER_MINUTE
 *   out of reach (all the load comes from one address). Twice: once with APP_CACHE=off, so that
 *   every call reads the database (page 1 "after a write", and the deep page by cursor), then as
 *   shipped, keeping answers (the 304, page 1 from the cache, and the crowd after a publish);
 * - the load, autocannon's command line, one run per case after a 2 s warm-up (20 connections;
 *   1,000 for the crowd);
 * - the one-query route (one-query-route.ts), the database-bound limit: `/admin/news` page 1, and
 *   the deep page by OFFSET as bench:api measures it;
 * - the HTTP-only route (bare-route.ts) answering each case's very bytes (page 1's 200 for the 304
 *   case too, as the issue compares).
 *
 * Every case reads 10 records (`?limit=10`), as the one-query route does. The deep page starts at
 * the middle of the list (record 50,001 at 100k rows): the app's `after` token names the record
 * before it, and the one-query route reads the same page by OFFSET; the bench checks both answer
 * the same ids. The crowd: an admin publishes a story through the admin API, and at once 1,000
 * connections read news page 1 for a few seconds.
 *
 * Not a test: figures depend on the machine. BENCH_ROWS and BENCH_SECONDS shrink a trial run;
 * BENCH_DATABASES (`pglite`, `postgres`, comma-separated) picks some of it; BENCH_PORT moves the ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { ensureAdmin } from '../../server/auth/accounts';
import { openDatabase, type DatabaseOptions } from '../../server/db/connection';
import { pageToken } from '../../server/http/cursors';
import { seedBulk } from '../../server/seed';
import { throwAwayPostgres } from '../server/process';
import { BIN, signIn, startInGroup, startServer, stopGroup } from './processes';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The crowd's run: a few seconds, as a push's crowd comes at once. */
const CROWD_SECONDS = Math.min(SECONDS, 5);
const CROWD = 1_000;
const WARMUP = 2;
const FIRST_WARMUP = 8;
const LIMIT = 10;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SERVER_PORT = Number(process.env.BENCH_PORT ?? 8141);
const BARE_PORT = SERVER_PORT + 1;
const ONE_QUERY_PORT = SERVER_PORT + 2;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const ADMIN = { email: 'bench@crease.local', password: 'crease-bench-password' };

/** The one-query route's page holding the middle of the list (page 5,000 of 10,000 at 100k rows), as bench:api's deep case. */
const DEEP_PAGE = Math.max(2, Math.floor(ROWS / 20));
const PAGE_1 = `/app/v1/news?limit=${LIMIT}`;

type Goal = { of: 'bare' | 'one-query'; share: number } | { of: 'crowd'; p99: number };
interface Case {
  name: string;
  /** The app's path; `deep` is filled in once the token is known. */
  path: string;
  connections: number;
  cache: boolean;
  /** Sends the ETag of page 1 and expects 304s. */
  revalidate?: boolean;
  /** Publishes a story just before the load. */
  afterPublish?: boolean;
  oneQueryPath: string;
  goal: Goal;
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Answers of another status than the case expects (non-2xx, or non-304 when revalidating). */
  unexpected: number;
  total: number;
}
interface Row extends Load {
  database: string;
  case: Case;
}

function casesFor(deepToken: string): Case[] {
  const deep = `/app/v1/news?limit=${LIMIT}&after=${deepToken}`;
  return [
    { name: 'page 1, every call reads (APP_CACHE=off)', path: PAGE_1, connections: 20, cache: false, oneQueryPath: '/admin/news', goal: { of: 'one-query', share: 1 } },
    { name: `deep page by cursor (record ${(DEEP_PAGE - 1) * LIMIT + 1}), APP_CACHE=off`, path: deep, connections: 20, cache: false, oneQueryPath: `/admin/news?page=${DEEP_PAGE}`, goal: { of: 'one-query', share: 1 } },
    { name: 'repeat with If-None-Match (304)', path: PAGE_1, connections: 20, cache: true, revalidate: true, oneQueryPath: '/admin/news', goal: { of: 'bare', share: 0.7 } },
    { name: 'page 1 from the kept answer', path: PAGE_1, connections: 20, cache: true, oneQueryPath: '/admin/news', goal: { of: 'bare', share: 0.6 } },
    { name: `page 1 right after a publish, ${CROWD} connections`, path: PAGE_1, connections: CROWD, cache: true, afterPublish: true, oneQueryPath: '/admin/news', goal: { of: 'crowd', p99: 500 } },
  ];
}

/** Runs autocannon's command line in its own process and answers its figures. */
function load(url: string, connections: number, { headers = {}, seconds = SECONDS, expect = 200 }: { headers?: Record<string, string>; seconds?: number; expect?: 200 | 304 } = {}): Promise<Load> {
  const args = ['-c', String(connections), '-d', String(seconds), '-j', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  return new Promise((resolve, reject) => {
    const child = spawn(join(BIN, 'autocannon'), args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const result = JSON.parse(out.trim().split('\n').at(-1)!);
      const byClass = (c: string) => Number(result[c] ?? 0);
      const total = byClass('1xx') + byClass('2xx') + byClass('3xx') + byClass('4xx') + byClass('5xx');
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        unexpected: expect === 304 ? total - byClass('3xx') : result.non2xx,
        total,
      });
    });
  });
}

/** Seeds the bulk data and answers the `after` token of the deep page: the record just before it, in the app's order. */
async function seed(kind: string, target: DatabaseOptions): Promise<string> {
  const started = performance.now();
  const { db, close } = await openDatabase(target);
  const { admin } = await ensureAdmin(db, ADMIN);
  await seedBulk(db, { videos: ROWS, news: ROWS, adminId: admin.id });
  await sql`vacuum analyze`.execute(db);
  const before = await db
    .selectFrom('news')
    .select(['id', 'created_at'])
    .where(sql<boolean>`status = 'published'`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset((DEEP_PAGE - 1) * LIMIT - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  await close();
  console.log(`${kind}: seeded ${ROWS} videos and ${ROWS} news in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return pageToken({ value: new Date(before.created_at).toISOString(), id: before.id });
}

const idsOf = (body: string): string[] => (JSON.parse(body).data.docs as { _id: string }[]).map((doc) => doc._id);

/** The ETag of page 1: it holds while page 1's records do (a re-read with only a new cursor keeps it). */
async function freshEtag(url: string): Promise<string> {
  const etag = (await fetch(url)).headers.get('etag');
  if (!etag) throw new Error(`${url}: no ETag`);
  return etag;
}

/**
 * One server (cache on or off) with the one-query route beside it: each case of that server, then
 * at once the one-query route's reference for it (once per path), so that the two figures of a
 * case see the same machine. Records each case's bytes for the bare route.
 */
async function runAgainst(
  kind: string,
  cache: boolean,
  cases: Case[],
  env: NodeJS.ProcessEnv,
  oneQueryTarget: { ONE_QUERY_DATABASE_URL: string } | { ONE_QUERY_PGLITE_DIR: string },
  workDir: string,
  bodies: Map<string, string>,
  oneQuery: Map<string, Load>,
): Promise<Row[]> {
  const base = `http://127.0.0.1:${SERVER_PORT}`;
  const oneQueryBase = `http://127.0.0.1:${ONE_QUERY_PORT}`;
  const serverEnv = { ...env, SEED: 'none', LOG_LEVEL: 'info', APP_READS_PER_MINUTE: '100000000', APP_CACHE: cache ? 'on' : 'off' };
  const server = await startServer(SERVER_PORT, serverEnv, { file: join(workDir, `server-${kind}-cache-${cache ? 'on' : 'off'}.log`) });
  const rows: Row[] = [];
  let route: ChildProcess | undefined;
  try {
    const mine = cases.filter((c) => c.cache === cache);
    const needsOneQuery = mine.some((c) => c.goal.of === 'one-query');
    if (needsOneQuery) {
      route = await startInGroup(join(BIN, 'tsx'), ['test/bench/one-query-route.ts'], {
        env: { ONE_QUERY_PORT: String(ONE_QUERY_PORT), ONE_QUERY_DATABASE_URL: '', ONE_QUERY_PGLITE_DIR: '', ...oneQueryTarget },
        output: { file: join(workDir, `one-query-${kind}.log`) },
        ready: async () => (await fetch(`${oneQueryBase}/admin/news`)).ok,
      });
    }
    await load(base + PAGE_1, 20, { seconds: FIRST_WARMUP });
    if (needsOneQuery) await load(oneQueryBase + '/admin/news', 20, { seconds: FIRST_WARMUP });
    for (const c of mine) {
      const url = base + c.path;
      if (c.afterPublish) {
        const { token } = await signIn(base, ADMIN);
        const title = `Published for the crowd ${Date.now()}`;
        const published = await fetch(`${base}/admin/news`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title, small_description: 'The story a push announced', description: '<p>Read by a thousand phones at once</p>' }),
        });
        if (!published.ok) throw new Error(`${kind}: publishing failed: ${published.status} ${await published.text()}`);
        const figures = await load(url, c.connections, { seconds: CROWD_SECONDS });
        const top = JSON.parse(await (await fetch(url)).text()).data.docs[0]?.title;
        if (top !== title) throw new Error(`${kind} ${c.name}: page 1 does not start with the published story (${top})`);
        rows.push({ database: kind, case: c, ...figures });
        console.log(`${kind} ${c.name}: ${Math.round(figures.rps)} req/s, p99 ${figures.p99} ms, ${figures.unexpected} non-2xx, ${figures.errors} socket errors/timeouts`);
        continue;
      }
      const probe = await fetch(url);
      const body = await probe.text();
      if (!probe.ok) throw new Error(`${kind} ${c.name}: ${probe.status} ${body}`);
      if (!bodies.has(c.path)) bodies.set(c.path, body);
      let headers: Record<string, string> = {};
      if (c.revalidate) {
        const etag = await freshEtag(url);
        const check = await fetch(url, { headers: { 'if-none-match': etag } });
        if (check.status !== 304) throw new Error(`${kind} ${c.name}: ${check.status} for its own ETag`);
        headers = { 'if-none-match': etag };
      }
      const expect = c.revalidate ? 304 : 200;
      await load(url, c.connections, { headers, seconds: WARMUP, expect });
      const figures = await load(url, c.connections, { headers, expect });
      rows.push({ database: kind, case: c, ...figures });
      console.log(`${kind} ${c.name}: ${Math.round(figures.rps)} req/s, p99 ${figures.p99} ms${figures.unexpected ? `, ${figures.unexpected} unexpected statuses` : ''}`);
      if (c.goal.of !== 'one-query' || oneQuery.has(`${kind} ${c.oneQueryPath}`)) continue;
      const answer = await (await fetch(oneQueryBase + c.oneQueryPath)).text();
      const same = idsOf(answer).join() === idsOf(body).join();
      if (!same) throw new Error(`${kind} ${c.name}: the one-query route's ${c.oneQueryPath} holds other records than ${c.path}`);
      await load(oneQueryBase + c.oneQueryPath, c.connections, { seconds: WARMUP });
      const limit = await load(oneQueryBase + c.oneQueryPath, c.connections);
      oneQuery.set(`${kind} ${c.oneQueryPath}`, limit);
      console.log(`${kind} one-query route ${c.oneQueryPath}: ${Math.round(limit.rps)} req/s, p99 ${limit.p99} ms (same ${LIMIT} records)`);
    }
  } finally {
    if (route) await stopGroup(route);
    await stopGroup(server);
  }
  return rows;
}

/** The bare route's figure for each path at each connection count the cases use. */
async function measureBare(workDir: string, bodies: Map<string, string>, cases: Case[]): Promise<Map<string, Load>> {
  const file = join(workDir, 'bare-bodies.json');
  await writeFile(file, JSON.stringify([...bodies].map(([path, body]) => ({ path, body }))));
  const base = `http://127.0.0.1:${BARE_PORT}`;
  const bare = await startInGroup(join(BIN, 'tsx'), ['test/bench/bare-route.ts'], {
    env: { BARE_PORT: String(BARE_PORT), BARE_BODIES: file },
    output: { file: join(workDir, 'bare.log') },
    ready: async () => (await fetch(base + PAGE_1)).ok,
  });
  const figures = new Map<string, Load>();
  try {
    await load(base + PAGE_1, 20, { seconds: WARMUP });
    for (const c of cases) {
      const key = `${c.path} ${c.connections}`;
      if (!bodies.has(c.path) || figures.has(key)) continue;
      await load(base + c.path, c.connections, { seconds: WARMUP });
      figures.set(key, await load(base + c.path, c.connections, { seconds: c.connections === CROWD ? CROWD_SECONDS : SECONDS }));
      console.log(`bare route ${c.path} (${c.connections} connections): ${Math.round(figures.get(key)!.rps)} req/s`);
    }
  } finally {
    await stopGroup(bare);
  }
  return figures;
}

async function throwAwayBenchDatabase() {
  try {
    return await throwAwayPostgres('crease_bench', POSTGRES_URL);
  } catch (error) {
    console.log(`PostgreSQL skipped (${POSTGRES_URL}: ${error instanceof Error ? error.message : error})`);
    return undefined;
  }
}

const percent = (share: number) => `${(share * 100).toFixed(share >= 0.1 ? 0 : 1)}%`;

function printTable(rows: Row[], oneQuery: Map<string, Load>, bare: Map<string, Load>) {
  const header = ['database', 'case', 'conns', 'req/s', 'of HTTP-only', 'of one-query', 'p50 ms', 'p99 ms', 'errors', 'goal', 'met'];
  const lines: string[][] = [];
  const seenBare = new Set<string>();
  for (const r of rows) {
    const key = `${r.case.path} ${r.case.connections}`;
    const b = bare.get(key);
    if (!b || seenBare.has(key)) continue;
    seenBare.add(key);
    lines.push(['HTTP-only route', r.case.path === PAGE_1 ? 'page 1 bytes' : `deep page bytes (${r.database}'s)`, String(r.case.connections), b.rps.toFixed(0), '100%', '', String(b.p50), String(b.p99), String(b.errors + b.unexpected), '', '']);
  }
  for (const [key, o] of oneQuery) {
    const [database, path] = key.split(' ');
    lines.push([`${database} one-query route`, path, '20', o.rps.toFixed(0), '', '100%', String(o.p50), String(o.p99), String(o.errors + o.unexpected), '', '']);
  }
  for (const r of rows) {
    const b = bare.get(`${r.case.path} ${r.case.connections}`);
    const o = r.case.connections === 20 ? oneQuery.get(`${r.database} ${r.case.oneQueryPath}`) : undefined;
    const ofBare = b ? r.rps / b.rps : undefined;
    const ofOneQuery = o ? r.rps / o.rps : undefined;
    const { goal } = r.case;
    let goalText: string;
    let met: boolean | undefined;
    if (goal.of === 'crowd') {
      goalText = `0 errors, p99 ≤ ${goal.p99} ms`;
      met = r.errors === 0 && r.unexpected === 0 && r.p99 <= goal.p99;
    } else {
      goalText = `≥ ${percent(goal.share)} of ${goal.of === 'bare' ? 'HTTP-only' : 'one-query'}`;
      const share = goal.of === 'bare' ? ofBare : ofOneQuery;
      met = share === undefined ? undefined : share >= goal.share && r.errors === 0 && r.unexpected === 0;
    }
    lines.push([
      r.database,
      r.case.name,
      String(r.case.connections),
      r.rps.toFixed(0),
      ofBare === undefined ? '' : percent(ofBare),
      ofOneQuery === undefined ? '' : percent(ofOneQuery),
      String(r.p50),
      String(r.p99),
      r.case.goal.of === 'crowd' ? `${r.unexpected} non-2xx, ${r.errors} socket` : String(r.errors + r.unexpected),
      goalText,
      met === undefined ? '?' : met ? 'yes' : 'NO',
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const left = (i: number) => i < 2 || i >= 8;
  const format = (cells: string[]) => `| ${cells.map((cell, i) => (left(i) ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  console.log(`\n${SECONDS} s per case (the crowd ${CROWD_SECONDS} s), ${ROWS} news and ${ROWS} videos, limit ${LIMIT}; server, load, one-query and HTTP-only routes in separate processes\n`);
  console.log(format(header));
  console.log(`|${widths.map((w, i) => (left(i) ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

async function main() {
  const workDir = await mkdtemp(join(tmpdir(), 'crease-bench-app-'));
  const bodies = new Map<string, string>();
  const rows: Row[] = [];
  const oneQuery = new Map<string, Load>();
  let cases: Case[] = [];
  let postgres: Awaited<ReturnType<typeof throwAwayBenchDatabase>>;
  try {
    if (DATABASES.includes('pglite')) {
      const dataDir = join(workDir, 'pglite');
      const token = await seed('PGlite', { dataDir: join(dataDir, 'db') });
      cases = casesFor(token);
      await cp(join(dataDir, 'db'), join(workDir, 'pglite-copy'), { recursive: true });
      for (const cache of [false, true]) {
        rows.push(...(await runAgainst('PGlite', cache, cases, { DATA_DIR: dataDir, DATABASE_URL: '' }, { ONE_QUERY_PGLITE_DIR: join(workDir, 'pglite-copy') }, workDir, bodies, oneQuery)));
      }
      await rm(dataDir, { recursive: true, force: true });
      await rm(join(workDir, 'pglite-copy'), { recursive: true, force: true });
    }

    postgres = DATABASES.includes('postgres') ? await throwAwayBenchDatabase() : undefined;
    if (postgres) {
      try {
        const token = await seed('PostgreSQL', { url: postgres.url });
        const mine = casesFor(token);
        if (cases.length === 0) cases = mine;
        // The same paths as PGlite's when the seeds agree; a deep token of its own otherwise.
        for (const cache of [false, true]) {
          rows.push(...(await runAgainst('PostgreSQL', cache, mine, { DATA_DIR: join(workDir, 'postgres-data'), DATABASE_URL: postgres.url }, { ONE_QUERY_DATABASE_URL: postgres.url }, workDir, bodies, oneQuery)));
        }
        cases.push(...mine.filter((c) => !cases.some((x) => x.path === c.path && x.connections === c.connections)));
      } finally {
        await postgres.drop();
      }
    }
    printTable(rows, oneQuery, await measureBare(workDir, bodies, cases));
    if (!postgres) console.log('| PostgreSQL | skipped |');
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
