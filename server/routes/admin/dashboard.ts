import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dashboardFor } from '../../../src/domain/declared';
import { GENERIC } from '../../../src/domain/messages';
import type { Db } from '../../db/connection';
import { dashboard } from '../../repositories/dashboard';
import { Dashboard } from '../../schemas/dashboard';
import { ok, responses } from '../../schemas/envelope';
import { reads } from '../../auth/route-access';

const dashboardRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/dashboard',
    {
      config: reads('dashboard'),
      schema: {
        tags: ['dashboard'],
        summary: 'Totals, 7/30/90-day counts and trend base, a 90-day series, the newest videos and registrations',
        response: responses(Dashboard),
      },
    },
    // Every role reads it; people's figures and rows only those who read people (dashboardFor).
    async (request) => ok(dashboardFor(request.admin.role, await dashboard(db, new Date())), GENERIC.fetched),
  );
};

export default dashboardRoutes;
