/**
 * A notification's delivery, beside its declared list, detail and create (routes/admin/declared.ts):
 * every notification is answered with its `delivery` (the declaration's own parts, repositories/own-parts.ts), its creation sends it now or schedules it
 * (`notificationCreated`), and an admin cancels or moves a scheduled send, or retries the devices
 * that failed for a passing reason. `GET /admin/notifications/push` says whether FCM is set up.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { notifications } from '../../../src/domain/entities/notifications';
import { textsOf } from '../../../src/domain/entity';
import { PUSH_TEXTS } from '../../../src/domain/push';
import type { Db } from '../../db/connection';
import { found } from '../../errors';
import { sendNotificationJob } from '../../jobs/send-notification';
import { findRecord } from '../../repositories/declared';
import { cancelSend, deviceCount, rescheduleSend, retrySend, startSend } from '../../repositories/sends';
import { detailSchema } from '../../schemas/declared';
import { ok, responses } from '../../schemas/envelope';
import { withInvalidMessage } from '../../schemas/invalid-message';
import { IdParams } from '../../schemas/params';
import { reads, writes } from '../../auth/route-access';

/** `sendAt` in the create form: an ISO instant schedules the send, nothing sends it now. */
export const SendAtField = {
  // The message marks the property as the body holds it (Optional makes a new schema).
  sendAt: withInvalidMessage(
    Type.Optional(Type.String({ format: 'date-time', description: 'Schedule the send for this instant (to the minute); absent: send now' })),
    PUSH_TEXTS.sendAtRequired,
  ),
};

/** Creating a notification starts its send in the same transaction; the log records it as sent or scheduled. */
export const notificationCreated = async (app: FastifyInstance, trx: Db, id: string, body: Record<string, unknown>) => {
  const sendAt = typeof body.sendAt === 'string' && body.sendAt ? new Date(body.sendAt) : undefined;
  return startSend(trx, id, { configured: app.push.configured, sendAt, now: app.clock.now(), job: sendNotificationJob });
};

const SendAt = Type.Object({ sendAt: withInvalidMessage(Type.String({ format: 'date-time', description: 'The new time (to the minute)' }), PUSH_TEXTS.sendAtRequired) });
const PushSetup = Type.Object({ configured: Type.Boolean(), devices: Type.Integer(), message: Type.Union([Type.String(), Type.Null()]) });

const notificationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const texts = textsOf(notifications);
  const tags = ['notifications'];
  const Detail = detailSchema(notifications);
  const answer = async (id: string, message: string) => ok((await findRecord(db, notifications, id))!, message);

  app.get(
    '/notifications/push',
    { config: reads(notifications.name), schema: { tags, summary: 'Whether push delivery is set up, and how many devices are registered', response: responses(PushSetup) } },
    async () => ok({ configured: app.push.configured, devices: await deviceCount(db), message: app.push.configured ? null : `${PUSH_TEXTS.notConfigured} ${PUSH_TEXTS.notConfiguredHow}` }, 'OK'),
  );

  app.post(
    '/notifications/:id/cancel',
    { config: writes(notifications.name), schema: { tags, summary: 'Cancel a scheduled send', params: IdParams, response: responses(Detail) } },
    async (request) => {
      found((await cancelSend(db, request.admin.id, request.params.id, sendNotificationJob)) || undefined, texts.notFound);
      return answer(request.params.id, PUSH_TEXTS.cancelled);
    },
  );

  app.post(
    '/notifications/:id/schedule',
    { config: writes(notifications.name), schema: { tags, summary: 'Move a scheduled send to another time', params: IdParams, body: SendAt, response: responses(Detail) } },
    async (request) => {
      found((await rescheduleSend(db, request.admin.id, request.params.id, new Date(request.body.sendAt), app.clock.now(), sendNotificationJob)) || undefined, texts.notFound);
      return answer(request.params.id, PUSH_TEXTS.rescheduled);
    },
  );

  app.post(
    '/notifications/:id/retry',
    { config: writes(notifications.name), schema: { tags, summary: 'Send again to the devices whose failure was transient', params: IdParams, response: responses(Detail) } },
    async (request) => {
      found((await retrySend(db, request.admin.id, request.params.id, { configured: app.push.configured, now: app.clock.now(), job: sendNotificationJob })) || undefined, texts.notFound);
      app.jobs.wake();
      return answer(request.params.id, PUSH_TEXTS.retried);
    },
  );
};

export default notificationRoutes;
