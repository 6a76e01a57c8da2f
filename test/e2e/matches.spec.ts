/**
 * Matches end to end against the real server (no league, only its reference lists):
 * create a match with a stadium image and see the count go up by one, open it (both teams, 'VS',
 * the result), edit its result and see the same match change while the count stays, the old
 * /matchs/… paths, and a team playing itself refused. Screenshots at 1400 px and 390 px; axe runs
 * on these pages in a11y.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { withLock } from './lock';
import { apiToken, createTeam, lookup, pngOf, startSignedIn } from './session';

startSignedIn();

const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const RUN = Date.now();
const LIONS = `Lahore Lions ${RUN}`;
const TIGERS = `Tamil Tigers ${RUN}`;

let token = '';
let stadiumName = '';

test.beforeAll(async ({ request }) => {
  token = await apiToken(request);
  stadiumName = (await lookup(request, 'stadium', token))[0].name;
  await createTeam(request, LIONS, token);
  await createTeam(request, TIGERS, token);
});

/** The matches the server holds, as 'Total Matches' counts them. */
async function matchCount(page: Page) {
  const response = await page.request.get('/admin/matches?limit=1', { headers: { Authorization: `Bearer ${token}` } });
  return (await response.json()).data.totalDocs as number;
}

async function chooseTeam(page: Page, label: string, name: string) {
  await page.getByRole('combobox', { name: label }).fill(name.slice(0, 8));
  await page.getByRole('option', { name }).click();
}

async function fillMatch(page: Page, teams: [string, string]) {
  await page.getByLabel('Match Date').fill('2030-01-15T19:30');
  await page.getByRole('combobox', { name: 'Stadium' }).click();
  await page.getByRole('option', { name: stadiumName }).click();
  await chooseTeam(page, 'Team A', teams[0]);
  await chooseTeam(page, 'Team B', teams[1]);
  await page.getByRole('combobox', { name: 'Match Result' }).click();
  await page.getByRole('option', { name: 'No Result' }).click();
}

const totalCard = (page: Page) => page.getByLabel('Total Matches', { exact: true });

