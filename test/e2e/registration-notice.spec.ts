/**
 * A fan hears back, in the running product (push set up against the fake FCM): a fan signs up and
 * links a phone as the app does, sends a registration; an admin approves it on its page, which then
 * says the fan was notified on their phone. Screenshots and axe at 1400 and 390 px.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { pngOf, startSignedIn } from './session';

const STAMP = Date.now();
const shot = (name: string) => ({ path: test.info().outputPath(`${name}.png`), fullPage: true });

startSignedIn();
test.use({ viewport: { width: 1400, height: 900 } });

/** A fan signed up in the app, with one phone linked, who sent a registration: its id. */
async function fanRegistration(request: APIRequestContext): Promise<string> {
  const account = await request.post('/app/v1/account', { data: { name: 'Noor Fan', email: `noor.${STAMP}@example.com`, age: 29, password: 'noor-password-1' } });
  expect(account.ok(), await account.text()).toBe(true);
  const authorization = `Bearer ${(await account.json()).data.token}`;
  const phone = `e2eNoorPhone${STAMP}`.padEnd(22, '0').slice(0, 22) + `:APA91b${'n'.repeat(134)}`;
  const device = await request.post('/app/v1/devices', { headers: { authorization }, data: { token: phone, platform: 'android' } });
  expect(device.ok(), await device.text()).toBe(true);

  // The places as the app's form lists them (the e2e server's SEED=lookups fills them).
  const first = async (path: string) => ((await (await request.get(path)).json()).data as { _id: string }[])[0];
  const state = await first('/app/v1/states');
  const district = await first(`/app/v1/districts?state=${state._id}`);
  const city = await first(`/app/v1/cities?district=${district._id}`);
  const photo = { name: 'junior.png', mimeType: 'image/png', buffer: await pngOf(300, 400, '#2e7d32') };
  const sent = await request.post('/app/v1/registrations', {
    headers: { authorization },
    multipart: {
      firstName: 'Noor',
      lastName: `Fan ${STAMP}`,
      email: `noor.${STAMP}@example.com`,
      phone: '9876543210',
      DOB: '1995-06-07',
      GovernmentIdType: 'Aadhaar Card',
      GovernmentIdNumber: '2345 6789 4321',
      state: state._id,
      district: district._id,
      city: city._id,
      area: 'Phase 1',
      pinCode: '411057',
      address: '12, Lane 3',
      playingRole: 'Batsman',
      battingStyle: 'Right-handed',
      players: JSON.stringify([{ firstName: 'Junior', lastName: 'Fan', dob: '2011-02-03', playingRole: 'Bowler', battingStyle: 'Right-handed', bowlingStyle: null }]),
      'players.0.photo': photo,
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return (await sent.json()).data._id;
}

test("approving a fan's registration on its page tells the fan's phone, and the page says so", async ({ page, request }) => {
  const id = await fanRegistration(request);
  await page.goto(`/registrations/${id}/show`);
  await expect(page.getByRole('heading', { name: 'Registration Details' }).first()).toBeVisible();
  await expect(page.getByTestId('registration-notice')).toHaveCount(0);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Registration approved')).toBeVisible();
  // The page reads itself again while the push is on its way.
  await expect(page.getByTestId('registration-notice')).toHaveText('Fan notified of the approval: sent to 1 device', { timeout: 15_000 });
  await page.screenshot(shot('registration-notice-1400'));
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByTestId('registration-notice')).toBeVisible();
  await page.screenshot(shot('registration-notice-390'));
  await expectNoSeriousA11yViolations(page);
});
