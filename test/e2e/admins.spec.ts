/**
 * Two admins at once, each in their own browser: B edits a team; A sees B's name and the change in
 * the team's History and on /activity; A deactivates B, and B's next click lands on the sign-in page
 * with the reason. a11y.spec.ts checks the admin, activity and profile pages with axe.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { AUTH } from '../../src/domain/messages';
import { apiToken, createTeam, sharedSession } from './session';

const STAMP = Date.now();
const B = { firstName: 'Bea', lastName: `Brown${STAMP % 10_000}`, email: `bea-${STAMP}@crease.local`, first: 'first-password-12', own: 'bea-own-password' };
const beaName = `${B.firstName} ${B.lastName}`;

/** B added by A, who then chooses her own password: answers her id and session. */
async function addBea(request: APIRequestContext, token: string) {
  const added = await request.post('/admin/admins', {
    headers: { Authorization: `Bearer ${token}` },
    data: { firstName: B.firstName, lastName: B.lastName, email: B.email, password: B.first },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const first = (await (await request.post('/admin/login', { data: { email: B.email, password: B.first } })).json()).data.token as string;
  const chosen = await request.put('/admin/profile/password', {
    headers: { Authorization: `Bearer ${first}` },
    data: { currentPassword: B.first, newPassword: B.own, repeatPassword: B.own },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  return { id: (await added.json()).data._id as string, session: (await chosen.json()).data as { token: string; user: { _id: string } } };
}

test('B edits a team; A sees it by name, deactivates B, and B is sent to sign in', async ({ browser, request }, info) => {
  const token = await apiToken(request);
  const team = await createTeam(request, `Coastal Comets ${STAMP}`, token);
  const bea = await addBea(request, token);

  const asA = await browser.newContext({ storageState: await sharedSession(browser, info) });
  const asB = await browser.newContext();
  const a = await asA.newPage();
  const b = await asB.newPage();

  await b.goto('/login');
  await b.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userId', user._id);
    localStorage.setItem('user', JSON.stringify(user));
  }, bea.session);
  await b.goto(`/teams/${team}/edit`);
  const coach = b.getByLabel('Coach Name');
  await expect(coach).toHaveValue('Coastal Coach');
  await coach.fill('Bea Picked');
  await b.getByRole('button', { name: 'Update Team' }).click();
  await expect(b).toHaveURL(/\/teams$/);

  await a.goto(`/teams/${team}`);
  const history = a.getByRole('region', { name: 'History' });
  await expect(history.getByText(`Updated · ${beaName}`)).toBeVisible();
  await expect(history.getByText('Coastal Coach → Bea Picked')).toBeVisible();
  await a.screenshot({ path: info.outputPath('team-history.png'), fullPage: true });

  await a.goto('/activity');
  const row = a.getByRole('row').filter({ hasText: `Coastal Comets ${STAMP}` }).filter({ hasText: beaName });
  await expect(row).toContainText('Bea Picked');
  await a.screenshot({ path: info.outputPath('activity.png'), fullPage: true });

  await a.goto(`/admins/${bea.id}`);
  await a.getByRole('button', { name: 'Deactivate' }).click();
  await a.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(a.getByText('Inactive')).toBeVisible();

  // Bea was added without a role, so she is an editor: the menu offers her the content, not the app's users.
  await b.getByRole('link', { name: 'App Slides', exact: true }).click();
  await expect(b).toHaveURL(/\/login/);
  await expect(b.getByText(AUTH.accountDeactivated)).toBeVisible();
  await b.screenshot({ path: info.outputPath('deactivated-sign-in.png'), fullPage: true });

  await asA.close();
  await asB.close();
});
