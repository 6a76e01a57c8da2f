/** Notifications and slides made through the API for the e2e specs. */
import { expect, type APIRequestContext, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { apiToken, sharedRecord } from './session';

const png = (background: string) => sharp({ create: { width: 640, height: 360, channels: 3, background } }).png().toBuffer();

/** A notification with a picture (sent as `logo`, as the spec's form does); answers its id. */
export async function createNotification(request: APIRequestContext, title: string, token?: string): Promise<string> {
  const response = await request.post('/admin/notifications', {
    headers: { Authorization: `Bearer ${token ?? (await apiToken(request))}` },
    multipart: {
      title,
      body: 'Gates open two hours before the first ball; bring your ticket QR code to the north gate.',
      logo: { name: 'push.png', mimeType: 'image/png', buffer: await png('#14532d') },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data._id;
}

export const sharedNotification = (request: APIRequestContext, info: TestInfo, key: string) =>
  sharedRecord(info, `notification-${key}`, () => createNotification(request, `${key} push ${Date.now()}`));

/** A slide, which goes last in the carousel; answers its id. */
export async function createSlide(request: APIRequestContext, background = '#1e3a8a', token?: string): Promise<string> {
  const response = await request.post('/admin/slides', {
    headers: { Authorization: `Bearer ${token ?? (await apiToken(request))}` },
    multipart: { image: { name: 'slide.png', mimeType: 'image/png', buffer: await png(background) } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data._id;
}

export const sharedSlide = (request: APIRequestContext, info: TestInfo, key: string) =>
  sharedRecord(info, `slide-${key}`, () => createSlide(request));
