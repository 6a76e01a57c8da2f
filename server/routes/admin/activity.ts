import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { activityCsvCells, csvLine } from '../../../src/domain/csv';
import { ACTIVITY_TEXTS, GENERIC } from '../../../src/domain/messages';
import type { Db } from '../../db/connection';
import { exportActivity, listActivity } from '../../repositories/activity';
import { ActivityEntry, ActivityListQuery } from '../../schemas/admins';
import { ok, responses } from '../../schemas/envelope';
import { Page } from '../../schemas/list';
import { reads } from '../../auth/route-access';

const tags = ['activity'];

/** The activity log, newest first. Read only: no call changes or deletes an entry. */
const activityRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/activity',
    {
      config: reads('activity'),
      schema: {
        tags,
        summary: "The activity log, newest first (filters: adminId, resource, recordId for a record's history, action, from, to; search: record labels)",
        querystring: ActivityListQuery,
        response: responses(Page(ActivityEntry)),
      },
    },
    async (request) => ok(await listActivity(db, request.query), GENERIC.fetched),
  );

  app.get(
    '/activity/export.csv',
    {
      config: reads('activity'),
      schema: {
        tags,
        summary: 'Every entry the filters and search select, newest first, as CSV (RFC 4180, formulas neutralised), streamed',
        querystring: ActivityListQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const batches = exportActivity(db, request.query);
      async function* lines() {
        yield `\uFEFF${csvLine(ACTIVITY_TEXTS.csvColumns)}`;
        for await (const entries of batches) yield entries.map((entry) => csvLine(activityCsvCells(entry))).join('');
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ACTIVITY_TEXTS.exportFileName}"`)
        .send(Readable.from(lines()));
    },
  );
};

export default activityRoutes;
