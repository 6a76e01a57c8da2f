/**
 * Video list in Chromium with 100,000 videos (`npm run bench:ui` builds first). Not a test: it
 * prints navigation-to-rows-visible times for page 1, a deep page and a search, each in a cold
 * browser context, and what each page transfers opened cold (the sign-in page, the dashboard and
 * every list), headers included, against its budget. BENCH_VIDEOS shrinks the seed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ensureAdmin } from '../../server/auth/accounts';
import { openDatabase } from '../../server/db/connection';
import { seedBulk } from '../../server/seed';
import { signIn, startServer, stopGroup, storeSession, type Session } from './processes';

const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 8124);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'bench@crease.local', password: 'crease-bench-password' };
const DEEP_PAGE = Math.max(1, Math.floor(VIDEOS / 20));

async function seed(dataDir: string) {
  const started = Date.now();
  const database = await openDatabase({ dataDir: join(dataDir, 'db') });
  const { admin } = await ensureAdmin(database.db, ADMIN);
  await seedBulk(database.db, { videos: VIDEOS, news: 0, adminId: admin.id });
  await database.close();
  console.log(`seeded ${VIDEOS} videos in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A fresh browser context (cold cache) that starts signed in, as the app stores a session. */
async function signedInContext(browser: Browser, session: Session) {
  const context = await browser.newContext();
  await context.addInitScript(storeSession, session);
  return context;
}

/** Opens `path` in a fresh context (cold cache) and answers ms until `rows` table rows are visible. */
async function timeRows(browser: Browser, path: string, session: Session, rows = 10) {
  const context = await signedInContext(browser, session);
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(`${BASE}${path}`);
  await page.locator('tbody tr').nth(rows - 1).waitFor({ state: 'visible', timeout: 60_000 });
  const elapsed = Date.now() - started;
  const total = await page.getByText(/^Total Item: \d+/).textContent();
  await context.close();
  return { elapsed, total };
}

type Download = { url: string; transferred: number; raw: number };

/** Every response as Chromium received it: headers plus the body as sent (compressed when it was), and the body unpacked. */
function recordDownloads(page: Page): Promise<Download>[] {
  const downloads: Promise<Download>[] = [];
  page.on('requestfinished', (request) => {
    downloads.push(
      (async () => {
        const sizes = await request.sizes();
        const response = await request.response();
        const raw = response ? (await response.body().catch(() => Buffer.alloc(0))).length : 0;
        return { url: request.url(), transferred: sizes.responseHeadersSize + sizes.responseBodySize, raw };
      })(),
    );
  });
  return downloads;
}

const kb = (list: Download[], key: 'transferred' | 'raw') => (list.reduce((total, entry) => total + entry[key], 0) / 1024).toFixed(1);

/**
 * What a page transfers when opened cold (a fresh context), until its heading shows and the network
 * is quiet: every response, the app's files, API answers and images alike, headers included.
 */
async function pageDownloads(browser: Browser, path: string, session?: Session) {
  const context = session ? await signedInContext(browser, session) : await browser.newContext();
  const page = await context.newPage();
  const bytes = recordDownloads(page);
  await page.goto(`${BASE}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const downloads = await Promise.all(bytes);
  await context.close();
  return downloads;
}

/** Every screen a menu link opens, and the sign-in page, with the most each may transfer cold (KB). */
const LISTS = ['/videos', '/news', '/teams', '/player', '/matches', '/users', '/registrations', '/notifications', '/slides'];
const BUDGETS: [path: string, kb: number][] = [['/login', 180], ['/dashboard', 400], ...LISTS.map((path): [string, number] => [path, 300])];

function printPageTable(rows: { path: string; budget: number; downloads: Download[] }[]) {
  console.log('\nEach page opened cold in Chromium: KB transferred, headers included (every response: app files, API answers, images)');
  console.log('| page | files | KB transferred | of which app files | uncompressed | budget | met |');
  console.log('|:--|--:|--:|--:|--:|--:|:--|');
  for (const { path, budget, downloads } of rows) {
    const assets = downloads.filter((entry) => entry.url.includes('/assets/'));
    const total = Number(kb(downloads, 'transferred'));
    console.log(`| ${path} | ${downloads.length} | ${total.toFixed(1)} | ${kb(assets, 'transferred')} | ${kb(downloads, 'raw')} | ${budget} | ${total <= budget ? 'yes' : 'no'} |`);
  }
  const videos = rows.find((row) => row.path === '/videos')?.downloads ?? [];
  console.log('\nLargest files of /videos:');
  for (const entry of videos.sort((a, b) => b.transferred - a.transferred).slice(0, 8)) {
    console.log(`  ${(entry.transferred / 1024).toFixed(1).padStart(7)} KB  ${entry.url.replace(BASE, '')}`);
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crease-bench-'));
  await seed(dataDir);
  // The seed went into this PGlite folder, so no DATABASE_URL from the caller's environment.
  const server = await startServer(PORT, { DATABASE_URL: '', DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'warn' });
  let browser: Browser | undefined;
  try {
    // Inside the try: a browser that fails to start must not leave the server running.
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    const session = await signIn(BASE, ADMIN);
    const cases = [
      ['first page', '/videos'],
      [`deep page (${DEEP_PAGE} of ${VIDEOS / 10})`, `/videos?page=${DEEP_PAGE}&perPage=10`],
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
    const rows = [];
    for (const [path, budget] of BUDGETS) rows.push({ path, budget, downloads: await pageDownloads(browser, path, path === '/login' ? undefined : session) });
    printPageTable(rows);
  } finally {
    await browser?.close();
    await stopGroup(server);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
