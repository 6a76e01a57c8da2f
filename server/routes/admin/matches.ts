/** What matches have beyond their declaration (src/domain/entities/matches.ts): the list's tab counts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GENERIC } from '../../../src/domain/messages';
import type { Db } from '../../db/connection';
import * as matches from '../../repositories/matches';
import { ok, responses } from '../../schemas/envelope';
import { MatchStats, MatchStatsQuery } from '../../schemas/matches';
import { reads } from '../../auth/route-access';

const tags = ['matches'];

const matchRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // A static path: Fastify's router prefers it to '/matches/:id' whatever the order of registration.
  app.get(
    '/matches/stats',
    {
      config: reads('matches'),
      schema: {
        tags,
        summary: 'Counts for the list tabs: all, upcoming and played, over the matches the search and filters select',
        querystring: MatchStatsQuery,
        response: responses(MatchStats),
      },
    },
    async (request) => ok(await matches.matchStats(db, request.query), GENERIC.fetched),
  );
};

export default matchRoutes;
