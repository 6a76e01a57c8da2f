/**
 * `npm run bench:api`: list throughput at 100,000 videos and 100,000 news, on PGlite and, when one
 * is reachable, on a throw-away PostgreSQL database (BENCH_DATABASE_URL, else the local
 * postgres://postgres@127.0.0.1:5432/test). For each it seeds with seedBulk, starts the real app on
 * a free loopback port and runs autocannon (20 connections, 10 s) against a first page, a deep page
 * and a search per list, then prints req/s and latency percentiles per case.
 *
 * Not a test: figures depend on the machine. BENCH_ROWS and BENCH_SECONDS shrink a trial run.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { openDatabase, type OpenDatabase } from '../../server/db/connection';
import { createAdmin } from '../../server/repositories/admins';
import { seedBulk } from '../../server/seed';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A deep page near the end of the list (page 5000 of 10,000 at 100k rows), and a word seedBulk
 * puts in about one title in twelve ('century' also appears in some news descriptions).
 */
const DEEP_PAGE = Math.max(1, Math.floor(ROWS / 20));
const CASES = ['videos', 'news'].flatMap((list) => [
  { name: `${list} page 1`, path: `/admin/${list}` },
  { name: `${list} page ${DEEP_PAGE}`, path: `/admin/${list}?page=${DEEP_PAGE}` },
  { name: `${list} search`, path: `/admin/${list}?search=century` },
]);

interface Row {
  database: string;
  name: string;
  totalDocs: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function runAgainst(kind: string, database: OpenDatabase): Promise<Row[]> {
  const { db } = database;
  const admin = await createAdmin(db, { email: 'bench@crease.local', passwordHash: 'x', firstName: 'Bench', lastName: 'Admin' });
  let started = performance.now();
  await seedBulk(db, { videos: ROWS, news: ROWS, adminId: admin.id });
  // PostgreSQL's autovacuum would do this shortly after a bulk load (PGlite has none): fresh
  // statistics for the planner and a visibility map that lets COUNT(*) read the index only.
  await sql`vacuum analyze`.execute(db);
  console.log(`${kind}: seeded ${ROWS} videos and ${ROWS} news in ${Math.round(performance.now() - started)} ms`);

  const uploadsDir = await mkdtemp(join(tmpdir(), 'crease-bench-uploads-'));
  const app = await buildApp({ db, uploadsDir, jwtSecret: randomUUID(), logger: false, distDir: join(uploadsDir, 'no-dist') });
  const rows: Row[] = [];
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { authorization: `Bearer ${await app.tokens.sign(admin.id)}`, accept: 'application/json' };
    for (const { name, path } of CASES) {
      const probe = await fetch(base + path, { headers });
      if (!probe.ok) throw new Error(`${kind} ${name}: ${probe.status} ${await probe.text()}`);
      const { totalDocs } = (await probe.json()).data;
      started = performance.now();
      const result = await autocannon({ url: base + path, headers, connections: CONNECTIONS, duration: SECONDS });
      rows.push({
        database: kind,
        name,
        totalDocs,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx + result.timeouts,
      });
      console.log(`${kind} ${name}: ${Math.round(result.requests.average)} req/s`);
    }
  } finally {
    await app.close();
    await rm(uploadsDir, { recursive: true, force: true });
  }
  return rows;
}

/** A fresh database on the PostgreSQL server, dropped again afterwards; undefined when none answers. */
async function throwAwayPostgres(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const name = `crease_bench_${randomBytes(6).toString('hex')}`;
  try {
    await run(`create database ${name}`);
  } catch (error) {
    console.log(`PostgreSQL skipped (${POSTGRES_URL}: ${error instanceof Error ? error.message : error})`);
    return undefined;
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

function printTable(rows: Row[]) {
  const header = ['database', 'case', 'totalDocs', 'req/s', 'p50 ms', 'p99 ms', 'errors'];
  const lines = rows.map((r) => [r.database, r.name, String(r.totalDocs), r.rps.toFixed(0), String(r.p50), String(r.p99), String(r.errors)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) => `| ${cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per case, ${ROWS} videos and ${ROWS} news, limit 10\n`);
  console.log(format(header));
  console.log(`|${widths.map((w, i) => (i < 2 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

async function main() {
  const rows: Row[] = [];
  // On disk, as `npm start` runs it, not in memory.
  const dataDir = await mkdtemp(join(tmpdir(), 'crease-bench-db-'));
  const pglite = await openDatabase({ dataDir });
  try {
    rows.push(...(await runAgainst('PGlite', pglite)));
  } finally {
    await pglite.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  const postgres = await throwAwayPostgres();
  if (postgres) {
    const database = await openDatabase({ url: postgres.url });
    try {
      rows.push(...(await runAgainst('PostgreSQL', database)));
    } finally {
      await database.close();
      await postgres.drop();
    }
  } else {
    rows.push({ database: 'PostgreSQL', name: 'skipped: no server answered', totalDocs: 0, rps: 0, p50: 0, p99: 0, errors: 0 });
  }
  printTable(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
