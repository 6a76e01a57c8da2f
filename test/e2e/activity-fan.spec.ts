/**
 * A fan's own write in the admins' Activity log, in the running product: a fan signs up and sends a
 * registration as the app does; the log names the fan ('<name> (app user)'), linking to their page
 * in Users, at 1400 and 390 px (axe clean); once the fan deleted their account, the same entry reads
 * 'Deleted user' and neither names nor links to them.
 */
import { expect, test } from '@playwright/test';
import { DELETED_USER_LABEL } from '../../src/domain/fans';
import { ACTIVITY_TEXTS } from '../../src/domain/messages';
import { expectNoSeriousA11yViolations } from './axe';
import { fanRegistration } from './fan';
import { startSignedIn } from './session';

const STAMP = Date.now();
const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

startSignedIn();
test.use({ viewport: { width: 1400, height: 900 } });

test("a registration sent from the app reads as the fan's in the Activity log, and as 'Deleted user' once they deleted their account", async ({ page, request }) => {
  const fan = { name: `Meera Joshi${STAMP}`, email: `meera.${STAMP}@example.com`, password: 'meera-password-1' };
  const { userId, authorization } = await fanRegistration(request, fan);
  const actor = page.getByRole('link', { name: ACTIVITY_TEXTS.byFan(fan.name) });

  await page.goto('/activity');
  await expect(page.getByRole('heading', { name: 'Activity' }).first()).toBeVisible();
  await expect(actor).toHaveAttribute('href', `/users/${userId}`);
  await page.screenshot(shot('activity-fan-1400'));
  await expectNoSeriousA11yViolations(page);

  // Loaded afresh on a phone: the menu is a closed drawer there, not a modal left open over the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(actor).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot(shot('activity-fan-390'));
  await expectNoSeriousA11yViolations(page);

  await actor.click();
  await expect(page).toHaveURL(new RegExp(`/users/${userId}$`));
  await expect(page.getByText(fan.email).first()).toBeVisible();

  const deleted = await request.delete('/app/v1/account', { headers: { authorization }, data: { password: fan.password } });
  expect(deleted.ok(), await deleted.text()).toBe(true);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/activity');
  await expect(page.getByRole('cell', { name: DELETED_USER_LABEL, exact: true }).first()).toBeVisible();
  await expect(page.getByText(fan.name)).toHaveCount(0);
  await expect(page.locator(`a[href="/users/${userId}"]`)).toHaveCount(0);
  await page.screenshot(shot('activity-fan-deleted-1400'));
});
