/** Slides made through the API for the e2e specs. */
import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { withLock } from './lock';
import { apiToken } from './session';

const png = (background: string) => sharp({ create: { width: 640, height: 360, channels: 3, background } }).png().toBuffer();

/** A slide, which goes last in the carousel; answers its id. */
export async function createSlide(request: APIRequestContext, background = '#1e3a8a', token?: string): Promise<string> {
  const response = await withLock('slides', async () => request.post('/admin/slides', {
    headers: { Authorization: `Bearer ${token ?? (await apiToken(request))}` },
    multipart: { image: { name: 'slide.png', mimeType: 'image/png', buffer: await png(background) } },
  }));
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data._id;
}
