/**
 * The job that sends a notification to every registered device through FCM. It takes its
 * deliveries in batches (claimed with a lease, so no other server sends them), sends each batch
 * with a fixed number of messages in flight, and records the answers as they come, a few hundred
 * at a time: a server killed mid-send re-sends only what it had sent and not yet recorded.
 *
 * Transient failures are tried again with exponential backoff (or after FCM's Retry-After) until
 * an hour after the send started, then count as failed. A refused credential stops the send.
 */
import { PUSH_TEXTS, type Platform } from '../../src/domain/push';
import type { Db } from '../db/connection';
import type { FcmClient, PushMessage, SendOutcome } from '../push/fcm';
import { beginSend, claimDeliveries, endSend, nextPending, recordResults, sendToRun, stopSend, type Claimed, type DeliveryResult } from '../repositories/sends';
import type { JobHandler } from './queue';

export interface SendSettings {
  db: Db;
  fcm: FcmClient;
  /** PUBLIC_URL: where phones fetch an uploaded picture from. */
  publicUrl?: string;
  /** Messages in flight at once. */
  concurrency: number;
  /** Deliveries claimed at a time. */
  batchSize?: number;
  /** Answers recorded together. */
  recordEvery?: number;
  /** How long a claim of deliveries holds (the queue's lease). */
  leaseMs: number;
}

const RETRY_WINDOW_MS = 60 * 60_000;
const MAX_BACKOFF_MS = 5 * 60_000;

/** The picture as an address a phone can fetch, or none when this server's own address is unknown. */
export function imageAddress(image: string | null, publicUrl: string | undefined): string | undefined {
  if (!image) return undefined;
  if (/^https?:\/\//.test(image)) return image;
  return publicUrl ? new URL(image, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).href : undefined;
}

/** A delivery's record after FCM's answer: a transient failure waits its turn, or fails once the hour is up. */
function resultOf(claimed: Claimed, outcome: SendOutcome, now: Date, deadline: number): DeliveryResult {
  const base = { deviceId: claimed.deviceId, nextAt: now };
  switch (outcome.kind) {
    case 'sent':
      return { ...base, state: 'sent', reason: null };
    case 'gone':
      return { ...base, state: 'gone', reason: outcome.reason };
    case 'retry': {
      const backoff = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** claimed.attempts);
      const at = now.getTime() + Math.max(backoff, outcome.retryAfterMs ?? 0);
      return at > deadline ? { ...base, state: 'failed', reason: outcome.reason } : { ...base, state: 'pending', reason: outcome.reason, nextAt: new Date(at) };
    }
    default:
      return { ...base, state: 'failed', reason: outcome.reason };
  }
}

export function sendNotification(settings: SendSettings): JobHandler {
  const { db, fcm, concurrency, batchSize = 2_000, recordEvery = 250, leaseMs } = settings;

  return async (job, { clock, renew, stopping }) => {
    const id = String(job.payload.notificationId);
    if (!(await beginSend(db, id, clock.now()))) return { done: true };
    const send = (await sendToRun(db, id))!;
    const message: PushMessage = { title: send.title, body: send.body, image: imageAddress(send.image, settings.publicUrl) };
    const deadline = (send.started_at ?? clock.now()).getTime() + RETRY_WINDOW_MS;

    let refused: string | undefined;
    /** Sends a batch with `concurrency` messages in flight, recording answers as they gather. */
    const deliver = async (batch: Claimed[]) => {
      let next = 0;
      let answered: DeliveryResult[] = [];
      let recording = Promise.resolve();
      const record = () => {
        const results = answered;
        answered = [];
        recording = recording.then(() => recordResults(db, id, results));
      };
      const worker = async () => {
        while (next < batch.length && !refused) {
          const claimed = batch[next++];
          const outcome = await fcm.send(claimed.token, claimed.platform as Platform, message);
          if (outcome.kind === 'refused') {
            refused = outcome.reason;
            break;
          }
          answered.push(resultOf(claimed, outcome, clock.now(), deadline));
          if (answered.length >= recordEvery) record();
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, worker));
      record();
      await recording;
    };

    while (!stopping() && !refused) {
      await renew();
      const now = clock.now();
      const batch = await claimDeliveries(db, id, { now, leaseUntil: new Date(now.getTime() + leaseMs), limit: batchSize });
      if (batch.length === 0) break;
      await deliver(batch);
    }
    if (refused) {
      await stopSend(db, id, refused, PUSH_TEXTS.credentialsRefused);
      await endSend(db, id, clock.now(), 'failed');
      return { done: true };
    }
    const pendingAt = await nextPending(db, id);
    if (stopping() || pendingAt) return { runAt: pendingAt ?? clock.now() };
    await endSend(db, id, clock.now());
    return { done: true };
  };
}
