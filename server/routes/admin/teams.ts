/**
 * What teams have beyond their declaration (src/domain/entities/teams.ts): the stat cards, and
 * the detail's second address with a capital S, which the original panel's team detail screen reads.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { teams as team } from '../../../src/domain/entities/teams';
import { textsOf } from '../../../src/domain/entity';
import { GENERIC } from '../../../src/domain/messages';
import type { Db } from '../../db/connection';
import { found } from '../../errors';
import { findRecord } from '../../repositories/declared';
import * as teams from '../../repositories/teams';
import { detailSchema } from '../../schemas/declared';
import { ok, responses } from '../../schemas/envelope';
import { IdParams } from '../../schemas/params';
import { TeamStats } from '../../schemas/teams';
import { reads } from '../../auth/route-access';

const tags = ['teams'];

const teamRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // A static path: Fastify's router prefers it to '/teams/:id' whatever the order of registration.
  app.get(
    '/teams/stats',
    { config: reads(team.name), schema: { tags, summary: 'Stat figures over all teams: total, active, with a coach', response: responses(TeamStats) } },
    async () => ok(await teams.teamStats(db), GENERIC.fetched),
  );

  app.get(
    '/Teams/:id',
    { config: reads(team.name), schema: { tags, summary: 'One team with its players (the same as /teams/{id})', params: IdParams, response: responses(detailSchema(team)) } },
    async (request) => ok(found(await findRecord(db, team, request.params.id), textsOf(team).notFound), GENERIC.fetched),
  );
};

export default teamRoutes;
