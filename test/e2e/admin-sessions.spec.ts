/**
 * Sessions kept on the server: an admin of this file's own (the shared sessions stay untouched) signs
 * in from a script and in a browser; the profile lists both, the browser ends the script's, whose
 * token is then refused; signing out in the browser ends its own token on the server too. The
 * profile's Sessions section and an admin's End All Sessions are checked with axe at 1400 and 390 px.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { AUTH, SESSION_TEXTS } from '../../src/domain/messages';
import { expectNoSeriousA11yViolations } from './axe';
import { apiToken, signIn, startSignedIn } from './session';

const STAMP = Date.now();
const FIRST_PASSWORD = 'first-password-12';

/** An admin of the test's own, added by this worker's admin, with their own password chosen: their account, id and a script's session. */
async function addAdmin(request: APIRequestContext, tag: string) {
  const SAM = { firstName: 'Sam', lastName: `Sessions${tag}${STAMP % 10_000}`, email: `sam-${tag}-${STAMP}@crease.local`, password: 'sam-own-password-1', first: FIRST_PASSWORD };
  const added = await request.post('/admin/admins', {
    headers: { Authorization: `Bearer ${await apiToken(request)}` },
    data: { firstName: SAM.firstName, lastName: SAM.lastName, email: SAM.email, password: SAM.first },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const first = (await (await request.post('/admin/login', { data: { email: SAM.email, password: SAM.first } })).json()).data.token as string;
  const chosen = await request.put('/admin/profile/password', {
    headers: { Authorization: `Bearer ${first}` },
    data: { currentPassword: SAM.first, newPassword: SAM.password, repeatPassword: SAM.password },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  return { admin: SAM, id: (await added.json()).data._id as string, scriptToken: (await chosen.json()).data.token as string };
}

const videosWith = (request: APIRequestContext, token: string) => request.get('/admin/videos', { headers: { Authorization: `Bearer ${token}` } });

test('the profile ends another session, and signing out ends this one on the server', async ({ page, request }, info) => {
  const { admin: sam, scriptToken } = await addAdmin(request, 'a');
  expect((await videosWith(request, scriptToken)).status()).toBe(200);

  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, sam);
  await page.goto('/profile');
  const sessions = page.getByRole('list', { name: SESSION_TEXTS.title });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText(SESSION_TEXTS.thisSession)).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'profile sessions 1400' });
  await page.screenshot({ path: info.outputPath('profile-sessions-1400.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page, { label: 'profile sessions 390' });
  await page.screenshot({ path: info.outputPath('profile-sessions-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1400, height: 900 });

  // The script's session (it sent Playwright's own User-Agent) is the one without "This session".
  await sessions.getByRole('button', { name: /^End the session on/ }).click();
  await expect(page.getByText(SESSION_TEXTS.ended)).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  const refused = await videosWith(request, scriptToken);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toBe(AUTH.sessionExpired);

  // Signing out ends the browser's own token on the server: a copy of it is worth nothing.
  const browserToken = (await page.evaluate(() => localStorage.getItem('token')))!;
  expect((await videosWith(request, browserToken)).status()).toBe(200);
  await page.getByRole('button', { name: `${sam.firstName} ${sam.lastName} (Profile)` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => (await videosWith(request, browserToken)).status()).toBe(401);
});

test.describe('signed in', () => {
  // Ends another admin's sessions, not its own: it starts from the worker's one session.
  startSignedIn();

  test("an admin's page ends all their sessions", async ({ page, request }, info) => {
    const sam = await addAdmin(request, 'b');
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`/admins/${sam.id}`);
    await page.getByRole('button', { name: SESSION_TEXTS.endAll }).click();
    await expect(page.getByRole('dialog', { name: SESSION_TEXTS.endAllTitle })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'end all sessions dialog' });
    await page.screenshot({ path: info.outputPath('admin-end-sessions-1400.png'), fullPage: true });
    await page.getByRole('dialog').getByRole('button', { name: SESSION_TEXTS.endAll }).click();
    await expect(page.getByText(SESSION_TEXTS.allEnded(1))).toBeVisible();
    // Checked once the dialog has gone: while it fades out, axe reads its half-transparent text.
    await expect(page.getByRole('dialog')).toBeHidden();
    expect((await videosWith(request, sam.scriptToken)).status()).toBe(401);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page, { label: 'admin detail 390' });
    await page.screenshot({ path: info.outputPath('admin-end-sessions-390.png'), fullPage: true });
  });
});