test('matches: create with a stadium image, detail, edit that really edits, old paths, one team twice refused', async ({ page }) => {
  // Counts every match: no other worker adds one meanwhile.
  await withLock('matches', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    const before = await matchCount(page);

    await page.goto('/matches');
    await expect(page.getByRole('heading', { name: 'Match Management', level: 1 })).toBeVisible();
    await expect(totalCard(page)).toHaveText(String(before));
    await page.getByRole('main').getByRole('link', { name: 'Add New Match' }).click();
    await expect(page).toHaveURL(/\/matches\/create$/);
    await expect(page.getByRole('heading', { name: 'Create New Match', level: 1 })).toBeVisible();

    // 1. Create, with a stadium image: the count goes up by one.
    await fillMatch(page, [LIONS, TIGERS]);
    await page.getByLabel('Title').fill(`Final ${RUN}`);
    await page.getByLabel('Stadium Image', { exact: true }).setInputFiles({
      name: 'stadium.png',
      mimeType: 'image/png',
      buffer: await pngOf(960, 540, '#14532d'),
    });
    await expect(page.getByRole('img', { name: 'stadium.png' })).toBeVisible();
    await page.screenshot(shot('matches-create'));
    await page.getByRole('button', { name: 'Submit Match' }).click();
    await expect(page.getByText('Match created successfully!')).toBeVisible();
    // The form starts again, empty, on the same page.
    await expect(page).toHaveURL(/\/matches\/create$/);
    await expect(page.getByLabel('Match Date')).toHaveValue('');
    expect(await matchCount(page)).toBe(before + 1);

    // 2. The toast opens the new match: both teams, 'VS' and the result.
    await page.getByRole('link', { name: 'View Match' }).click();
    await expect(page).toHaveURL(/\/matches\/[0-9a-f-]{36}$/);
    const detailUrl = page.url();
    const id = detailUrl.split('/').pop()!;
    await expect(page.getByRole('heading', { name: 'Match Details', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Team A' }).getByRole('heading', { name: LIONS })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Team B' }).getByRole('heading', { name: TIGERS })).toBeVisible();
    await expect(page.getByText('VS', { exact: true })).toBeVisible();
    await expect(page.getByText('No Result', { exact: true })).toBeVisible();
    const stadiumImage = page.getByRole('img', { name: `${stadiumName} image` });
    await expect(stadiumImage).toBeVisible();
    expect(await stadiumImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot(shot('matches-detail'));

    // 3. Edit the result: the same match changes (PUT), the count does not.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`${detailUrl}/edit`);
    await expect(page.getByLabel('Title')).toHaveValue(`Final ${RUN}`);
    await expect(page.getByRole('combobox', { name: 'Team A' })).toHaveValue(LIONS);
    await page.getByRole('combobox', { name: 'Match Result' }).click();
    await page.getByRole('option', { name: 'Team A Won' }).click();
    await page.screenshot(shot('matches-edit'));
    const saved = page.waitForRequest((request) => request.url().endsWith(`/admin/matches/${id}`) && request.method() === 'PUT');
    await page.getByRole('button', { name: 'Submit Match' }).click();
    await saved;
    await expect(page.getByText('Match updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(detailUrl);
    await expect(page.getByText('Team A Won', { exact: true })).toBeVisible();
    // The stadium image was left empty on the form, so the match keeps it.
    await expect(stadiumImage).toBeVisible();
    expect(await matchCount(page)).toBe(before + 1);

    await page.goto('/matches');
    await expect(totalCard(page)).toHaveText(String(before + 1));
    const row = page.getByRole('row', { name: new RegExp(LIONS) });
    await expect(row.getByText('Team A Won')).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Upcoming/ })).toHaveText(/\(\d+\)/);
    await page.getByRole('tab', { name: /^Upcoming/ }).click();
    await expect(row).toBeVisible();
    await page.screenshot(shot('matches-list'));

    // 4. The original panel's stray paths (/matchs/…) land on their routes.
    await page.goto('/matchs/create');
    await expect(page).toHaveURL(/\/matches\/create$/);
    await expect(page.getByRole('heading', { name: 'Create New Match', level: 1 })).toBeVisible();
    await page.goto(`/matchs/${id}/edit`);
    await expect(page).toHaveURL(`${detailUrl}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit Match', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(`Final ${RUN}`);

    // 5. The same team twice is refused with a clear message, in the browser and by the server.
    await page.goto('/matches/create');
    await fillMatch(page, [LIONS, LIONS]);
    await page.getByRole('button', { name: 'Submit Match' }).click();
    // The form focuses the refused field, whose list of teams opens over the message: close it for the picture.
    await page.keyboard.press('Escape');
    await expect(page.getByText('Team A and Team B must be different teams')).toBeVisible();
    await page.screenshot(shot('matches-same-team'));
    expect(await matchCount(page)).toBe(before + 1);
    const [stadium] = await lookup(page.request, 'stadium', token);
    const lions = (await (await page.request.get(`/admin/teams?search=${encodeURIComponent(LIONS)}`, { headers: { Authorization: `Bearer ${token}` } })).json()).data.docs[0]._id;
    const refused = await page.request.post('/admin/matches', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { matchDate: '2030-01-15T14:00:00.000Z', stadium: stadium._id, teamA: lions, teamB: lions, result: 'Draw' },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toEqual({ teamB: 'Team A and Team B must be different teams' });
  });
});

test('matches at phone width: cards, the form and the detail page fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/matches');
  await expect(page.getByRole('heading', { name: 'Match Management', level: 1 })).toBeVisible();
  const card = page.getByRole('article', { name: new RegExp(LIONS) }).first();
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'View' })).toBeVisible();
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await fits()).toBeLessThanOrEqual(390);
  await page.screenshot(shot('matches-list-phone'));

  await card.getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { name: 'Match Details', level: 1 })).toBeVisible();
  await expect(page.getByText('VS', { exact: true })).toBeVisible();
  expect(await fits()).toBeLessThanOrEqual(390);
  await page.screenshot(shot('matches-detail-phone'));

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Match', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Title')).not.toHaveValue('');
  expect(await fits()).toBeLessThanOrEqual(390);
  await page.screenshot(shot('matches-edit-phone'));
});
