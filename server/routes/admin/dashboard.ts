import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GENERIC } from '../../../src/domain/messages';
import type { Db } from '../../db/connection';
import { dashboard } from '../../repositories/dashboard';
import { Dashboard } from '../../schemas/dashboard';
import { ok, responses } from '../../schemas/envelope';

const dashboardRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Totals, 7/30/90-day counts and trend base, a 90-day series, the newest videos and registrations',
        response: responses(Dashboard),
      },
    },
    async () => ok(await dashboard(db, new Date()), GENERIC.fetched),
  );
};

export default dashboardRoutes;
