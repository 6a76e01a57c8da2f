/**
 * What a push's rounds write, for a notification's send and a registration's notice alike
 * (jobs/push-job.ts runs the rounds): the devices answered, each one's delivery kept where it did not
 * go at once, and the totals. Each kind of push names its own tables; the statements are one.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection';

/** The cursor of a first round that is over: no device comes after it, so a retry reaches no newcomer. */
export const ROUND_OVER = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/** A device to send to, in id order; `attempts` made before (none for a first try). */
export interface Recipient {
  deviceId: string;
  token: string;
  platform: 'android' | 'ios';
  attempts: number;
}

export interface DeliveryResult {
  recipient: Recipient;
  state: 'sent' | 'gone' | 'failed' | 'pending';
  reason: string | null;
  /** For one still pending: when it is tried again. */
  nextAt: Date;
}

/** Where a kind of push keeps its rounds. */
export interface PushTables {
  /** One row per device answered, keyed by the push's owner and the device. */
  deliveries: 'deliveries' | 'notice_deliveries';
  /** The column naming the push's owner, in both tables. */
  owner: 'notification_id' | 'registration_id';
  /** One row per push: its state, counts and cursor. */
  totals: 'sends' | 'registration_notices';
  /** Whether a device sent at the first try keeps its row: a notice's few do; a send's many (most of them) do not. */
  keepsSent: boolean;
  /** Whether the totals count failures by reason (`reasons`). */
  countsReasons: boolean;
}

export const SEND_TABLES: PushTables = { deliveries: 'deliveries', owner: 'notification_id', totals: 'sends', keepsSent: false, countsReasons: true };
export const NOTICE_TABLES: PushTables = { deliveries: 'notice_deliveries', owner: 'registration_id', totals: 'registration_notices', keepsSent: true, countsReasons: false };

/** The failures of `results` added to the stored counts by reason. */
function reasonsAfter(results: readonly DeliveryResult[]): RawBuilder<unknown> {
  const failed = new Map<string, number>();
  for (const result of results) if (result.state === 'failed') failed.set(result.reason!, (failed.get(result.reason!) ?? 0) + 1);
  let reasons: RawBuilder<unknown> = sql`reasons`;
  for (const [reason, n] of failed) reasons = sql`${reasons} || jsonb_build_object(${reason}::text, coalesce((reasons->>${reason}::text)::int, 0) + ${n}::int)`;
  return reasons;
}

/**
 * Records answers in one transaction: what is kept per device (a retry, a failure, a device gone,
 * which is removed), the counts grow, and in the first round the cursor moves past them.
 */
export async function recordAnswers(db: Db, tables: PushTables, id: string, results: readonly DeliveryResult[], cursor?: string): Promise<void> {
  if (results.length === 0) return;
  const count = (state: DeliveryResult['state']) => results.filter((result) => result.state === state).length;
  // A retry's delivery has its row already.
  const kept = cursor === undefined || tables.keepsSent ? results : results.filter((result) => result.state !== 'sent');
  const gone = results.filter((result) => result.state === 'gone').map((result) => result.recipient.deviceId);
  // Typed as a send's tables: a notice's have the same columns under its owner's name.
  const deliveries = tables.deliveries as 'deliveries';
  const owner = tables.owner as 'notification_id';
  await db.transaction().execute(async (trx) => {
    if (kept.length > 0) {
      await trx
        .insertInto(deliveries)
        .values(
          kept.map(({ recipient, state, reason, nextAt }) => ({
            [owner]: id,
            device_id: recipient.deviceId,
            token: recipient.token,
            platform: recipient.platform,
            state,
            reason,
            attempts: recipient.attempts + 1,
            next_at: nextAt,
          })) as never,
        )
        .onConflict((oc) =>
          oc.columns([owner, 'device_id']).doUpdateSet((eb) => ({
            state: eb.ref('excluded.state'),
            reason: eb.ref('excluded.reason'),
            attempts: eb.ref('excluded.attempts'),
            next_at: eb.ref('excluded.next_at'),
          })),
        )
        .execute();
    }
    if (gone.length > 0) await trx.deleteFrom('devices').where('id', 'in', gone).execute();
    await trx
      .updateTable(tables.totals as 'sends')
      .set({
        sent: sql`sent + ${count('sent')}`,
        failed: sql`failed + ${count('failed')}`,
        gone: sql`gone + ${gone.length}`,
        ...(tables.countsReasons && { reasons: sql`${reasonsAfter(results)}` }),
        ...(cursor !== undefined && { cursor }),
      })
      .where(owner, '=', id)
      .execute();
  });
}

/** Retries: the next pending deliveries after `after` that are due, in device order. */
export async function dueRetries(db: Db, tables: PushTables, id: string, after: string | null, now: Date, limit: number): Promise<Recipient[]> {
  const owner = tables.owner as 'notification_id';
  const rows = await db
    .selectFrom(tables.deliveries as 'deliveries')
    .select(['device_id', 'token', 'platform', 'attempts'])
    .where(owner, '=', id)
    .where('state', '=', 'pending')
    .where('next_at', '<=', now)
    .$if(after !== null, (qb) => qb.where('device_id', '>', after!))
    .orderBy('device_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ deviceId: row.device_id, token: row.token, platform: row.platform as Recipient['platform'], attempts: row.attempts }));
}

/** When the next pending delivery may be tried (its backoff); undefined when none is pending. */
export async function nextPendingAt(db: Db, tables: PushTables, id: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom(tables.deliveries as 'deliveries')
    .select(sql<Date | null>`min(next_at)`.as('at'))
    .where(tables.owner as 'notification_id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return row?.at ?? undefined;
}
