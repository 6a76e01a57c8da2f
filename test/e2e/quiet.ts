/**
 * A page is quiet when none of the app's own requests has been under way for half a second and no
 * transition is still running (axe would see half-faded colours).
 *
 * Playwright's 'networkidle' is not used: a video's or a player's page embeds YouTube's player, and
 * a frame whose host is out of reach (refused, blackholed, or answered by a route) may never report
 * the network idle, so a test waiting for it hangs until its timeout. Only the app's requests count.
 */
import { expect, type Page, type Request } from '@playwright/test';

const inFlight = new WeakMap<Page, Set<Request>>();

/** Start counting the page's requests to its own server; call before the page's first navigation. */
export function trackOwnRequests(page: Page, baseURL: string) {
  const own = new URL(baseURL).host;
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (request) => {
    if (new URL(request.url()).host === own) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

export async function quiet(page: Page) {
  const pending = inFlight.get(page);
  if (!pending) throw new Error('quiet(page) needs trackOwnRequests(page, baseURL) before the page loads');
  await expect
    .poll(
      async () => {
        const before = pending.size;
        await page.waitForTimeout(250);
        return before + pending.size === 0 ? 'quiet' : [...pending].map((request) => request.url()).join(', ');
      },
      { message: 'the app\'s requests still under way' },
    )
    .toBe('quiet');
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
}
