import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './admin';

const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('sign in, land on the dashboard, sign out, and the guard sends you back to /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.screenshot(shot('login'));

  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: false }).first().fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Welcome back! Here's what's happening today.")).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await page.screenshot(shot('dashboard'));

  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot(shot('signed-out'));

  await page.goto('/teams/create');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
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
