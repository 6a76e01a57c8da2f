import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FAKE_ADMIN_PASSWORD } from '../../src/providers/fakeLeague';
import { adminName } from './admin';
import { startSignedIn, workerAdmin } from './session';

/** The side menu: a navigation landmark with plain links. */
const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const menuLink = (page: Page, name: string) => sideMenu(page).getByRole('link', { name, exact: true });

const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('sign in, land on the dashboard, sign out, and the guard sends you back to /login', async ({ page }) => {
  const admin = await workerAdmin(page.request);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.screenshot(shot('login'));

  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: false }).first().fill(admin.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Welcome back! Here's what's happening today.")).toBeVisible();
  await expect(menuLink(page, 'Dashboard')).toBeVisible();
  await page.screenshot(shot('dashboard'));

  // The button shows the admin's name; its accessible name holds that text.
  await page.getByRole('button', { name: `${adminName(admin)} (Profile)` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot(shot('signed-out'));

  await page.goto('/teams/create');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await page.screenshot(shot('guard'));
});

test('the privacy policy renders without signing in', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page.getByText(/not meant for children under 13/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
  await page.screenshot(shot('privacy'));
});

test('the sign-in page downloads neither the rich-text editor nor the chart', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const code = (await Promise.all(scripts)).join('\n');
  expect(code.length).toBeGreaterThan(0);
  // Marks that only tiptap/ProseMirror and MUI X Charts carry.
  expect(code).not.toContain('ProseMirror');
  expect(code).not.toContain('MuiChartsSurface');
});

test('the build this suite serves holds no in-memory league (only VITE_FAKE_API=1 builds do)', async () => {
  const assets = join('dist', 'assets');
  const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
  expect(files.length).toBeGreaterThan(0);
  const withFakeLeague = files.filter((name) => readFileSync(join(assets, name), 'utf8').includes(FAKE_ADMIN_PASSWORD));
  expect(withFakeLeague).toEqual([]);
});

test.describe('signed in', () => {
  // Not about signing in: it starts from the worker's one session.
  startSignedIn();

  test('the side menu takes 18% of the screen, 15% on very wide screens, and is a drawer on phones', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByText("Welcome back! Here's what's happening today.")).toBeVisible();

    const menuWidth = async () => (await sideMenu(page).boundingBox())!.width;
    for (const [width, share] of [
      [1400, 0.18],
      [1920, 0.15],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(menuWidth).toBeCloseTo(width * share, -1);
      // The page content starts where the menu ends: nothing hides under it.
      const heading = await page.getByText("Welcome back! Here's what's happening today.").boundingBox();
      expect(heading!.x).toBeGreaterThanOrEqual(width * share);
    }
    await page.screenshot(shot('menu-wide'));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByText("Welcome back! Here's what's happening today.")).toBeVisible();
    await expect(menuLink(page, 'Dashboard')).toBeHidden();
    await page.getByRole('button', { name: /open menu|close menu/i }).first().click();
    await expect(menuLink(page, 'App Slides')).toBeVisible();
    // Once the drawer has slid in, the whole menu is on screen.
    await expect(menuLink(page, 'Dashboard')).toBeInViewport({ ratio: 1 });
    const drawer = (await sideMenu(page).boundingBox())!;
    expect(drawer.x).toBeGreaterThanOrEqual(0);
    await page.screenshot(shot('menu-phone'));
    await menuLink(page, 'App Slides').click();
    await expect(page).toHaveURL(/\/slides$/);
    await expect(menuLink(page, 'App Slides')).toBeHidden();
  });
});
