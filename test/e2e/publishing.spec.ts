/**
 * Draft and scheduled publishing end to end against the real server, at 1400 px and at 390 px: save
 * a news article as a draft and schedule another from the create form (the time chosen in the
 * browser's time zone), see their chips on the list and find each by the state filter; add a slide
 * as a draft from its dialog. Screenshots of each step go under /tmp/crease-publishing-shots/.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { withLock } from './lock';
import { listTotal, startSignedIn } from './session';

startSignedIn();

const SHOTS = '/tmp/crease-publishing-shots';
const VIEWPORTS = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A datetime-local value some hours ahead as a browser `offsetMinutes` east of UTC shows it, to the minute. */
function localTimeAhead(hours: number, offsetMinutes: number) {
  return new Date(Date.now() + hours * 3_600_000 + offsetMinutes * 60_000).toISOString().slice(0, 16);
}

async function fillNews(page: Page, title: string) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Small Description').fill('Written for the publishing flow');
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('The words the fans will read when it goes live.');
}

/** The article's row (desktop) or card (phone) on the list. */
const itemOf = (page: Page, title: string, phone: boolean) =>
  phone ? page.getByRole('article', { name: title }) : page.getByRole('row', { name: new RegExp(`^${title}`) });

async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search news by title, description or tags...' }).fill(text);
  await expect(page).toHaveURL(/filter=/);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    // An admin east of UTC: what they choose and read is their time, what is stored is UTC.
    test.use({ viewport: { width: viewport.width, height: viewport.height }, timezoneId: 'Asia/Kolkata' });
    const phone = viewport.name === 'phone';
    const shot = (name: string) => ({ path: `${SHOTS}/${name}-${viewport.name}.png`, fullPage: true });

    test('news: save a draft, schedule another, see their chips and find each by its state', async ({ page }) => {
      // Adds articles: not while another worker counts them.
      await withLock('news', async () => {
        const stamp = `${Date.now()}${viewport.name}`;
        const draft = `Draft story ${stamp}`;
        const scheduled = `Scheduled story ${stamp}`;

        await page.goto('/news/create');
        await expect(page.getByRole('heading', { name: 'Add News Article', level: 1 })).toBeVisible();
        // The submit button keeps its text; the two choices stand beside it.
        await expect(page.getByRole('button', { name: 'Create News' })).toBeVisible();
        await fillNews(page, draft);
        await page.screenshot(shot('news-create'));
        await page.getByRole('button', { name: 'Save as draft' }).click();
        await expect(page.getByText('Saved as draft')).toBeVisible();
        await expect(page).toHaveURL(/\/news(\?.*)?$/);

        await page.locator('#main-content').getByRole('link', { name: 'Add News' }).click();
        await fillNews(page, scheduled);
        await page.getByRole('button', { name: 'Schedule' }).click();
        const dialog = page.getByRole('dialog', { name: 'Schedule' });
        // Chromium names the zone by its older name.
        await expect(dialog.getByText(/^In your time zone; goes live within a minute of it \(Asia\/(Kolkata|Calcutta)\)$/)).toBeVisible();
        // A time is asked first: none is refused.
        await dialog.getByRole('button', { name: 'Schedule' }).click();
        await expect(dialog.getByText('Choose when to publish it')).toBeVisible();
        const chosen = localTimeAhead(30, 330);
        await dialog.getByLabel(/^Publish at/).fill(chosen);
        await page.screenshot(shot('news-schedule-dialog'));
        await dialog.getByRole('button', { name: 'Schedule' }).click();
        await expect(page.getByRole('alert').getByText('Scheduled')).toBeVisible();
        await expect(page).toHaveURL(/\/news(\?.*)?$/);

        await search(page, stamp);
        await expect(itemOf(page, draft, phone).getByTestId('publishing-chip')).toHaveText('Draft');
        const scheduledItem = itemOf(page, scheduled, phone);
        await expect(scheduledItem.getByTestId('publishing-chip')).toHaveText('Scheduled');
        // Its time, in the admin's zone, named: the time they chose.
        const [day, time] = chosen.split('T');
        const shown = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
        await expect(scheduledItem.getByTestId('publishing-state')).toContainText(`${shown}, ${time} GMT+5:30`);
        await expect(scheduledItem.getByTestId('overdue-chip')).toHaveCount(0);
        await page.screenshot(shot('news-list-states'));

        await page.getByRole('button', { name: 'Filter' }).click();
        await page.getByRole('combobox', { name: 'Status' }).click();
        await page.getByRole('option', { name: 'Draft' }).click();
        await expect(itemOf(page, draft, phone)).toBeVisible();
        await expect(itemOf(page, scheduled, phone)).toHaveCount(0);
        await expect(page.getByText('Total Item: 1')).toBeVisible();
        await page.screenshot(shot('news-list-filter-draft'));
        await page.getByRole('combobox', { name: 'Status' }).click();
        await page.getByRole('option', { name: 'Scheduled' }).click();
        await expect(itemOf(page, scheduled, phone)).toBeVisible();
        await expect(itemOf(page, draft, phone)).toHaveCount(0);

        // The edit page says the state and offers what fits it.
        if (phone) await itemOf(page, scheduled, phone).getByRole('link', { name: 'Edit' }).click();
        else await itemOf(page, scheduled, phone).getByRole('link', { name: 'Edit' }).click();
        await expect(page.getByRole('heading', { name: 'Edit News Article', level: 1 })).toBeVisible();
        const state = page.getByRole('region', { name: 'Status' });
        await expect(state.getByTestId('publishing-chip')).toHaveText('Scheduled');
        await expect(page.getByRole('button', { name: 'Publish now' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Update News' })).toBeVisible();
        await page.screenshot(shot('news-edit-scheduled'));
        await page.getByRole('button', { name: 'Publish now' }).click();
        await expect(page.getByRole('alert').getByText('Published')).toBeVisible();
        // Back on the list, still filtered to Scheduled: it has gone from there, and is among the published.
        await expect(page.getByText('No matching news found')).toBeVisible();
        await page.getByRole('combobox', { name: 'Status' }).click();
        await page.getByRole('option', { name: 'Published' }).click();
        await expect(itemOf(page, scheduled, phone).getByTestId('publishing-chip')).toHaveText('Published');
        await page.screenshot(shot('news-list-filter-published'));
      });
    });

    test('slides: add one as a draft from the dialog; its card says Draft', async ({ page }) => {
      // Counts the slides: no other worker adds one meanwhile.
      await withLock('slides', async () => {
        const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#0e7490' } }).png().toBuffer();
        await page.goto('/slides');
        await expect(page.getByRole('heading', { name: 'App Slides', level: 1 })).toBeVisible();
        // Counted once the list has loaded: the total it shows, and as many cards.
        const before = await listTotal(page);
        const items = page.locator('li[data-slide-id]');
        await expect(items).toHaveCount(before);
        await page.getByRole('button', { name: 'Add New Slide' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add New Slide' });
        await expect(dialog.getByRole('button', { name: 'Save as draft' })).toBeDisabled();
        await dialog.locator('input[type="file"]').setInputFiles({ name: 'draft-slide.png', mimeType: 'image/png', buffer: png });
        await expect(dialog.getByRole('button', { name: 'Save as draft' })).toBeEnabled();
        await page.screenshot(shot('slide-add-dialog'));
        await dialog.getByRole('button', { name: 'Save as draft' }).click();
        await expect(page.getByText('Saved as draft')).toBeVisible();
        await expect(items).toHaveCount(before + 1);
        const mine = items.last();
        await expect(mine.getByTestId('publishing-chip')).toHaveText('Draft');
        await expect(mine.getByRole('button', { name: /^Publish now/ })).toBeVisible();
        await page.screenshot(shot('slides-grid-draft'));
      });
    });
  });
}
