/**
 * What a tap opens, end to end against the real server: a notification names a video (picked by
 * typing its title), the phone preview says 'Opens: <title>', the page passes axe at 1400 and 390 px,
 * and once sent the notification's page and the app's inbox say the same; a slide opens an https
 * address (http refused), its card says so and the app's slides answer it. Screenshots at both widths.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './axe';
import { withLock } from './lock';
import { apiToken, createVideo, startSignedIn } from './session';

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

test('a slide opens a web address: chosen in the Add New Slide dialog, http refused, its card says it; axe clean at 1400 and 390 px', async ({ page, request }) => {
  const address = `https://tickets.example/final-${STAMP}`;
  // Adds a slide (and deletes it): no other worker counts the slides meanwhile.
  await withLock('slides', async () => {
    await page.goto('/slides');
    await page.getByRole('button', { name: 'Add New Slide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Slide' });
    const png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#9a3412' } }).png().toBuffer();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'tickets.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('combobox', { name: /^Opens in the app/ }).click();
    await page.getByRole('option', { name: 'A web address (https)' }).click();
    const field = dialog.getByRole('textbox', { name: /^Web address/ });
    await field.fill(address.replace('https:', 'http:'));
    await dialog.getByRole('button', { name: 'Create Slide' }).click();
    await expect(dialog.getByText('Enter a web address starting with https://')).toBeVisible();
    await field.fill(address);
    await expectNoSeriousA11yViolations(page, { label: 'Add New Slide with a target' });
    await page.screenshot(shot('target-slide-add'));
    await dialog.getByRole('button', { name: 'Create Slide' }).click();
    await expect(page.getByText('Slide created successfully!')).toBeVisible();

    const card = page.getByRole('article').filter({ hasText: `Opens: ${address}` });
    await expect(card).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'slides with a target' });
    await page.screenshot(shot('target-slides'));
    await atPhoneWidth(page, 'target-slides-phone');

    const slides = await (await request.get('/app/v1/slides?limit=100')).json();
    const id = (await card.locator('xpath=..').getAttribute('data-slide-id'))!;
    expect(slides.data.docs.find((doc: { _id: string }) => doc._id === id).target).toEqual({ type: 'url', url: address });
    const removed = await request.delete(`/admin/slides/${id}`, { headers: { Authorization: `Bearer ${await apiToken(request)}` } });
    expect(removed.ok()).toBe(true);
  });
});
