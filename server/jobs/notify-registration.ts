/**
 * The job that tells a fan the decision on their registration: a push to their linked phones,
 * sent and retried as a notification is (push-job.ts), recorded as the registration's notice
 * (repositories/notices.ts). Runs only with FCM set up; without it the notice says it was not sent.
 */
import { beginNotice, endNotice, fanDevicesAfter, noticeToRun, stopNotice, type NoticePayload } from '../repositories/notices';
import { dueRetries, nextPendingAt, NOTICE_TABLES, recordAnswers } from '../repositories/push-rounds';
import type { Job } from './job';
import { pushJob } from './push-job';

export const notifyRegistrationJob: Job<NoticePayload> = {
  name: 'registration-notice',
  key: ({ registrationId }) => `notice:${registrationId}`,
  handler: ({ db, fcm }) =>
    fcm &&
    pushJob(fcm, (job) => {
      const id = String(job.payload.registrationId);
      return {
        begin: (now) => beginNotice(db, id, now),
        async toRun() {
          const notice = await noticeToRun(db, id);
          return { message: notice.message, startedAt: notice.started_at };
        },
        cursor: async () => (await noticeToRun(db, id)).cursor,
        devicesAfter: (after, limit) => fanDevicesAfter(db, id, after, limit),
        dueRetriesAfter: (after, now, limit) => dueRetries(db, NOTICE_TABLES, id, after, now, limit),
        record: (results, cursor) => recordAnswers(db, NOTICE_TABLES, id, results, cursor),
        nextPending: () => nextPendingAt(db, NOTICE_TABLES, id),
        stop: (reason, message, now) => stopNotice(db, id, reason, message, now),
        end: (now, stopped) => endNotice(db, id, now, stopped),
      };
    }),
};
