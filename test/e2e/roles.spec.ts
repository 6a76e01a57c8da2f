/**
 * Roles, as each admin sees them: an owner adds one admin of each role through the API (POST
 * /admin/admins with `role`); each signs in, at 1400 and 390 px, and is shown only what the role may
 * use (menu, Add buttons, dashboard cards, the government ID's reveal, the Admins screens), with axe
 * clean on every page, and a direct URL to a page the role may not open shows Access denied.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ACCESS_DENIED, ADMIN_TEXTS, DASHBOARD_TEXTS, REGISTRATION_TEXTS, ROLE_LABELS, SHELL, SHELL_EXTRA, type Role } from '../../src/domain';
import { expectNoSeriousA11yViolations } from './axe';
import { fanRegistration } from './fan';
import { apiToken } from './session';

const STAMP = Date.now();
const WIDTHS = [1400, 390] as const;
const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

type Session = { token: string; user: { _id: string; role?: string } };

/** An admin of `role` added by this worker's owner, who then chooses their own password: answers that session. */
async function adminWithRole(request: APIRequestContext, role: Role): Promise<Session> {
  const email = `${role}-${STAMP}@crease.local`;
  const first = `first-password-${role}`;
  const own = `own-password-${role}-${STAMP}`;
  const added = await request.post('/admin/admins', {
    headers: { Authorization: `Bearer ${await apiToken(request)}` },
    data: { firstName: ROLE_LABELS[role], lastName: `Tester ${STAMP % 10_000}`, email, password: first, role },
  });
  expect(added.ok(), await added.text()).toBe(true);
  expect((await added.json()).data.role, 'the server keeps the role it was given').toBe(role);
  const signedIn = await request.post('/admin/login', { data: { email, password: first } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const chosen = await request.put('/admin/profile/password', {
    headers: { Authorization: `Bearer ${(await signedIn.json()).data.token}` },
    data: { currentPassword: first, newPassword: own, repeatPassword: own },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  const session = (await chosen.json()).data as Session;
  expect(session.user.role, 'the session answers the role').toBe(role);
  return session;
}

/** A browser signed in with `session` as the app keeps one (one sign-in per role: the server allows 10 a minute). */
async function pageSignedIn(browser: Browser, session: Session): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((kept: Session) => {
    localStorage.setItem('token', kept.token);
    localStorage.setItem('userId', kept.user._id);
    localStorage.setItem('user', JSON.stringify(kept.user));
  }, session);
  return context.newPage();
}

const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const main = (page: Page) => page.getByRole('main');

/** The menu's links and group names, on a wide screen where it is docked. */
async function menuNames(page: Page): Promise<string[]> {
  await expect(sideMenu(page).getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  const links = await sideMenu(page).getByRole('link').allInnerTexts();
  const groups = await sideMenu(page).getByRole('button').allInnerTexts();
  return [...links, ...groups].map((name) => name.trim());
}

async function openDashboard(page: Page, role: Role, width: number) {
  await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
  await page.goto('/dashboard');
  await expect(page.getByText(SHELL.dashboardGreeting)).toBeVisible();
  await expect(page.getByRole('group', { name: DASHBOARD_TEXTS.totalVideos })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: `${role} /dashboard at ${width}` });
  await page.screenshot(shot(`${role}-dashboard-${width}`));
}

/** A direct URL to a page the role may not open: Access denied, naming the role, and a way back. */
async function expectDenied(page: Page, role: Role, path: string, width: number) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: ACCESS_DENIED.title })).toBeVisible();
  await expect(page.getByText(ACCESS_DENIED.body(ROLE_LABELS[role]))).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: `${role} ${path} (access denied) at ${width}` });
  await page.screenshot(shot(`${role}-denied-${width}`));
  await page.getByRole('link', { name: SHELL_EXTRA.backToDashboard }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The video list (empty on the e2e league): its Add button, or none. */
async function expectVideoAdd(page: Page, shown: boolean) {
  await page.goto('/videos');
  await expect(page.getByRole('heading', { level: 1, name: 'Video Management' })).toBeVisible();
  await expect(main(page).getByText(/No videos found|Total Item/).first()).toBeVisible();
  await expect(main(page).getByRole('link', { name: /^Add/ }).first()).toBeVisible({ visible: shown });
  if (!shown) await expect(main(page).getByRole('link', { name: /^Add/ })).toHaveCount(0);
}

test('a viewer reads the content only: no Add, no Users, Registrations, Admins or Activity', async ({ browser, request }) => {
  const page = await pageSignedIn(browser, await adminWithRole(request, 'viewer'));
  for (const width of WIDTHS) {
    await openDashboard(page, 'viewer', width);
    await expect(page.getByRole('group', { name: DASHBOARD_TEXTS.totalUsers })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: DASHBOARD_TEXTS.recentRegistrations })).toHaveCount(0);
    if (width > 600) {
      const names = await menuNames(page);
      expect(names).toContain('Videos');
      for (const hidden of ['User', 'Registrations', 'Admins', 'Activity', 'Add Video']) expect(names).not.toContain(hidden);
    }
    await expectVideoAdd(page, false);
    await expectNoSeriousA11yViolations(page, { label: `viewer /videos at ${width}` });
    await page.screenshot(shot(`viewer-videos-${width}`));
    await expectDenied(page, 'viewer', '/users', width);
  }
});

