/**
 * Videos end to end against the real server on a fresh, empty database: create with a
 * real PNG, search, detail and both flags, edit keeping the thumbnail, delete from the grid, and
 * the server's refusal of a text file named .png. Screenshots of every screen go to test-results.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { startSignedIn } from './session';

startSignedIn();

const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const TITLE = `E2E boundary highlights ${Date.now()}`;
const RENAMED = `${TITLE} (edited)`;

async function fillVideo(page: Page, title: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel('Video Title').fill(title);
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Match Highlights' }).click();
  await page.getByLabel('Video URL').fill('https://youtu.be/dQw4w9WgXcQ');
  await page.locator('input[type="file"]').setInputFiles(file);
}

async function search(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Search videos by title or category...' });
  await box.fill(text);
  await expect(page).toHaveURL(/filter=/);
}

test('videos: create, search, detail, flags, edit, delete from the grid', async ({ page }) => {
  const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#1565c0' } }).png().toBuffer();

  await page.goto('/videos');
  await expect(page.getByRole('heading', { name: 'Video Management', level: 1 })).toBeVisible();
  // Specs that ran before may have made videos of their own: the list is not necessarily empty.
  await expect(page.getByText(/^Total Item: \d+$/)).toBeVisible();
  await page.locator('#main-content').getByRole('link', { name: 'Add New Video' }).click();
  await expect(page).toHaveURL(/\/videos\/create$/);

  await fillVideo(page, TITLE, { name: 'thumb.png', mimeType: 'image/png', buffer: png });
  await expect(page.locator('iframe[title="Video Preview"]')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
  await expect(page.getByRole('img', { name: 'Thumbnail Preview' })).toBeVisible();
  await page.screenshot(shot('videos-create'));
  await page.getByRole('button', { name: 'Add Video' }).click();
  await expect(page.getByText('Video added successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/videos(\?.*)?$/);

  await search(page, TITLE.slice(0, 20));
  const row = page.getByRole('row', { name: new RegExp(TITLE) });
  await expect(row).toBeVisible();
  await expect(page.getByText('Total Item: 1')).toBeVisible();
  await page.screenshot(shot('videos-list'));

  await row.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/videos\/[^/]+$/);
  const detailUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Video Details', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  const thumbnail = page.getByRole('img', { name: TITLE });
  await expect(thumbnail).toBeVisible();
  const thumbnailSrc = await thumbnail.getAttribute('src');
  expect(thumbnailSrc).toMatch(/\/uploads\//);
  expect((await page.request.get(thumbnailSrc!)).ok()).toBe(true);

  const card = page.getByRole('region', { name: 'Status & Actions' });
  await card.getByRole('button', { name: 'Set Featured' }).click();
  await expect(card.getByRole('status')).toHaveText('Video set as featured');
  await expect(card.getByRole('button', { name: 'Remove Featured' })).toBeVisible();
  await card.getByRole('button', { name: 'Set Magic Moment' }).click();
  await expect(card.getByRole('status')).toHaveText('Video set as magic moment');
  await expect(card.getByRole('button', { name: 'Remove Magic Moment' })).toBeVisible();
  await page.reload();
  await expect(card.getByRole('button', { name: 'Remove Featured' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Remove Magic Moment' })).toBeVisible();
  await page.screenshot(shot('videos-detail'));

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`${detailUrl}/edit`);
  await expect(page.getByLabel('Video Title')).toHaveValue(TITLE);
  await expect(page.getByText('Leave empty to keep current thumbnail')).toBeVisible();
  await page.getByLabel('Video Title').fill(RENAMED);
  await page.screenshot(shot('videos-edit'));
  await page.getByRole('button', { name: 'Update Video' }).click();
  await expect(page.getByText('Video updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/videos(\?.*)?$/);

  await page.goto(detailUrl);
  await expect(page.getByRole('heading', { name: RENAMED })).toBeVisible();
  await expect(page.getByRole('img', { name: RENAMED })).toHaveAttribute('src', thumbnailSrc!);

  await page.goto('/videos');
  await page.getByRole('button', { name: 'Grid view' }).click();
  await search(page, RENAMED);
  const videoCard = page.getByRole('article', { name: RENAMED });
  await expect(videoCard).toBeVisible();
  await page.screenshot(shot('videos-grid'));
  await videoCard.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Are you sure you want to delete "${RENAMED}"? This action cannot be undone.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(videoCard).toHaveCount(0);
  await expect(page.getByText('No videos found')).toBeVisible();

  await page.reload();
  await search(page, RENAMED);
  await expect(page.getByText('No videos found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();
});

test('videos: a text file renamed .png is refused in the browser at once, and by the server too', async ({ page }) => {
  await page.goto('/videos/create');
  const posts: string[] = [];
  page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()));
  await fillVideo(page, 'Not really an image', { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') });
  // Its first bytes give it away as soon as it is chosen, before anything is sent.
  await expect(page.getByText('Please select a valid image file')).toBeVisible();
  await page.getByRole('button', { name: 'Add Video' }).click();
  await expect(page.getByText('Please select a valid image file')).toBeVisible();
  await expect(page).toHaveURL(/\/videos\/create$/);
  expect(posts).toEqual([]);
  await page.screenshot(shot('videos-refused'));

  // A client that skips the browser's check meets the server's.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.post('/admin/videos', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      title: 'Not really an image',
      category: 'Match Highlights',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      image: { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') },
    },
  });
  expect(response.status()).toBe(415);
  expect((await response.json()).message).toBe('Please select a valid image file');
});
