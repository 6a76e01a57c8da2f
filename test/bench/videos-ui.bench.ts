/**
 * Video list in Chromium with 100,000 videos (issue 4's measurement; run with
 * `npx tsx test/bench/videos-ui.bench.ts` after `npm run build`). Not a test: it prints
 * navigation-to-rows-visible times for page 1, a deep page and a search, each in a cold browser
 * context, and the gzipped size of what /videos downloads.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { ensureAdmin } from '../../server/auth/accounts';
import { openDatabase } from '../../server/db/connection';
import { seedBulk } from '../../server/seed';

const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 8124);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'bench@crease.local', password: 'crease-bench-password' };

async function seed(dataDir: string) {
  const started = Date.now();
  const database = await openDatabase({ dataDir: join(dataDir, 'db') });
  const { admin } = await ensureAdmin(database.db, ADMIN);
  await seedBulk(database.db, { videos: VIDEOS, news: 0, adminId: admin.id });
  await database.close();
  console.log(`seeded ${VIDEOS} videos in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function startServer(dataDir: string) {
  const server = spawn('npx', ['tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('server did not start');
}

async function signInState() {
  const response = await fetch(`${BASE}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token, user } = (await response.json()) as { token: string; user: { _id: string } };
  return { token, user };
}

/** Opens `path` in a fresh context (cold cache) and answers ms until `rows` table rows are visible. */
async function timeRows(browser: Browser, path: string, session: { token: string; user: { _id: string } }, rows = 10) {
  const context = await browser.newContext();
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('userId', s.user._id);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
  const page = await context.newPage();
  const bytes: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (response) => {
    try {
      const body = await response.body();
      bytes.push({ url: response.url(), raw: body.length, gzip: gzipSync(body).length });
    } catch {
      // redirects have no body
    }
  });
  const started = Date.now();
  await page.goto(`${BASE}${path}`);
  await page.locator('tbody tr').nth(rows - 1).waitFor({ state: 'visible', timeout: 60_000 });
  const elapsed = Date.now() - started;
  const total = await page.getByText(/^Total Item: \d+/).textContent();
  await page.waitForLoadState('networkidle');
  await context.close();
  return { elapsed, total, bytes };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crease-bench-'));
  await seed(dataDir);
  const server = await startServer(dataDir);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const session = await signInState();
    const cases = [
      ['first page', '/videos'],
      ['deep page (5,000 of 10,000)', '/videos?page=5000&perPage=10'],
      ['search "thriller"', `/videos?filter=${encodeURIComponent(JSON.stringify({ q: 'thriller' }))}`],
    ] as const;
    // One warm-up so the database's first-query costs do not land on the first case.
    await timeRows(browser, '/videos', session);
    for (const [name, path] of cases) {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await timeRows(browser, path, session));
      const times = runs.map((run) => run.elapsed).sort((a, b) => a - b);
      console.log(`${name.padEnd(30)} median ${times[1]} ms (runs ${times.join(', ')} ms)  ${runs[0].total}`);
    }
    const { bytes } = await timeRows(browser, '/videos', session);
    const assets = bytes.filter((entry) => !entry.url.includes('/admin/'));
    const sum = (list: typeof bytes, key: 'raw' | 'gzip') => (list.reduce((total, entry) => total + entry[key], 0) / 1024).toFixed(1);
    console.log(`/videos downloads: ${assets.length} app files, ${sum(assets, 'gzip')} KB gzipped (${sum(assets, 'raw')} KB raw)`);
    for (const entry of assets.sort((a, b) => b.gzip - a.gzip).slice(0, 8)) {
      console.log(`  ${(entry.gzip / 1024).toFixed(1).padStart(7)} KB  ${entry.url.replace(BASE, '')}`);
    }
    const api = bytes.filter((entry) => entry.url.includes('/admin/'));
    console.log(`API responses: ${api.length}, ${sum(api, 'gzip')} KB gzipped`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
