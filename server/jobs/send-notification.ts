/**
 * The job that sends a notification to every registered device (push-job.ts does the sending):
 * its send, deliveries and end are the notification's (repositories/sends.ts). Runs only with FCM
 * set up; without it a notification is stored as not sent and has no job.
 */
import { notificationPushData } from '../../src/domain/push';
import { targetOf } from '../../src/domain/targets';
import { dueRetries, nextPendingAt, recordAnswers, SEND_TABLES } from '../repositories/push-rounds';
import { beginSend, devicesAfter, endSend, sendCursor, sendToRun, stopSend, type SendPayload } from '../repositories/sends';
import type { Job } from './job';
import { pushJob } from './push-job';

/** The picture as an address a phone can fetch, or none when this server's own address is unknown. */
export function imageAddress(image: string | null, publicUrl: string | undefined): string | undefined {
  if (!image) return undefined;
  if (/^https?:\/\//.test(image)) return image;
  return publicUrl ? new URL(image, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).href : undefined;
}

export const sendNotificationJob: Job<SendPayload> = {
  name: 'send-notification',
  key: ({ notificationId }) => `send:${notificationId}`,
  handler: ({ db, fcm, publicUrl }) =>
    fcm &&
    pushJob(fcm, (job) => {
      const id = String(job.payload.notificationId);
      return {
        begin: (now) => beginSend(db, id, now),
        async toRun() {
          const send = (await sendToRun(db, id))!;
          const target = targetOf({ targetType: send.target_type, targetId: send.target_id, targetUrl: send.target_url });
          const message = { title: send.title, body: send.body, image: imageAddress(send.image, publicUrl), data: notificationPushData(id, target) };
          return { message, startedAt: send.started_at };
        },
        cursor: () => sendCursor(db, id),
        devicesAfter: (after, limit) => devicesAfter(db, after, limit),
        dueRetriesAfter: (after, now, limit) => dueRetries(db, SEND_TABLES, id, after, now, limit),
        record: (results, cursor) => recordAnswers(db, SEND_TABLES, id, results, cursor),
        nextPending: () => nextPendingAt(db, SEND_TABLES, id),
        stop: (reason, message, now) => stopSend(db, id, reason, message, now),
        end: (now, stopped) => endSend(db, id, now, stopped),
      };
    }),
};
