/**
 * The job that tells a fan the decision on their registration: a push to their linked phones,
 * sent and retried as a notification is (push-job.ts), recorded as the registration's notice
 * (repositories/notices.ts). Runs only with FCM set up; without it the notice says it was not sent.
 */
import {
  beginNotice,
  dueNoticeRetries,
  endNotice,
  fanDevicesAfter,
  nextNoticePending,
  noticeToRun,
  recordNoticeResults,
  stopNotice,
  type NoticePayload,
} from '../repositories/notices';
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
        dueRetriesAfter: (after, now, limit) => dueNoticeRetries(db, id, after, now, limit),
        record: (results, cursor) => recordNoticeResults(db, id, results, cursor),
        nextPending: () => nextNoticePending(db, id),
        stop: (reason, message, now) => stopNotice(db, id, reason, message, now),
        end: (now, stopped) => endNotice(db, id, now, stopped),
      };
    }),
};
