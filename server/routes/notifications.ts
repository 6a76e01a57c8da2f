import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GENERIC, NOT_FOUND } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { notFound } from '../errors';
import * as notifications from '../repositories/notifications';
import { ok, responses } from '../schemas/envelope';
import { MULTIPART } from '../schemas/form';
import { Page } from '../schemas/list';
import { Notification, NotificationCreateBody, NotificationListQuery } from '../schemas/notifications';
import { IdParams } from '../schemas/params';
import { withSavedImages } from '../storage/saved-images';

const tags = ['notifications'];

/** Notifications are listed and created only. */
const notificationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'List notifications (search by body)',
        querystring: NotificationListQuery,
        response: responses(Page(Notification)),
      },
    },
    async (request) => ok(await notifications.listNotifications(db, request.query), GENERIC.fetched),
  );

  app.get(
    '/notifications/:id',
    { schema: { tags, summary: 'One notification', params: IdParams, response: responses(Notification) } },
    async (request) => {
      const notification = await notifications.findNotification(db, request.params.id);
      if (!notification) throw notFound(NOT_FOUND.notification);
      return ok(notification, GENERIC.fetched);
    },
  );

  app.post(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Create a notification (optional picture as logo or image)',
        consumes: MULTIPART,
        body: NotificationCreateBody,
        response: responses(Notification),
      },
    },
    async (request) => {
      const { title, body, logo, image } = request.body;
      const notification = await withSavedImages(app.images, { image: logo ?? image }, (stored) =>
        notifications.createNotification(db, request.admin.id, { title, body, image: stored.image }),
      );
      return ok(notification, GENERIC.created);
    },
  );
};

export default notificationRoutes;
