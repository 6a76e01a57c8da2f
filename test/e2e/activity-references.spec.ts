/**
 * A changed reference in the running product: a player moved to another team reads by the teams'
 * names, not their ids, in the player's History and on the Activity page, at 1400 and 390 px (axe clean).
 */
import { expect, test } from '@playwright/test';
import { ACTIVITY_TEXTS } from '../../src/domain/messages';
import { expectNoSeriousA11yViolations } from './axe';
import { apiToken, createPlayer, createTeam, startSignedIn } from './session';

const STAMP = Date.now();
const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

startSignedIn();
test.use({ viewport: { width: 1400, height: 900 } });

test("a player's team change reads by both teams' names in their History and on the Activity page", async ({ page, request }) => {
  const token = await apiToken(request);
  const from = `Pune Panthers ${STAMP}`;
  const to = `Goa Gulls ${STAMP}`;
  const [fromId, toId] = [await createTeam(request, from, token), await createTeam(request, to, token)];
  const player = await createPlayer(request, `Dev Kulkarni ${STAMP}`, fromId, token);
  const moved = await request.put(`/admin/player/${player}`, { headers: { Authorization: `Bearer ${token}` }, multipart: { name: `Dev Kulkarni ${STAMP}`, team_id: toId } });
  expect(moved.ok(), await moved.text()).toBe(true);
  const change = `team: ${from} → ${to}`;

  await page.goto(`/player/${player}`);
  const history = page.getByRole('region', { name: ACTIVITY_TEXTS.history });
  await expect(history.getByText(change)).toBeVisible();
  await expect(history.getByText(toId)).toHaveCount(0);
  await history.scrollIntoViewIfNeeded();
  await page.screenshot(shot('history-reference-1400'));
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/activity');
  await expect(page.getByText(change).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot(shot('activity-reference-390'));
  await expectNoSeriousA11yViolations(page);
});
