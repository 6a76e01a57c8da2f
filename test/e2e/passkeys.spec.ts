/**
 * Passkeys in Chromium with its virtual authenticator (DevTools' WebAuthn domain): an admin adds one
 * on the profile, signs out, and signs in with it alone; then signs in with the password, which now
 * asks for the passkey as the second step. WebAuthn takes no IP address as a site, so this spec opens
 * the app at `localhost` (the server's RP ID is then the request's host: PUBLIC_URL names 127.0.0.1).
 * The admin is one of this file's own: a passkey would change every other spec file's sign-in.
 */
import { expect, test, type Page } from '@playwright/test';
import { PASSKEY_TEXTS } from '../../src/domain/messages';
import { expectNoSeriousA11yViolations } from './axe';
import { apiToken } from './session';

const STAMP = Date.now();
const ADMIN = { firstName: 'Pia', lastName: `Passkey${STAMP % 10_000}`, email: `pia-${STAMP}@crease.local`, first: 'first-password-12', own: 'pia-own-password' };

async function addAdmin(request: import('@playwright/test').APIRequestContext) {
  const added = await request.post('/admin/admins', {
    headers: { Authorization: `Bearer ${await apiToken(request)}` },
    data: { firstName: ADMIN.firstName, lastName: ADMIN.lastName, email: ADMIN.email, password: ADMIN.first },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const first = (await (await request.post('/admin/login', { data: { email: ADMIN.email, password: ADMIN.first } })).json()).data.token as string;
  const chosen = await request.put('/admin/profile/password', {
    headers: { Authorization: `Bearer ${first}` },
    data: { currentPassword: ADMIN.first, newPassword: ADMIN.own, repeatPassword: ADMIN.own },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
}

/** Chromium's virtual authenticator for this page: a platform passkey that verifies its user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

async function shoot(page: Page, name: string) {
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page, { label: `${name} at ${width} px` });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

async function signOut(page: Page) {
  // The top bar hides while the page is scrolled down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: `${ADMIN.firstName} ${ADMIN.lastName} (Profile)` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('adds a passkey on the profile, signs in with it alone, and as the second step after the password', async ({ browser, request }, info) => {
  await addAdmin(request);
  const origin = String(info.project.use.baseURL).replace('127.0.0.1', 'localhost');
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const authenticator = await virtualAuthenticator(page);

  // Signed in with the password, the admin adds a passkey from the profile.
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: false }).first().fill(ADMIN.own);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: PASSKEY_TEXTS.title })).toBeVisible();
  await expect(page.getByText(PASSKEY_TEXTS.none)).toBeVisible();
  await page.getByLabel(PASSKEY_TEXTS.name).fill('Chromium test key');
  await page.getByRole('button', { name: PASSKEY_TEXTS.add }).click();
  await expect(page.getByText(PASSKEY_TEXTS.addSucceeded)).toBeVisible();
  const list = page.getByRole('list', { name: PASSKEY_TEXTS.title });
  await expect(list.getByText('Chromium test key')).toBeVisible();
  await expect(list.getByText(PASSKEY_TEXTS.neverUsed, { exact: false })).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  await shoot(page, 'profile-passkeys');

  // Signed out, the passkey alone signs the admin in.
  await signOut(page);
  await expect(page.getByRole('button', { name: PASSKEY_TEXTS.signIn })).toBeVisible();
  await shoot(page, 'login-passkey');
  await page.getByRole('button', { name: PASSKEY_TEXTS.signIn }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  await expect(page.getByRole('list', { name: PASSKEY_TEXTS.title }).getByText(PASSKEY_TEXTS.lastUsed(''), { exact: false })).toBeVisible();

  // The password alone is no longer enough: the second step offers the passkey.
  await signOut(page);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: false }).first().fill(ADMIN.own);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(PASSKEY_TEXTS.secondStepIntro)).toBeVisible();
  await shoot(page, 'second-step-passkey');
  await page.getByRole('button', { name: PASSKEY_TEXTS.secondStep }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Removed, it is gone from the list.
  await page.goto('/profile');
  await page.getByRole('button', { name: `${PASSKEY_TEXTS.remove} Chromium test key` }).click();
  await page.getByRole('button', { name: PASSKEY_TEXTS.remove, exact: true }).click();
  await expect(page.getByText(PASSKEY_TEXTS.none)).toBeVisible();
  await context.close();
});
