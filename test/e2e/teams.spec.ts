/**
 * Teams and players end to end against the real server (a fresh database with only the
 * reference lists): a team made with a logo, then a player in it; the team's page lists the player;
 * the team turned inactive keeps its logo; the team deleted, the player stays without a team; a text
 * file given as the logo is refused. Screenshots of each screen at 1400 px; a11y.spec.ts checks the
 * eight team and player pages with axe at 1400 and 390 px and keeps their phone screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { withLock } from './lock';
import { quiet, trackOwnRequests } from './quiet';
import { apiToken, sharedSession } from './session';

const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const STAMP = Date.now();
const TEAM = `Harbour Hawks ${STAMP}`;
const PLAYER = `Kiran Desai ${STAMP}`;
const AGE = 27;
const TEXT_FILE = { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') };

test.use({ storageState: async ({ browser }, provide, info) => provide(await sharedSession(browser, info)) });
test.describe.configure({ mode: 'serial' });

// The player's video plays from YouTube, which this machine cannot reach: refused at once.
test.beforeEach(async ({ page, baseURL }) => {
  await page.route(/^https:\/\/([a-z0-9-]+\.)*(youtube|youtube-nocookie|ytimg|googlevideo)\.com\//, (route) => route.abort());
  trackOwnRequests(page, baseURL!);
});

/** What the flow made, for the later steps. */
const made = { teamId: '', playerId: '', logo: '' };

