/**
 * Lighthouse performance scores of the sign-in page, the dashboard and the video list, as served
 * by the built app (`npm run bench:lighthouse` builds first). Not a test: it prints each page's
 * score and the metrics behind it (FCP, LCP, TBT, CLS, Speed Index), offline, in Debian's Chromium.
 *
 * Each page is measured in a fresh browser profile (cold cache). The signed-in pages get the session
 * the way the app keeps it (src/providers/session.ts: `token`, `userId`, `user` in localStorage),
 * written into the profile on a same-origin page that loads no app code, and Lighthouse is told
 * not to clear storage, so it opens the page signed in.
 *
 * `LIGHTHOUSE_DETAILS=1` also prints each page's long main-thread tasks and the scripts that cost the
 * most main-thread time, to find what a low score comes from.
 *
 * `LIGHTHOUSE_PRESET=mobile` uses Lighthouse's default (a throttled phone) instead of its desktop
 * preset; the admin app is used on desktop browsers, so desktop is the default.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { signIn, startInGroup, startServer, stopGroup, storeSession, type Session } from './processes';

const PORT = Number(process.env.BENCH_PORT ?? 8126);
const DEBUG_PORT = Number(process.env.BENCH_DEBUG_PORT ?? 9333);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ADMIN = { email: 'lighthouse@crease.local', password: 'crease-lighthouse-password' };
const MOBILE = process.env.LIGHTHOUSE_PRESET === 'mobile';
const DETAILS = process.env.LIGHTHOUSE_DETAILS === '1';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const PAGES = [
  { name: 'sign-in', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'video list', path: '/videos', signedIn: true },
];

/** A new browser profile; with a session, it is written to the profile's localStorage for the app's origin. */
async function newProfile(session?: Session) {
  const dir = mkdtempSync(join(tmpdir(), 'crease-lighthouse-'));
  if (session) {
    const context = await chromium.launchPersistentContext(dir, { executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
    const page = context.pages()[0] ?? (await context.newPage());
    // /healthz is same-origin JSON: the profile's cache gets none of the app's files.
    await page.goto(`${BASE}/healthz`);
    await page.evaluate(storeSession, session);
    await context.close();
  }
  return dir;
}

const startChrome = (profile: string) =>
  startInGroup(CHROME, [...CHROME_FLAGS, `--remote-debugging-port=${DEBUG_PORT}`, `--user-data-dir=${profile}`, 'about:blank'], {
    output: 'ignore',
    ready: async () => (await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`)).ok,
  });

type Audits = Record<string, { details?: unknown; displayValue?: string }>;
type Table = { items?: Record<string, unknown>[] };

/** The long tasks and the costliest scripts (main-thread time), as lines to print. */
function details(audits: Audits) {
  const rows = (id: string) => ((audits[id]?.details as Table | undefined)?.items ?? []).slice(0, 6);
  const short = (url: unknown) => String(url).replace(BASE, '');
  return [
    ...rows('long-tasks').map((task) => `long task ${Math.round(Number(task.duration))} ms at ${Math.round(Number(task.startTime))} ms: ${short(task.url)}`),
    ...rows('bootup-time').map((script) => `script ${short(script.url)}: ${Math.round(Number(script.total))} ms (evaluation ${Math.round(Number(script.scripting))} ms)`),
    ...rows('mainthread-work-breakdown').map((group) => `main thread ${group.groupLabel}: ${Math.round(Number(group.duration))} ms`),
    `largest contentful paint element: ${JSON.stringify((audits['largest-contentful-paint-element']?.details as Table | undefined)?.items?.[0] ?? null).slice(0, 300)}`,
  ];
}

const ms = (value: number | undefined) => (value === undefined ? '-' : `${Math.round(value)} ms`);

async function measure(path: string, session?: Session) {
  const profile = await newProfile(session);
  const chrome = await startChrome(profile);
  try {
    const flags: Flags = { port: DEBUG_PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true };
    const result = await lighthouse(`${BASE}${path}`, flags, MOBILE ? undefined : desktopConfig);
    if (!result) throw new Error('Lighthouse gave no result');
    const { categories, audits, finalDisplayedUrl, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
    return {
      url: finalDisplayedUrl,
      score: Math.round((categories.performance.score ?? 0) * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      si: audits['speed-index'].numericValue,
      unusedJs: (audits['unused-javascript'].details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes,
      details: DETAILS ? details(audits) : [],
    };
  } finally {
    await stopGroup(chrome);
    rmSync(profile, { recursive: true, force: true });
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crease-lighthouse-data-'));
  // A fresh data folder: the server seeds the demo league (with its images) and creates the admin.
  const server = await startServer(PORT, {
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    SEED: 'demo',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  });
  try {
    const session = await signIn(BASE, ADMIN);
    console.log(`Lighthouse performance (${MOBILE ? 'mobile, throttled' : 'desktop preset'}), cold cache, ${BASE}:`);
    for (const page of PAGES) {
      const run = await measure(page.path, page.signedIn ? session : undefined);
      if (page.signedIn && run.url.endsWith('/login')) throw new Error(`${page.path} was not signed in (ended on ${run.url})`);
      const unused = run.unusedJs === undefined ? '-' : `${Math.round(run.unusedJs / 1024)} KB`;
      console.log(
        `  ${page.name.padEnd(11)} ${page.path.padEnd(11)} score ${String(run.score).padStart(3)}  FCP ${ms(run.fcp)}, LCP ${ms(run.lcp)}, TBT ${ms(run.tbt)}, CLS ${run.cls?.toFixed(3) ?? '-'}, SI ${ms(run.si)}, unused JS ${unused}`,
      );
      for (const line of run.details) console.log(`      ${line}`);
    }
  } finally {
    await stopGroup(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
