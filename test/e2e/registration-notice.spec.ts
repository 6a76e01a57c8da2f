/**
 * A fan hears back, in the running product (push set up against the fake FCM): a fan signs up and
 * links a phone as the app does, sends a registration; an admin approves it on its page, which then
 * says the fan was notified on their phone. Screenshots and axe at 1400 and 390 px.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { fanRegistration } from './fan';
import { withLock } from './lock';
import { startSignedIn } from './session';

const STAMP = Date.now();
const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

startSignedIn();
test.use({ viewport: { width: 1400, height: 900 } });

test("approving a fan's registration on its page tells the fan's phone, and the page says so", async ({ page, request }) => {
  // Its phone is not to be among those another worker's send counts.
  await withLock('devices', async () => {
    const phone = `e2eNoorPhone${STAMP}`.padEnd(22, '0').slice(0, 22) + `:APA91b${'n'.repeat(134)}`;
    const { registration: id } = await fanRegistration(request, { name: `Noor Fan ${STAMP}`, email: `noor.${STAMP}@example.com`, password: 'noor-password-1' }, { phone });
    try {
      await page.goto(`/registrations/${id}/show`);
      await expect(page.getByRole('heading', { name: 'Registration Details' }).first()).toBeVisible();
      await expect(page.getByTestId('registration-notice')).toHaveCount(0);
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Registration approved')).toBeVisible();
      // The page reads itself again while the push is on its way.
      await expect(page.getByTestId('registration-notice')).toHaveText('Fan notified of the approval: sent to 1 device', { timeout: 15_000 });
      await page.screenshot(shot('registration-notice-1400'));
      await expectNoSeriousA11yViolations(page);

      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expect(page.getByTestId('registration-notice')).toBeVisible();
      await page.screenshot(shot('registration-notice-390'));
      await expectNoSeriousA11yViolations(page);
    } finally {
      // The phone goes with the test, still under the lock: another worker's send counts the run's phones.
      const removed = await request.delete(`/app/v1/devices/${phone}`);
      expect(removed.ok(), await removed.text()).toBe(true);
    }
  });
});
