/**
 * The admin app requests nothing from any host but its own: no fonts or scripts from a CDN, no
 * telemetry (react-admin's is switched off), no images elsewhere. Every request of the browser is
 * recorded, from the sign-in page through the dashboard, the video list, a video's detail page, the
 * news list, an article and its form (with the editor), and the privacy policy.
 *
 * One exception, by design: a video's detail page plays the video in a YouTube player,
 * an iframe the admin sees as the video itself. What that iframe loads (its own page at
 * youtube.com/embed/{id} and whatever YouTube's page then fetches) is YouTube's, not the app's; it is
 * listed apart and must be exactly the video's embed address.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { sharedNews, sharedVideo, signIn } from './session';

const YOUTUBE_EMBED = /^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\/[\w-]{11}(?:\?|$)/;

/** The frame that made the request, or null (a service worker's request has none). */
const frameOf = (request: Request) => {
  try {
    return request.frame();
  } catch {
    return null;
  }
};

/** Made by a YouTube player iframe of the page: its own navigation, or anything its document fetches. */
function isVideoPlayer(page: Page, request: Request) {
  const frame = frameOf(request);
  if (!frame || frame === page.mainFrame()) return false;
  if (request.isNavigationRequest()) return YOUTUBE_EMBED.test(request.url());
  return YOUTUBE_EMBED.test(frame.url());
}

test('the app requests nothing from any host but its own', async ({ page, request, baseURL }) => {
  const videoId = await sharedVideo(request, test.info(), 'own-origin');
  const newsId = await sharedNews(request, test.info(), 'own-origin');
  const own = new URL(baseURL!).host;
  const foreign: string[] = [];
  const player: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.host === own) return;
    if (isVideoPlayer(page, req)) player.push(req.url());
    else foreign.push(`${req.method()} ${req.resourceType()} ${req.url()} (frame ${frameOf(req)?.url() ?? 'none'})`);
  });

  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await page.goto('/videos');
  await expect(page.getByRole('heading', { name: 'Video Management', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await page.goto(`/videos/${videoId}`);
  await expect(page.getByRole('heading', { name: 'Video Details', level: 1 })).toBeVisible();
  await expect(page.locator('iframe')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
  await expect(page.getByRole('img', { name: /^own-origin highlights/ })).toHaveJSProperty('complete', true);
  // Not 'networkidle': the player's own requests may never settle (here, YouTube is out of reach).
  await page.waitForTimeout(2000);

  await page.goto('/news');
  await expect(page.getByRole('heading', { name: 'News Management', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await page.goto(`/news/${newsId}`);
  await expect(page.getByRole('heading', { name: 'News Details', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The news form downloads the rich-text editor: from here too.
  await page.goto(`/news/${newsId}/edit`);
  await expect(page.locator('.ProseMirror')).toBeVisible();
  await page.waitForLoadState('networkidle');

  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Fonts are the system's (MUI's Roboto is named, never downloaded), so nothing above went elsewhere.
  expect(foreign).toEqual([]);
  // The only other host: the video's own player, opened by the detail page.
  expect(player.length).toBeGreaterThan(0);
  expect(player[0]).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
  test.info().annotations.push({ type: 'video player requests (YouTube, by design)', description: player.join('\n') });
});