test('an editor writes the content: Add buttons, no Users, Registrations or Admins', async ({ browser, request }) => {
  const page = await pageSignedIn(browser, await adminWithRole(request, 'editor'));
  for (const width of WIDTHS) {
    await openDashboard(page, 'editor', width);
    await expect(page.getByRole('group', { name: DASHBOARD_TEXTS.registrations })).toHaveCount(0);
    if (width > 600) {
      const names = await menuNames(page);
      for (const hidden of ['User', 'Registrations', 'Admins', 'Activity']) expect(names).not.toContain(hidden);
      expect(names).toContain('Videos');
    }
    await expectVideoAdd(page, true);
    await expectDenied(page, 'editor', '/registrations', width);
  }
});

test('a moderator has Users and Registrations, reveals a government ID, and no Admins', async ({ browser, request }) => {
  const { registration } = await fanRegistration(request, { name: `Mira Moderated${STAMP % 10_000}`, email: `mira-${STAMP}@example.org`, password: 'mira-password-1' });
  const page = await pageSignedIn(browser, await adminWithRole(request, 'moderator'));
  for (const width of WIDTHS) {
    await openDashboard(page, 'moderator', width);
    await expect(page.getByRole('heading', { name: DASHBOARD_TEXTS.recentRegistrations })).toBeVisible();
    if (width > 600) {
      const names = await menuNames(page);
      for (const shown of ['User', 'Registrations']) expect(names).toContain(shown);
      for (const hidden of ['Admins', 'Activity', 'Add Video']) expect(names).not.toContain(hidden);
    }
    await page.goto(`/registrations/${registration}`);
    const reveal = page.getByRole('button', { name: REGISTRATION_TEXTS.showIdNumberLabel });
    await expect(reveal).toBeVisible();
    await reveal.click();
    await expect(page.getByText('2345 6789 4321')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: `moderator /registrations/:id at ${width}` });
    await page.screenshot(shot(`moderator-registration-${width}`));
    await expectVideoAdd(page, false);
    await expectDenied(page, 'moderator', '/admins', width);
  }
});

test('an owner has everything: the Admins screens with each admin\'s role', async ({ browser, request }) => {
  const page = await pageSignedIn(browser, await adminWithRole(request, 'owner'));
  for (const width of WIDTHS) {
    await openDashboard(page, 'owner', width);
    await expect(page.getByRole('group', { name: DASHBOARD_TEXTS.totalUsers })).toBeVisible();
    if (width > 600) {
      const names = await menuNames(page);
      for (const shown of ['User', 'Registrations', 'Admins', 'Activity']) expect(names).toContain(shown);
    }
    await page.goto('/admins');
    await expect(page.getByRole('heading', { level: 1, name: ADMIN_TEXTS.listTitle })).toBeVisible();
    await expect(main(page).getByText(`${ROLE_LABELS.owner} Tester ${STAMP % 10_000}`).first()).toBeVisible();
    if (width > 600) await expect(page.getByRole('columnheader', { name: ADMIN_TEXTS.role })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: `owner /admins at ${width}` });
    await page.screenshot(shot(`owner-admins-${width}`));
    await page.goto('/admins/create');
    await expect(page.getByRole('combobox', { name: new RegExp(ADMIN_TEXTS.role) })).toHaveText(ROLE_LABELS.editor);
    await expectNoSeriousA11yViolations(page, { label: `owner /admins/create at ${width}` });
    await page.screenshot(shot(`owner-admin-create-${width}`));
  }
});
