/**
 * What the push tests share: FCM-shaped tokens, devices stored straight into a database (faster
 * than the app's calls, and past its per-address limit), a server whose FCM is the fake, and the
 * admin calls a test makes of a server process.
 */
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../server/db/connection';
import { readServiceAccount } from '../../server/push/fcm';
import type { Delivery } from '../../src/domain/push';
import type { FakeFcm } from '../fcm/fake-fcm';
import { createTestServer, type FilePart, type TestServer } from './harness';

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

/** Registers `count` devices in the database a server will open (the data folder's PGlite, or PostgreSQL), before it starts. */
export async function seedDevices(target: { dataDir: string; databaseUrl?: string }, tokens: readonly string[]): Promise<void> {
  const database = await openDatabase(target.databaseUrl ? { url: target.databaseUrl } : { dataDir: join(target.dataDir, 'db') });
  try {
    await insertDevices(database.db, tokens);
  } finally {
    await database.close();
  }
}

/** The admin API of a server process, signed in. */
export async function adminClient(base: string, admin: { email: string; password: string }) {
  const signIn = await fetch(`${base}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const { token } = (await signIn.json()) as { token: string };
  const authorization = `Bearer ${token}`;
  return {
    /** Creates a notification (sent now): its id. */
    async notify(title: string, body: string, logo?: FilePart): Promise<string> {
      const form = new FormData();
      form.append('title', title);
      form.append('body', body);
      if (logo) form.append('logo', new Blob([new Uint8Array(logo.content)], { type: logo.contentType }), logo.filename);
      const res = await fetch(`${base}/admin/notifications`, { method: 'POST', headers: { authorization }, body: form });
      if (res.status !== 200) throw new Error(`creating the notification answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: { _id: string } }).data._id;
    },
    async notification(id: string): Promise<{ image: string | null; delivery: Delivery }> {
      const res = await fetch(`${base}/admin/notifications/${id}`, { headers: { authorization } });
      if (res.status !== 200) throw new Error(`reading the notification answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: { image: string | null; delivery: Delivery } }).data;
    },
  };
}

/** Waits (polling) until `check` answers something other than undefined, or fails after `ms`. */
export async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, ms: number, everyMs = 20): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
