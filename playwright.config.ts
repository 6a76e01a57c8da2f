import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './test/e2e/admin';

const port = Number(process.env.E2E_PORT ?? 8199);
/**
 * Debian's chromium-headless-shell (`apt-get install chromium-headless-shell`, same version as its
 * chromium): Chromium's headless shell without the full browser's UI layers, the lighter of the two on
 * cores the server and two workers share (the shell, teams and videos specs at a load of about 30 took
 * 62 s of CPU and 9.8 min in it, 95 s and 13.6 min in the full browser). Where it is not installed, the
 * full Chromium runs headless.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const browserPath = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
// The workers' locks (test/e2e/lock.ts): one folder for the run, made where the run starts and
// handed to its workers through the environment (they load this file again).
process.env.E2E_LOCK_DIR ??= mkdtempSync(join(tmpdir(), 'crease-e2e-locks-'));

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // Two workers share the one server; the few tests counting a shared total hold a lock (test/e2e/lock.ts).
  workers: 2,
  retries: 0,
  // A whole flow (add, find, open, edit, delete; a match with its images) took over a minute in a fresh-clone
  // CI run, with two workers, their browsers and the server sharing two cores at a load of 10-14.
  timeout: 150_000,
  // A page's lazily loaded screen (the news form with its editor) can take over Playwright's default 5 s to
  // appear while two workers, their browsers and the server share two cores; waiting longer for what must
  // appear weakens no assertion.
  expect: { timeout: 15_000 },
  // The HTML report keeps a failure's screenshot (test-results/ is emptied at the start of each run).
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${port}`,
    // The specs take their own 1400 and 390 px screenshots where they matter; a failure still gets one.
    screenshot: 'only-on-failure',
    // No trace: recording one for every test (to keep it only on failure) cost about a quarter of the axe
    // pass's time on two cores (17 screens: 2.9 min with it, 2.2 without). A failure still keeps its
    // screenshot and its page snapshot (error-context.md); `npx playwright test --trace on` records one.
    trace: 'off',
    launchOptions: {
      executablePath: browserPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // Push delivery set up against a fake FCM in the same process, so sends really run and end.
    // E2E_PREBUILT=1: dist/ already holds this tree's build (.ci/run builds it beside the type check and lint).
    command: `${process.env.E2E_PREBUILT === '1' ? '' : 'npm run build && '}npx tsx test/e2e/serve-with-fcm.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // A fresh database for every run, so the seeded admin is always the one below.
      DATA_DIR: mkdtempSync(join(tmpdir(), 'crease-e2e-')),
      // No league (no videos, news, teams, matches…), but the reference lists its forms choose from
      // (sports, stadiums, places), which no screen or API call can add.
      SEED: 'lookups',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  },
});
