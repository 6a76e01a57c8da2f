/**
 * News end to end against the real server on a fresh, empty database: create with an
 * image and a tag, find by a word of the description, the detail page's counts, edit keeping the
 * image, delete; and a stored description carrying script runs nothing. Screenshots at phone width.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { withLock } from './lock';
import { apiToken, startSignedIn } from './session';

startSignedIn();

const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const STAMP = Date.now();
const TITLE = `Boundary rope drama ${STAMP}`;
const RENAMED = `${TITLE} (edited)`;
const WORD = `zebracrossing${STAMP}`;

async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search news by title, description or tags...' }).fill(text);
  await expect(page).toHaveURL(/filter=/);
}

test('news: create with an image and a tag, search, detail with its counts, edit keeping the image, delete', async ({ page }) => {
  // Counts every article: no other worker adds one meanwhile.
  await withLock('news', async () => {
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#7c2d12' } }).png().toBuffer();

    await page.goto('/news');
    await expect(page.getByRole('heading', { name: 'News Management', level: 1 })).toBeVisible();
    // Other specs may have made articles already: the figures must go up by one.
    await expect(page.getByLabel('Total News')).toHaveText(/^\d+$/);
    const total = Number(await page.getByLabel('Total News').textContent());
    const thisWeek = Number(await page.getByLabel('This Week').textContent());
    await page.locator('#main-content').getByRole('link', { name: 'Add News' }).click();
    await expect(page).toHaveURL(/\/news\/create$/);

    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await page.getByLabel('Small Description').fill('A catch on the rope decided it');
    await page.locator('.ProseMirror').click();
    await page.getByRole('combobox', { name: 'Text style' }).click();
    await page.getByRole('option', { name: 'Subheading' }).click();
    await page.keyboard.type('Last over');
    await page.keyboard.press('Enter');
    await page.keyboard.type(`The fielder kept one foot inside and the ${WORD} crowd roared.`);
    await page.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: 'Final' }).click();
    await page.keyboard.press('Escape');
    await page.locator('input[type="file"]').setInputFiles({ name: 'catch.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('img', { name: 'catch.png' })).toBeVisible();
    await page.screenshot(shot('news-create'));
    await page.getByRole('button', { name: 'Create News' }).click();
    await expect(page.getByText('News created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/news(\?.*)?$/);
    await expect(page.getByLabel('Total News')).toHaveText(String(total + 1));
    await expect(page.getByLabel('This Week')).toHaveText(String(thisWeek + 1));

    // Found by a word inside the rich text, not only by its title.
    await search(page, WORD);
    const row = page.getByRole('row', { name: new RegExp(TITLE) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Final')).toBeVisible();
    await expect(page.getByText('Total Item: 1')).toBeVisible();
    await page.screenshot(shot('news-list'));

    await row.getByRole('link', { name: 'View' }).click();
    await expect(page).toHaveURL(/\/news\/[^/]+$/);
    const detailUrl = page.url();
    await expect(page.getByRole('heading', { name: 'News Details', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: TITLE, level: 2 })).toBeVisible();
    const image = page.getByRole('img', { name: TITLE });
    const imageSrc = await image.getAttribute('src');
    expect(imageSrc).toMatch(/\/uploads\//);
    expect((await page.request.get(imageSrc!)).ok()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Last over', level: 3 })).toBeVisible();
    const statistics = page.getByRole('region', { name: 'Statistics' });
    // Counted on the text ('Last over The fielder…'), not on '<h3>Last over</h3><p>The fielder…'.
    const text = `Last over The fielder kept one foot inside and the ${WORD} crowd roared.`;
    await expect(statistics.getByText('Word Count').locator('..')).toContainText(String(text.split(' ').length));
    await expect(statistics.getByText('Character Count').locator('..')).toContainText(String(text.length));
    await page.screenshot(shot('news-detail'));

    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`${detailUrl}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit News Article', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(TITLE);
    await expect(page.getByText('Leave empty to keep current image')).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(RENAMED);
    await page.getByRole('button', { name: 'Update News' }).click();
    await expect(page.getByText('News updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/news(\?.*)?$/);

    await page.goto(detailUrl);
    await expect(page.getByRole('heading', { name: RENAMED, level: 2 })).toBeVisible();
    await expect(page.getByRole('img', { name: RENAMED })).toHaveAttribute('src', imageSrc!);
    await expect(page.getByText('A catch on the rope decided it')).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this news article? This action cannot be undone.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('News deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/news(\?.*)?$/);
    await expect(page.getByLabel('Total News')).toHaveText(String(total));
    await search(page, WORD);
    await expect(page.getByText('No matching news found')).toBeVisible();
    expect((await page.request.get(imageSrc!)).status()).toBe(404);
  });
});

test('news: a stored description with a script, an onerror and a javascript: link shows its text and runs nothing', async ({ page, request }) => {
  const token = await apiToken(request);
  const hostile =
    '<p>Plain words stay.</p><script>window.__ran = "script"</script>' +
    '<img src="/nothing.png" onerror="window.__ran = \'onerror\'">' +
    '<a href="javascript:window.__ran = \'link\'">Click me</a>';
  const created = await request.post('/admin/news', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { title: `Hostile markup ${STAMP}`, small_description: 'Checks the sanitizing', description: hostile },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { _id: id, description: stored } = (await created.json()).data;
  // The server cleaned it on the way in…
  expect(stored).not.toMatch(/<script|onerror|javascript:/);

  page.on('dialog', (dialog) => {
    throw new Error(`A dialog opened: ${dialog.message()}`);
  });
  // …and the page cleans it again, even if an older record still holds the raw markup.
  await page.route(`**/admin/news/${id}`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.description = hostile;
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/news/${id}`);
  await expect(page.getByText('Plain words stay.')).toBeVisible();
  const article = page.locator('.news-description');
  await expect(article.locator('script')).toHaveCount(0);
  await expect(article.locator('[onerror]')).toHaveCount(0);
  await article.getByText('Click me').click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __ran?: string }).__ran)).toBeUndefined();
  await expect(page).toHaveURL(new RegExp(`/news/${id}$`));
});

test('news: the list and the form at phone width', async ({ page, request }) => {
  const token = await apiToken(request);
  for (const n of [1, 2]) {
    const response = await request.post('/admin/news', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { title: `Phone check article ${n} ${STAMP}`, small_description: 'Seen on a small screen', description: '<p>Short body.</p>', 'tags[]': 'Cricket' },
    });
    expect(response.ok()).toBe(true);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/news');
  await expect(page.getByRole('article', { name: `Phone check article 1 ${STAMP}` })).toBeVisible();
  // Cards, never a table wider than the screen.
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot(shot('news-list-phone'));

  await page.goto('/news/create');
  await expect(page.locator('.ProseMirror')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot(shot('news-form-phone'));
});
