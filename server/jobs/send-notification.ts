/**
 * The job that sends a notification to every registered device (push-job.ts does the sending):
 * its send, deliveries and end are the notification's (repositories/sends.ts).
 */
import { notificationPushData } from '../../src/domain/push';
import { targetOf } from '../../src/domain/targets';
import type { Db } from '../db/connection';
import { beginSend, devicesAfter, dueRetriesAfter, endSend, nextPending, recordResults, sendCursor, sendToRun, stopSend } from '../repositories/sends';
import { pushJob, type PushJobSettings } from './push-job';
import type { JobHandler } from './queue';

export interface SendSettings extends PushJobSettings {
  db: Db;
  /** PUBLIC_URL: where phones fetch an uploaded picture from. */
  publicUrl?: string;
}

/** The picture as an address a phone can fetch, or none when this server's own address is unknown. */
export function imageAddress(image: string | null, publicUrl: string | undefined): string | undefined {
  if (!image) return undefined;
  if (/^https?:\/\//.test(image)) return image;
  return publicUrl ? new URL(image, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).href : undefined;
}

export function sendNotification(settings: SendSettings): JobHandler {
  const { db } = settings;
  return pushJob(settings, (job) => {
    const id = String(job.payload.notificationId);
    return {
      begin: (now) => beginSend(db, id, now),
      async toRun() {
        const send = (await sendToRun(db, id))!;
        const target = targetOf({ targetType: send.target_type, targetId: send.target_id, targetUrl: send.target_url });
        const message = { title: send.title, body: send.body, image: imageAddress(send.image, settings.publicUrl), data: notificationPushData(id, target) };
        return { message, startedAt: send.started_at };
      },
      cursor: () => sendCursor(db, id),
      devicesAfter: (after, limit) => devicesAfter(db, after, limit),
      dueRetriesAfter: (after, now, limit) => dueRetriesAfter(db, id, after, now, limit),
      record: (results, cursor) => recordResults(db, id, results, cursor),
      nextPending: () => nextPending(db, id),
      stop: (reason, message, now) => stopSend(db, id, reason, message, now),
      end: (now, stopped) => endSend(db, id, now, stopped),
    };
  });
}
