import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GENERIC } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { listActivity } from '../repositories/activity';
import { ActivityEntry, ActivityListQuery } from '../schemas/admins';
import { ok, responses } from '../schemas/envelope';
import { Page } from '../schemas/list';

/** The activity log, newest first. Read only: no call changes or deletes an entry. */
const activityRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/activity',
    {
      schema: {
        tags: ['activity'],
        summary: "The activity log, newest first (filters: adminId, resource, recordId for a record's history, action, from, to; search: record labels)",
        querystring: ActivityListQuery,
        response: responses(Page(ActivityEntry)),
      },
    },
    async (request) => ok(await listActivity(db, request.query), GENERIC.fetched),
  );
};

export default activityRoutes;
