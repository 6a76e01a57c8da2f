/**
 * Two-factor authentication, as an admin does it: turn TOTP on from the profile (the QR code's secret
 * typed into an "app", here otpauth), keep the recovery codes, sign out, sign in with a code, then with
 * a recovery code; turn it off with the password. Each new state is checked with axe and photographed
 * at 1400 and 390 px. The admin is one of its own, so no other spec file's sign-ins meet a second step.
 */
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR_TEXTS } from '../../src/domain/messages';
import { adminName, type E2EAdmin } from './admin';
import { expectNoSeriousA11yViolations } from './axe';
import { apiToken } from './session';

const STAMP = Date.now();
const TESS: E2EAdmin = { email: `tess-${STAMP}@crease.local`, password: 'tess-own-password', firstName: 'Tess', lastName: `Factor${STAMP % 10_000}` };

/** Tess, added by this worker's admin, with her own password chosen: answers her session (sign-ins are few: 10 a minute per address). */
async function addTess(request: APIRequestContext) {
  const first = 'tess-first-password';
  const added = await request.post('/admin/admins', {
    headers: { Authorization: `Bearer ${await apiToken(request)}` },
    data: { firstName: TESS.firstName, lastName: TESS.lastName, email: TESS.email, password: first },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const session = (await (await request.post('/admin/login', { data: { email: TESS.email, password: first } })).json()).data.token as string;
  const chosen = await request.put('/admin/profile/password', {
    headers: { Authorization: `Bearer ${session}` },
    data: { currentPassword: first, newPassword: TESS.password, repeatPassword: TESS.password },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  return (await chosen.json()).data as { token: string; user: { _id: string } };
}

/** Checks the page with axe and photographs it at both widths, ending at 1400 px. */
async function lookAt(page: Page, info: TestInfo, name: string) {
  for (const width of [390, 1400]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoSeriousA11yViolations(page, { label: `${name} at ${width} px` });
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

async function passwordStep(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(TESS.email);
  await page.getByLabel('Password', { exact: false }).first().fill(TESS.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: TWO_FACTOR_TEXTS.stepTitle })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: `${adminName(TESS)} (Profile)` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('turns TOTP on in the profile, signs in with a code, then with a recovery code, and turns it off', async ({ page, request }, info) => {
  const session = await addTess(request);
  await page.goto('/login');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userId', user._id);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);

  await page.goto('/profile');
  const section = page.getByRole('heading', { name: TWO_FACTOR_TEXTS.title });
  await expect(section).toBeVisible();
  await expect(page.getByText(TWO_FACTOR_TEXTS.statusOff)).toBeVisible();
  await page.getByRole('button', { name: TWO_FACTOR_TEXTS.turnOn }).click();
  await expect(page.getByRole('img', { name: TWO_FACTOR_TEXTS.qrAlt })).toBeVisible();
  await lookAt(page, info, 'two-factor-scan');

  // The authenticator app, given the secret as text.
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const app = new TOTP({ secret: Secret.fromBase32(secret) });
  await page.getByRole('textbox', { name: TWO_FACTOR_TEXTS.code, exact: true }).fill('000000' === app.generate() ? '111111' : '000000');
  await page.getByRole('button', { name: TWO_FACTOR_TEXTS.confirm }).click();
  await expect(page.getByText(TWO_FACTOR_TEXTS.wrongCode)).toBeVisible();
  await page.getByRole('textbox', { name: TWO_FACTOR_TEXTS.code, exact: true }).fill(app.generate());
  await page.getByRole('button', { name: TWO_FACTOR_TEXTS.confirm }).click();

  const codes = page.getByRole('list', { name: TWO_FACTOR_TEXTS.recoveryTitle }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
  // The toast saying so, fully shown (axe measures its contrast midway through its fade otherwise).
  await expect(page.getByText(TWO_FACTOR_TEXTS.turnedOn)).toBeVisible();
  await expect(page.locator('.MuiSnackbarContent-root')).toHaveCSS('opacity', '1');
  await lookAt(page, info, 'two-factor-recovery-codes');
  await page.getByRole('button', { name: TWO_FACTOR_TEXTS.recoveryDone }).click();
  await expect(page.getByText(TWO_FACTOR_TEXTS.statusOn)).toBeVisible();
  await signOut(page);

  // The password alone is not enough now. The code that confirmed is taken: the app's next one signs in
  // (a code is accepted for the step after the current one too, so no waiting).
  await passwordStep(page);
  await lookAt(page, info, 'two-factor-sign-in-step');
  await page.getByRole('textbox', { name: TWO_FACTOR_TEXTS.stepCode }).fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: TWO_FACTOR_TEXTS.stepSubmit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);

  // Without the phone: a recovery code, once.
  await passwordStep(page);
  await page.getByRole('textbox', { name: TWO_FACTOR_TEXTS.stepCode }).fill(recoveryCodes[0]);
  await page.getByRole('button', { name: TWO_FACTOR_TEXTS.stepSubmit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);
  await passwordStep(page);
  await page.getByRole('textbox', { name: TWO_FACTOR_TEXTS.stepCode }).fill(recoveryCodes[0]);
  await page.getByRole('button', { name: TWO_FACTOR_TEXTS.stepSubmit }).click();
  await expect(page.getByText(TWO_FACTOR_TEXTS.wrongCode)).toBeVisible();
  await page.getByRole('textbox', { name: TWO_FACTOR_TEXTS.stepCode }).fill(recoveryCodes[1]);
  await page.getByRole('button', { name: TWO_FACTOR_TEXTS.stepSubmit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Off, with the password.
  await page.goto('/profile');
  await page.getByRole('button', { name: TWO_FACTOR_TEXTS.turnOff }).click();
  await page.getByRole('textbox', { name: TWO_FACTOR_TEXTS.password, exact: true }).fill(TESS.password);
  await lookAt(page, info, 'two-factor-turn-off');
  await page.getByRole('button', { name: TWO_FACTOR_TEXTS.turnOff }).click();
  await expect(page.getByText(TWO_FACTOR_TEXTS.statusOff)).toBeVisible();
});
