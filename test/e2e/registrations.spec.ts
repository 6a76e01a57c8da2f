/**
 * Registrations and users in the running product. Neither can be made through the admin API (they
 * come from the mobile app), and the suite's own server starts without a league, so this spec starts
 * a second server of its own on the next port, with the demo league (SEED=demo: the seed `npm start`
 * uses, drawn from a fixed faker seed), in a fresh data folder, serving the app the suite has built.
 * It is stopped after this file's tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './admin';
import { expectNoSeriousA11yViolations } from './axe';
import { signIn } from './session';

const port = Number(process.env.E2E_PORT ?? 8199) + 1;
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
let dataDir: string | undefined;

/** Signed in through the form once (the server allows 10 sign-ins a minute); every test starts from that session. */
const sessionFile = join(tmpdir(), `crease-e2e-registrations-${port}.json`);

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: base, storageState: sessionFile });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), 'crease-e2e-demo-'));
  server = spawn('npx', ['tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo', ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  await expect
    .poll(async () => (await fetch(`${base}/healthz`).catch(() => undefined))?.ok ?? false, { timeout: 220_000, intervals: [1000] })
    .toBe(true);
  const context = await browser.newContext({ baseURL: base, storageState: undefined });
  // This file's own server knows only the admin it starts with.
  await signIn(await context.newPage(), E2E_ADMIN);
  await context.storageState({ path: sessionFile });
  await context.close();
});

