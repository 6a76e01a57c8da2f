/**
 * What teams have beyond their declaration (src/domain/entities/teams.ts): the detail's second
 * address with a capital S, which the original panel's team detail screen reads.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { teams as team } from '../../../src/domain/entities/teams';
import { textsOf } from '../../../src/domain/entity';
import { GENERIC } from '../../../src/domain/messages';
import type { Db } from '../../db/connection';
import { found } from '../../errors';
import { findRecord } from '../../repositories/declared';
import { detailSchema } from '../../schemas/declared';
import { ok, responses } from '../../schemas/envelope';
import { IdParams } from '../../schemas/params';
import { reads } from '../../auth/route-access';

const tags = ['teams'];

const teamRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/Teams/:id',
    { config: reads(team.name), schema: { tags, summary: 'One team with its players (the same as /teams/{id})', params: IdParams, response: responses(detailSchema(team)) } },
    async (request) => ok(found(await findRecord(db, team, request.params.id), textsOf(team).notFound), GENERIC.fetched),
  );
};

export default teamRoutes;
