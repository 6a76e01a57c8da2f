/**
 * What the push tests share: FCM-shaped tokens, devices stored straight into a database (faster
 * than the app's calls, and past its per-address limit), and a server whose FCM is the fake.
 */
import { sql } from 'kysely';
import type { Db } from '../../server/db/connection';
import { readServiceAccount } from '../../server/push/fcm';
import type { FakeFcm } from '../fcm/fake-fcm';
import { createTestServer, type TestServer } from './harness';

/** A token shaped as FCM's are: 22 URL-safe characters, ':APA91b', then 134 more. */
export const fcmToken = (n: number | string) => `${String(n).padStart(22, 'd')}:APA91b${'x'.repeat(134)}`;

/** Stores the devices at once (a few thousand a statement); every other one is an iPhone unless said. */
export async function insertDevices(db: Db, tokens: readonly string[], platform?: (i: number) => 'android' | 'ios') {
  for (let start = 0; start < tokens.length; start += 5_000) {
    const chunk = tokens.slice(start, start + 5_000);
    const platforms = chunk.map((_, i) => platform?.(start + i) ?? ((start + i) % 2 ? 'ios' : 'android'));
    await sql`insert into devices (token, platform) select * from unnest(${chunk}::text[], ${platforms}::text[])`.execute(db);
  }
}

/** A clock the test moves by hand. */
export function movableClock(start: string) {
  const clock = {
    at: new Date(start),
    now: () => clock.at,
    set: (at: Date | string) => void (clock.at = new Date(at)),
    advance: (ms: number) => void (clock.at = new Date(clock.at.getTime() + ms)),
  };
  return clock;
}

/** An in-process server sending through the fake FCM, on the clock given. */
export const serverWithFcm = (fake: FakeFcm, clock: { now(): Date }, concurrency = 32): Promise<TestServer> =>
  createTestServer({
    push: { fcm: { account: readServiceAccount(fake.credentialsFile), apiUrl: fake.url, concurrency }, publicUrl: 'https://league.example' },
    clock,
  });