test.afterAll(async () => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  rmSync(sessionFile, { force: true });
});

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name} \\(`) });
/** The number a tab shows: 'Pending (12)' → 12. */
async function countOf(page: Page, name: string) {
  await expect(tab(page, name)).toBeVisible();
  return Number((await tab(page, name).textContent())!.match(/\(([\d,]+)\)/)![1].replace(/,/g, ''));
}
const rows = (page: Page) => page.locator('tbody tr');
/** The list's filter as its URL holds it ('?filter={"status":"approved"}'). */
function listFilter(page: Page) {
  const filter = new URL(page.url()).searchParams.get('filter');
  return filter ? JSON.parse(filter) : {};
}

async function openPending(page: Page) {
  await page.goto('/registrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrations' })).toBeVisible();
  await tab(page, 'Pending').click();
  await expect(page).toHaveURL(/status/);
  await expect(rows(page).first().getByLabel('Status: pending')).toBeVisible();
}

test('approve from the detail page: the badge turns green and the tab counts move', async ({ page }) => {
  await openPending(page);
  const pending = await countOf(page, 'Pending');
  const approved = await countOf(page, 'Approved');
  await rows(page).first().getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Details' }).first()).toBeVisible();
  await expect(page.getByLabel('Status: pending')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Registration approved')).toBeVisible();
  await expect(page.getByLabel('Status: approved')).toBeVisible();
  await page.goto('/registrations');
  await expect.poll(() => countOf(page, 'Pending')).toBe(pending - 1);
  expect(await countOf(page, 'Approved')).toBe(approved + 1);
});

test("the government ID number: masked, Show (from the keyboard) asks for it whole and the page's History records it, Hide masks it again", async ({ page }) => {
  await page.goto('/registrations');
  await rows(page).first().getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Details' }).first()).toBeVisible();
  // The demo league's registrations were not sent from the app: no fan to name.
  await expect(page.getByText(/^Submitted on /)).toBeVisible();
  const basic = page.getByRole('region', { name: 'Basic Information' });
  const masked = basic.getByText(/^X[X-]*-?[A-Z0-9]{1,4}$/);
  await expect(masked).toBeVisible();
  const shown = (await masked.textContent())!;
  const show = basic.getByRole('button', { name: 'Show the full government ID number' });
  await show.focus();
  await page.keyboard.press('Enter');
  const hide = basic.getByRole('button', { name: 'Hide the government ID number' });
  await expect(hide).toBeVisible();
  await expect(masked).toHaveCount(0);
  // The number beside the button: whole now, ending as the mask did.
  const number = hide.locator('xpath=..');
  await expect(number).toContainText(shown.slice(-4));
  await expect(number).not.toContainText(shown);
  await expect(page.getByRole('region', { name: 'History' }).getByText(/^Viewed the government ID · /).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'registration detail, number shown' });
  await page.screenshot({ path: test.info().outputPath('registration-id-shown-desk.png') });
  // On a phone: the page opened afresh shows the mask again, until shown.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(basic.getByText(shown, { exact: true })).toBeVisible();
  await basic.getByRole('button', { name: 'Show the full government ID number' }).click();
  await expect(hide).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('registration-id-shown-phone.png'), fullPage: true });
  await hide.click();
  await expect(basic.getByText(shown, { exact: true })).toBeVisible();
  await expect(basic.getByRole('button', { name: 'Show the full government ID number' })).toBeVisible();
});

test('bulk-reject two registrations from the list, then Undo', async ({ page }) => {
  await openPending(page);
  const pending = await countOf(page, 'Pending');
  const names = [await rows(page).nth(0).locator('td').nth(1).textContent(), await rows(page).nth(1).locator('td').nth(1).textContent()];
  await rows(page).nth(0).getByRole('checkbox').check();
  await rows(page).nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('2 registrations rejected')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.reload();
  await expect.poll(() => countOf(page, 'Pending')).toBe(pending);
  for (const name of names) await expect(page.getByRole('row', { name: new RegExp(name!) }).getByLabel('Status: pending')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('registrations-desk.png') });
});

test('a cascading choice in the edit form, saved and read back', async ({ page }) => {
  await page.goto('/registrations');
  await rows(page).first().getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Registration' }).first()).toBeVisible();
  const state = page.getByRole('combobox', { name: 'State' });
  await expect(state).not.toHaveText(/^[\s\u200b]*$/);
  const before = (await state.textContent())!.trim();
  await state.click();
  await page.getByRole('option').filter({ hasNotText: before }).filter({ hasText: /[^\s\u200b]/ }).first().click();
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveText(/^[\s\u200b]*$/);
  await page.getByRole('combobox', { name: 'District' }).click();
  const district = page.getByRole('option').filter({ hasText: /[^\s\u200b]/ }).first();
  const districtName = (await district.textContent())!.trim();
  await district.click();
  await page.getByRole('combobox', { name: 'City' }).click();
  const city = page.getByRole('option').filter({ hasText: /[^\s\u200b]/ }).first();
  const cityName = (await city.textContent())!.trim();
  await city.click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Registration Details' }).first()).toBeVisible();
  const location = page.getByRole('region', { name: 'Location' });
  await expect(location.getByText(districtName, { exact: true })).toBeVisible();
  await expect(location.getByText(cityName, { exact: true })).toBeVisible();
});

test('delete a registration', async ({ page }) => {
  await page.goto('/registrations');
  await rows(page).first().getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Details' }).first()).toBeVisible();
  const url = page.url();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to delete this registration? This action cannot be undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Registration deleted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/registrations$/);
  await page.goto(url);
  await expect(page.getByText('Registration not found').first()).toBeVisible();
});

test('the CSV export downloads exactly the filtered rows', async ({ page, request }) => {
  await page.goto('/registrations');
  await tab(page, 'Approved').click();
  // The tab has landed (in the URL and the search form) before the search is typed: a search typed
  // within the same instant would be merged with the form's older filters.
  await expect(tab(page, 'Approved')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => listFilter(page)).toEqual({ status: 'approved' });
  await page.getByRole('textbox', { name: 'Search by name, email or phone...' }).fill('a');
  await expect.poll(() => listFilter(page)).toEqual({ status: 'approved', q: 'a' });
  // The list has settled on the search and the tab: its total is the tab's count.
  await expect.poll(async () => (await page.getByText(/^Total Item: \d+$/).textContent()) === `Total Item: ${await countOf(page, 'Approved')}`).toBe(true);
  await expect(rows(page).first().getByLabel('Status: approved')).toBeVisible();
  const total = await countOf(page, 'Approved');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('registrations.csv');
  const text = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Full Name,Email,DOB,Phone,City,Playing Role,Status,Created At,State,District,Area,Pincode,Address,Government ID Type,Government ID Number');
  expect(lines).toHaveLength(total + 1);
  // The same rows as the API's list for that search and tab.
  const login = await (await request.post('/admin/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).json();
  const token = login.token ?? login.data.token;
  const listed = await (await request.get('/admin/registrations?status=approved&search=a&limit=100', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(listed.data.totalDocs).toBe(total);
  const emails = listed.data.docs.map((doc: { email: string | null }) => doc.email ?? '').sort();
  expect(lines.slice(1).map((line) => line.split(',')[1]).sort()).toEqual(emails);
});

test('the user search and the user detail page', async ({ page }) => {
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  const name = (await rows(page).nth(2).locator('td').first().textContent())!.trim();
  await page.getByRole('textbox', { name: 'Search users by name or email...' }).fill(name);
  await expect(page.getByText(/^Total Item: \d+$/)).toHaveText(/Total Item: [1-9]/);
  await expect(rows(page).first()).toContainText(name);
  await rows(page).first().getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { name: 'User Details' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();
  const id = page.url().split('/').pop();
  await page.goto(`/user/${id}/view`);
  await expect(page).toHaveURL(new RegExp(`/users/${id}$`));
});

for (const viewport of [
  { name: 'desk', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`axe on every new page at ${viewport.width} px, and no sideways scrolling on the phone`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/registrations');
    await expect(page.getByRole('heading', { level: 1, name: 'Registrations' })).toBeVisible();
    await expect(page.getByText(/^Total Item: \d+$/)).toBeVisible();
    const detail = new URL((await page.getByRole('link', { name: 'View' }).first().getAttribute('href'))!, base).pathname;
    await page.goto('/users');
    await expect(page.getByText(/^Total Item: \d+$/)).toBeVisible();
    const user = new URL((await page.getByRole('link', { name: 'View' }).first().getAttribute('href'))!, base).pathname;
    for (const [path, heading, shot] of [
      ['/registrations', 'Registrations', 'registrations-list'],
      [detail, 'Registration Details', 'registrations-detail'],
      [`${detail}/edit`, 'Edit Registration', 'registrations-edit'],
      ['/users', 'User Management', 'users-list'],
      [user, 'User Details', 'users-detail'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page, { label: `${path} at ${viewport.name}` });
      if (viewport.name === 'phone') {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      }
      await page.screenshot({ path: test.info().outputPath(`${shot}-${viewport.name}.png`), fullPage: true });
    }
  });
}
