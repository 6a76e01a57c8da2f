/**
 * Two servers on one PostgreSQL: a fan signed in on server A is refused by A within a second of an
 * admin deactivating them through server B, and A refuses their sign-in; each fan call asks the
 * database, so nothing but the database tells A. Reactivated through B, the fan signs in on A again.
 */
import { expect, it } from 'vitest';
import { FAN_TEXTS } from '../../src/domain/fans';
import { login } from './harness';
import { usesPostgres } from './process';
import { twoAppsOnPostgres } from './two-apps';

const ADMIN = { email: 'fan-two@test.local', password: 'fan-two-servers-password' };
const FAN = { name: 'Two Servers Fan', email: 'two.servers.fan@example.com', age: 28, password: 'fan-on-two-servers' };
const apps = twoAppsOnPostgres('fan_two', ADMIN);

it.skipIf(!usesPostgres)('a fan deactivated through server B is refused by server A within a second, at sign-in too', async () => {
  const [a, b] = apps;
  const signedUp = await a.inject({ method: 'POST', url: '/app/v1/account', payload: FAN });
  expect(signedUp.statusCode, signedUp.body).toBe(200);
  const { token, user } = signedUp.json().data;
  const me = () => a.inject({ method: 'GET', url: '/app/v1/account', headers: { authorization: `Bearer ${token}` } });
  expect((await me()).statusCode).toBe(200);

  const admin = (await login(b, ADMIN.email, ADMIN.password)).json().token as string;
  const set = (isActive: boolean) => b.inject({ method: 'PUT', url: `/admin/users/${user._id}`, payload: { isActive }, headers: { authorization: `Bearer ${admin}` } });
  expect((await set(false)).statusCode).toBe(200);

  await expect.poll(async () => (await me()).statusCode, { timeout: 1000, interval: 50 }).toBe(401);
  const signIn = () => a.inject({ method: 'POST', url: '/app/v1/login', payload: { email: FAN.email, password: FAN.password }, remoteAddress: '10.88.0.1' });
  expect((await signIn()).json().message).toBe(FAN_TEXTS.accountDeactivated);

  expect((await set(true)).statusCode).toBe(200);
  await expect.poll(async () => (await signIn()).statusCode, { timeout: 1000, interval: 50 }).toBe(200);
});
