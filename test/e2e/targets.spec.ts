/**
 * What a tap opens, end to end against the real server: a notification names a video (picked by
 * typing its title), the phone preview says 'Opens: <title>', the page passes axe at 1400 and 390 px,
 * and once sent the notification's page and the app's inbox say the same. Screenshots at both widths.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { withLock } from './lock';
import { createVideo, startSignedIn } from './session';

const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const STAMP = Date.now();
const VIDEO = `Final highlights ${STAMP}`;
const TITLE = `Watch the final ${STAMP}`;

async function atPhoneWidth(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page, { label: `${name} at 390 px` });
  await page.screenshot(shot(name));
  await page.setViewportSize({ width: 1400, height: 900 });
}

startSignedIn();
test.use({ viewport: { width: 1400, height: 900 } });

test('a notification opens a video: chosen in the form, previewed on the phone, answered to the app', async ({ page, request }) => {
  const video = await createVideo(request, VIDEO);
  // Sent now to every phone: not while another worker's send counts them.
  await withLock('devices', async () => {
    await page.goto('/notifications/create');
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await page.getByLabel('Body', { exact: true }).fill('The whole final in ten minutes, with the last over ball by ball.');

    await page.getByRole('combobox', { name: /^Opens in the app/ }).click();
    await page.getByRole('option', { name: 'A video' }).click();
    const picker = page.getByRole('combobox', { name: 'Video', exact: true });
    await picker.fill(`highlights ${STAMP}`);
    await page.getByRole('option', { name: VIDEO }).click();
    await expect(page.getByTestId('phone-opens')).toHaveText(`Opens: ${VIDEO}`);

    await expectNoSeriousA11yViolations(page, { label: 'notification create with a target' });
    await page.screenshot(shot('target-notification-create'));
    await atPhoneWidth(page, 'target-notification-create-phone');

    await page.getByRole('button', { name: 'Create Notification' }).click();
    await expect(page.getByText('Notification created successfully!')).toBeVisible();
  });

  await page.getByRole('textbox', { name: 'Search notifications by title or body...' }).fill(TITLE);
  await page.getByRole('row', { name: new RegExp(TITLE) }).getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/notifications\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1)!;
  await expect(page.getByText(VIDEO).first()).toBeVisible();
  await expect(page.getByTestId('phone-opens')).toHaveText(`Opens: ${VIDEO}`);
  await expectNoSeriousA11yViolations(page, { label: 'notification detail with a target' });
  await page.screenshot(shot('target-notification-show'));

  // Once its send reached phones the app's inbox holds it, with the same target.
  await expect
    .poll(async () => {
      const inbox = await (await request.get('/app/v1/notifications?limit=100')).json();
      return inbox.data.docs.find((doc: { _id: string }) => doc._id === id)?.target;
    })
    .toEqual({ type: 'video', id: video });
});
