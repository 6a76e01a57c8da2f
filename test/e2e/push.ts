/**
 * Push delivery in the e2e specs (the server sends to the fake FCM, test/e2e/serve-with-fcm.ts):
 * the run's phones, registered as the fans' app registers them, and notifications made through the
 * API, sent now or scheduled, with a wait for a send to end.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { withLock } from './lock';
import { apiToken } from './session';

/** A token as FCM issues them (22 characters, ':APA91b', then more); its tag tells the fake FCM how to answer. */
const phone = (tag: string) => `${tag.padEnd(22, '0')}:APA91b${'e2e'.repeat(45)}`;

/** Two phones that take the push and one uninstalled (gone, and removed by the send). */
export const PHONES = [phone('e2ePhoneOne'), phone('e2ePhoneTwo'), phone('e2eUNREGISTERED')];

/** A phone FCM answers as if the credentials were revoked: a send to it stops, failed. Registered for one send only. */
const REFUSING_PHONE = phone('e2eREFUSED');

const register = async (request: APIRequestContext, token: string) => {
  const response = await request.post('/app/v1/devices', { data: { token, platform: 'android' } });
  expect(response.ok(), await response.text()).toBe(true);
};

/** Registers (or refreshes) the run's phones; a send removes the gone one, so call it before each send. */
export async function registerPhones(request: APIRequestContext) {
  for (const token of PHONES) await register(request, token);
}

export type E2eDelivery = { state: string; targeted: number; sent: number; failed: number; gone: number; sendAt: string | null };

export async function deliveryOf(request: APIRequestContext, id: string): Promise<E2eDelivery> {
  const response = await request.get(`/admin/notifications/${id}`, { headers: { Authorization: `Bearer ${await apiToken(request)}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data.delivery;
}

/** A notification made through the API, sent now or at `sendAt`; answers its id. */
export async function createNotification(request: APIRequestContext, title: string, sendAt?: Date): Promise<string> {
  const response = await request.post('/admin/notifications', {
    headers: { Authorization: `Bearer ${await apiToken(request)}` },
    multipart: { title, body: 'Gates open two hours before the first ball.', ...(sendAt && { sendAt: sendAt.toISOString() }) },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data._id;
}

/**
 * A notification sent now to the run's phones and the refusing one, once its send has stopped: failed,
 * 1 gone, the others sent or failed (UNAUTHENTICATED; at least the refusing one), and the reason. FCM's fake refuses no device
 * for good, and a passing failure is tried again for an hour, so a send that ends partly sent cannot
 * be made here in seconds: this is the send with failures the screens can be seen with.
 */
export function createSentWithFailures(request: APIRequestContext, title: string): Promise<string> {
  // The run's phones as this send finds them: no other worker's send removes the gone one meanwhile, nor adds a phone.
  return withLock('devices', () => sendWithFailures(request, title));
}

async function sendWithFailures(request: APIRequestContext, title: string): Promise<string> {
  await registerPhones(request);
  await register(request, REFUSING_PHONE);
  const id = await createNotification(request, title);
  await expect.poll(async () => (await deliveryOf(request, id)).state, { timeout: 20_000 }).toBe('failed');
  // Later sends of the run go to the phones that take them.
  const removed = await request.delete(`/app/v1/devices/${REFUSING_PHONE}`);
  expect(removed.ok(), await removed.text()).toBe(true);
  return id;
}

/** '2026-11-28T18:30': an instant as a datetime-local input takes it, in this machine's time zone (the browser's too). */
export function localInput(at: Date) {
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
