/**
 * The whole loop, through the public calls only: a fan signs up in the app and registers their
 * phone while signed in, appears in the admins' Users as an app user, sends a registration that
 * appears under Pending; an admin approves it, and the fake FCM receives the push for that phone.
 * The server's clock is the test's; `runDue` does what the queue holds.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeFcm, type FakeFcm } from '../fcm/fake-fcm';
import { multipart, pngFile, type TestServer } from './harness';
import { fcmToken, movableClock, serverWithFcm } from './push-fixtures';

const clock = movableClock('2026-11-26T10:00:10Z');
let fake: FakeFcm;
let server: TestServer;
const place: Record<string, string> = {};

beforeAll(async () => {
  fake = await startFakeFcm();
  server = await serverWithFcm(fake, clock);
  const [state] = await server.db.insertInto('states').values({ name: 'Maharashtra' }).returning('id').execute();
  const [district] = await server.db.insertInto('districts').values({ name: 'Pune', state_id: state.id }).returning('id').execute();
  const [city] = await server.db.insertInto('cities').values({ name: 'Hinjewadi', district_id: district.id }).returning('id').execute();
  Object.assign(place, { state: state.id, district: district.id, city: city.id });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const app = (method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) =>
  server.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

it('a fan signs up, links a phone, registers; an admin approves it under Pending; the phone hears it was approved', async () => {
  const signUp = await app('POST', '/app/v1/account', undefined, { name: 'Meera Loop', email: 'meera.loop@example.com', age: 34, password: 'loop-password-1' });
  expect(signUp.statusCode, signUp.body).toBe(200);
  const { token, user } = signUp.json().data as { token: string; user: { _id: string } };
  const phone = fcmToken('meeraloop');
  expect((await app('POST', '/app/v1/devices', token, { token: phone, platform: 'android' })).statusCode).toBe(200);
  // Another phone, not signed in: it hears nothing of Meera's registration.
  expect((await app('POST', '/app/v1/devices', undefined, { token: fcmToken('stranger'), platform: 'ios' })).statusCode).toBe(200);

  const users = (await server.request({ method: 'GET', url: '/admin/users?q=Meera' })).json().data.docs as { _id: string; source: string }[];
  expect(users).toEqual([expect.objectContaining({ _id: user._id, source: 'app' })]);

  const photo = await pngFile({ width: 300, height: 400, color: '#2e7d32', filename: 'junior.png' });
  const form = await multipart({
    firstName: 'Meera',
    lastName: 'Loop',
    email: 'meera.loop@example.com',
    phone: '9876543210',
    DOB: '1991-03-04',
    GovernmentIdType: 'Aadhaar Card',
    GovernmentIdNumber: '2345 6789 4321',
    ...place,
    area: 'Phase 1',
    pinCode: '411057',
    address: '12, Lane 3',
    playingRole: 'Batsman',
    battingStyle: 'Right-handed',
    players: JSON.stringify([{ firstName: 'Junior', lastName: 'Loop', dob: '2010-01-02', playingRole: 'Bowler', battingStyle: 'Right-handed', bowlingStyle: 'Leg spin' }]),
    'players.0.photo': photo,
  });
  const sent = await server.app.inject({ method: 'POST', url: '/app/v1/registrations', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
  expect(sent.statusCode, sent.body).toBe(200);
  const id = sent.json().data._id as string;

  expect((await server.request({ method: 'GET', url: '/admin/registrations/stats' })).json().data).toMatchObject({ pending: 1 });
  const pending = (await server.request({ method: 'GET', url: '/admin/registrations?status=pending' })).json().data.docs as { _id: string; notice: unknown }[];
  expect(pending.map((row) => [row._id, row.notice])).toEqual([[id, null]]);

  const approved = await server.request({ method: 'PUT', url: `/admin/registrations/${id}/status`, payload: { status: 'approved' } });
  expect(approved.statusCode, approved.body).toBe(200);
  await server.app.jobs.runDue();

  expect(fake.received.map((entry) => [entry.token, entry.message.notification.title, entry.outcome])).toEqual([[phone, 'Your registration was approved', 'accept']]);
  const read = (await server.request({ method: 'GET', url: `/admin/registrations/${id}` })).json().data;
  expect(read.notice).toEqual({ status: 'approved', state: 'sent', targeted: 1, sent: 1, failed: 0, gone: 0, pending: 0, message: null });
  // The fan reads their own registration as approved.
  expect((await app('GET', `/app/v1/registrations/${id}`, token)).json().data.status).toBe('approved');
});