async function searchTeams(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search teams by name or coach...' }).fill(text);
  await expect(page).toHaveURL(/filter=/);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The page's heading is shown and the page is quiet. */
async function settle(page: Page, heading: string) {
  await expect(page.getByRole('heading', { name: heading, exact: true, level: 1 })).toBeVisible();
  await quiet(page);
}

test('a team made with a logo, then a player in that team', async ({ page }) => {
  // Counts every team: no other worker adds one meanwhile.
  await withLock('teams', async () => {
    const logo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0f766e' } }).png().toBuffer();
    const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#9a3412' } }).png().toBuffer();

    await page.goto('/teams');
    await settle(page, 'Team Management');
    await expect(page.getByLabel('Total Teams')).toHaveText(/^\d+$/);
    const total = Number(await page.getByLabel('Total Teams').textContent());
    await page.locator('#main-content').getByRole('link', { name: 'Add New Team' }).click();
    await expect(page).toHaveURL(/\/teams\/create$/);

    await expect(page.getByText('Recommended size: 400x400px')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Active Team' })).toBeChecked();
    await page.getByRole('textbox', { name: 'Team Name' }).fill(TEAM);
    await choose(page, 'Sport', 'Cricket');
    await page.getByRole('textbox', { name: 'Coach Name' }).fill('Meera Iyer');
    await page.locator('input[type="file"]').setInputFiles({ name: 'hawks.png', mimeType: 'image/png', buffer: logo });
    await expect(page.getByRole('img', { name: 'hawks.png' })).toBeVisible();
    await page.screenshot(shot('teams-create'));
    await page.getByRole('button', { name: 'Create Team' }).click();
    await expect(page.getByText('Team created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/teams(\?.*)?$/);
    await expect(page.getByLabel('Total Teams')).toHaveText(String(total + 1));

    await searchTeams(page, TEAM);
    const row = page.getByRole('row', { name: new RegExp(TEAM) });
    await expect(row.getByText('Cricket')).toBeVisible();
    await expect(row.getByText('Meera Iyer')).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    made.logo = (await row.getByRole('img', { name: TEAM }).getAttribute('src'))!;
    expect(made.logo).toMatch(/\/uploads\//);
    made.teamId = (await row.getByRole('link', { name: 'View' }).getAttribute('href'))!.split('/').pop()!;
    await page.screenshot(shot('teams-list'));

    await page.goto('/player');
    await settle(page, 'Player Management');
    await page.locator('#main-content').getByRole('link', { name: 'Add Player' }).click();
    await expect(page).toHaveURL(/\/create\/player$/);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(PLAYER);
    await page.getByRole('spinbutton', { name: 'Age' }).fill(String(AGE));
    await page.getByRole('combobox', { name: 'Team', exact: true }).fill(TEAM.slice(0, 14));
    await page.getByRole('option', { name: TEAM }).click();
    await choose(page, 'Playing Role', 'Batsman');
    await choose(page, 'Bowling Style', 'Off-spin');
    await choose(page, 'Batting', 'Right-handed');
    await choose(page, 'Batting Order', '#1 Opener');
    await page.getByRole('textbox', { name: 'Video URL' }).fill('https://youtu.be/dQw4w9WgXcQ');
    await page.locator('input[type="file"]').setInputFiles({ name: 'kiran.png', mimeType: 'image/png', buffer: picture });
    await page.screenshot(shot('players-create'));
    await page.getByRole('button', { name: 'Create Player' }).click();
    await expect(page.getByText('Player created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/player(\?.*)?$/);
    const playerRow = page.getByRole('row', { name: new RegExp(PLAYER) });
    await expect(playerRow.getByText(TEAM)).toBeVisible();
    await expect(playerRow.getByRole('cell', { name: String(AGE), exact: true })).toBeVisible();
    made.playerId = (await playerRow.getByRole('link', { name: 'View' }).getAttribute('href'))!.split('/').pop()!;
    await page.screenshot(shot('players-list'));
  });
});

test("the team's page lists the player with 'Age: N' and '1 member'; the player's page shows the team and the video", async ({ page }) => {
  await page.goto(`/teams/${made.teamId}`);
  await settle(page, 'Team Details');
  await expect(page.getByRole('heading', { name: TEAM, level: 2 })).toBeVisible();
  await expect(page.getByText('1 member', { exact: true })).toBeVisible();
  await expect(page.getByText('Meera Iyer')).toBeVisible();
  await expect(page.getByRole('img', { name: TEAM })).toHaveAttribute('src', made.logo);
  const card = page.getByRole('article', { name: PLAYER });
  await expect(card.getByText(`Age: ${AGE}`)).toBeVisible();
  await expect(card.getByText('Right-handed')).toBeVisible();
  await expect(card.getByText('#1', { exact: true })).toBeVisible();
  await page.screenshot(shot('teams-detail'));

  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/player/${made.playerId}$`));
  await settle(page, 'Player Details');
  await expect(page.getByRole('heading', { name: PLAYER, level: 2 })).toBeVisible();
  await expect(page.getByText('Opener')).toBeVisible();
  await expect(page.getByText('Meera Iyer')).toBeVisible();
  await expect(page.locator(`iframe[title="Video: ${PLAYER}"]`)).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
  const picture = page.getByRole('img', { name: PLAYER });
  expect((await page.request.get((await picture.getAttribute('src'))!)).ok()).toBe(true);
  await page.screenshot(shot('players-detail'));

  // The edit form opens with every choice made, and saving it changes nothing it was not asked to.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/player/${made.playerId}/edit$`));
  await expect(page.getByRole('combobox', { name: 'Team', exact: true })).toHaveValue(TEAM);
  // A select is named by its label and its value.
  await expect(page.getByRole('combobox', { name: 'Batting Order #1 Opener', exact: true })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Age' }).fill(String(AGE + 1));
  await page.getByRole('button', { name: 'Update Player' }).click();
  await expect(page.getByText('Player updated successfully')).toBeVisible();
  await page.goto(`/player/${made.playerId}`);
  await expect(page.getByText(TEAM)).toBeVisible();
  await expect(page.getByText('Off-spin')).toBeVisible();
  await expect(page.getByText(String(AGE + 1), { exact: true })).toBeVisible();
});

test('the team edited to inactive keeps its logo, and the list shows it as Inactive', async ({ page }) => {
  await page.goto(`/teams/${made.teamId}`);
  await settle(page, 'Team Details');
  await page.getByRole('link', { name: 'Edit Team' }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${made.teamId}/edit$`));
  await expect(page.getByRole('textbox', { name: 'Team Name' })).toHaveValue(TEAM);
  await expect(page.getByRole('combobox', { name: 'Sport Cricket', exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Team Logo: current image' })).toHaveAttribute('src', made.logo);
  await page.getByRole('checkbox', { name: 'Active Team' }).uncheck();
  await page.screenshot(shot('teams-edit'));
  await page.getByRole('button', { name: 'Update Team' }).click();
  await expect(page.getByText('Team updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/teams(\?.*)?$/);

  await searchTeams(page, TEAM);
  const row = page.getByRole('row', { name: new RegExp(TEAM) });
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(row.getByRole('img', { name: TEAM })).toHaveAttribute('src', made.logo);
  expect((await page.request.get(made.logo)).ok()).toBe(true);
  await page.screenshot(shot('teams-list-inactive'));
});

test('the team deleted, its player stays with no team, and its logo file is gone', async ({ page }) => {
  await page.goto(`/teams/${made.teamId}`);
  await settle(page, 'Team Details');
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to delete this team? This action cannot be undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Team deleted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/teams(\?.*)?$/);
  expect((await page.request.get(made.logo)).status()).toBe(404);

  await page.goto(`/player/${made.playerId}`);
  await settle(page, 'Player Details');
  await expect(page.getByRole('heading', { name: PLAYER, level: 2 })).toBeVisible();
  await expect(page.getByText('No team', { exact: true })).toBeVisible();
  await page.goto('/player');
  await expect(page.getByRole('row', { name: new RegExp(PLAYER) }).getByText('No team', { exact: true })).toBeVisible();
});

test('a text file given as the logo is refused, in the browser and by the server', async ({ page, request }) => {
  await page.goto('/teams/create');
  await settle(page, 'Create Team');
  await page.getByRole('textbox', { name: 'Team Name' }).fill(`Paper Tigers ${STAMP}`);
  await choose(page, 'Sport', 'Cricket');
  await page.locator('input[type="file"]').setInputFiles(TEXT_FILE);
  await expect(page.getByText('Please select a valid image file')).toBeVisible();
  await page.getByRole('button', { name: 'Create Team' }).click();
  await expect(page).toHaveURL(/\/teams\/create$/);
  await expect(page.getByText('Team created successfully!')).toHaveCount(0);
  await page.screenshot(shot('teams-refused'));

  // A client that skips the browser's check gets the same answer from the server.
  const token = await apiToken(request);
  const sports = (await (await request.get('/admin/sport', { headers: { Authorization: `Bearer ${token}` } })).json()).data;
  const response = await request.post('/admin/teams', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { name: `Paper Tigers ${STAMP}`, sport: sports[0]._id, logo: TEXT_FILE },
  });
  expect(response.status()).toBe(415);
  expect((await response.json()).message).toBe('Please select a valid image file');
});
