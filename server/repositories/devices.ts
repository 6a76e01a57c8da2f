/**
 * The fans' phones: registered (or refreshed) by the app, removed by the app or when FCM says the
 * token is gone. A token is one device however often it registers.
 */
import { sql } from 'kysely';
import type { Platform } from '../../src/domain/push';
import type { Db } from '../db/connection';

/** Stores the device, or refreshes its platform and last-seen time; answers whether it was new. */
export async function saveDevice(db: Db, token: string, platform: Platform, now: Date): Promise<{ created: boolean }> {
  const row = await db
    .insertInto('devices')
    .values({ token, platform, created_at: now, last_seen_at: now })
    .onConflict((oc) => oc.column('token').doUpdateSet({ platform, last_seen_at: now }))
    // xmax is 0 only for a row this statement inserted.
    .returning(sql<boolean>`xmax = 0`.as('created'))
    .executeTakeFirstOrThrow();
  return { created: row.created };
}

/** Removes the device; answers whether there was one. */
export async function removeDevice(db: Db, token: string): Promise<boolean> {
  const result = await db.deleteFrom('devices').where('token', '=', token).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
