/**
 * `npx tsx test/bench/registrations-export.bench.ts`: the CSV export's memory at 100,000
 * registrations (BENCH_ROWS), on PGlite (on disk, as `npm start` runs it) and on a throw-away
 * PostgreSQL database when one answers (BENCH_DATABASE_URL, else the local test server). It starts
 * the real app on a loopback port, downloads GET /admin/registrations/export.csv reading the body as
 * it arrives (and throwing it away), and samples the process's RSS and heap every 20 ms.
 *
 * Not a test: figures depend on the machine. PGlite runs in this process, so its own memory is in RSS.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { openDatabase, type OpenDatabase } from '../../server/db/connection';
import { createAdmin } from '../../server/repositories/admins';
import { benchToken } from './bench-token';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MB = 1024 * 1024;

async function seed(database: OpenDatabase) {
  const { db } = database;
  const [state] = await db.insertInto('states').values({ name: 'Maharashtra' }).returning('id').execute();
  const [district] = await db.insertInto('districts').values({ name: 'Pune', state_id: state.id }).returning('id').execute();
  const [city] = await db.insertInto('cities').values({ name: 'Hinjewadi', district_id: district.id }).returning('id').execute();
  // generate_series in the database: 100,000 rows in one statement, with a long-ish address each.
  await sql`
    insert into registrations (first_name, last_name, email, phone, dob, state_id, district_id, city_id, area, pin_code, address, playing_role, batting_style, status, created_at)
    select 'Player ' || i, 'Surname ' || i, 'player' || i || '@example.in', '98765' || lpad(i::text, 5, '0'), date '2000-01-01' + (i % 3000),
      ${state.id}::uuid, ${district.id}::uuid, ${city.id}::uuid, 'Phase ' || (i % 3), '4110' || (i % 100), i || ', Main Road, "Near the ground", Pune',
      (array['Batsman','Bowler','All-rounder'])[1 + i % 3], 'Right-handed', (array['pending','approved','rejected'])[1 + i % 3],
      now() - (i || ' seconds')::interval
    from generate_series(1, ${ROWS}) as i`.execute(db);
  await sql`analyze registrations`.execute(db);
}

async function measure(kind: string, database: OpenDatabase) {
  await seed(database);
  const admin = await createAdmin(database.db, { email: 'bench@crease.local', passwordHash: 'x', firstName: 'Bench', lastName: 'Admin' });
  const uploadsDir = await mkdtemp(join(tmpdir(), 'crease-bench-uploads-'));
  const app = await buildApp({ db: database.db, uploadsDir, jwtSecret: randomUUID(), logger: false, distDir: join(uploadsDir, 'no-dist') });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { authorization: `Bearer ${await benchToken(app, database.db, admin.id)}` };
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const timer = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);
    const started = performance.now();
    const res = await fetch(`${base}/admin/registrations/export.csv`, { headers });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    clearInterval(timer);
    const ms = Math.round(performance.now() - started);
    console.log(
      `${kind}: ${lines - 1} rows, ${(bytes / MB).toFixed(1)} MB of CSV in ${ms} ms; ` +
        `RSS ${(before.rss / MB).toFixed(0)} MB before, peak ${(peakRss / MB).toFixed(0)} MB (+${((peakRss - before.rss) / MB).toFixed(0)}); ` +
        `heap ${(before.heapUsed / MB).toFixed(0)} MB before, peak ${(peakHeap / MB).toFixed(0)} MB (+${((peakHeap - before.heapUsed) / MB).toFixed(0)})`,
    );
  } finally {
    await app.close();
    await rm(uploadsDir, { recursive: true, force: true });
  }
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'crease-bench-db-'));
  const pglite = await openDatabase({ dataDir });
  try {
    await measure('PGlite', pglite);
  } finally {
    await pglite.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  const name = `crease_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.log(`PostgreSQL skipped (${error instanceof Error ? error.message : error})`);
    await admin.end().catch(() => undefined);
    return;
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await measure('PostgreSQL', database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
