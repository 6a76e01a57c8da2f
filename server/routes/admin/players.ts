/** What players have beyond their declaration (src/domain/entities/players.ts): the stat card. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GENERIC } from '../../../src/domain/messages';
import type { Db } from '../../db/connection';
import * as players from '../../repositories/players';
import { ok, responses } from '../../schemas/envelope';
import { PlayerStats } from '../../schemas/players';
import { reads } from '../../auth/route-access';

const playerRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // A static path: Fastify's router prefers it to '/player/:id' whatever the order of registration.
  app.get(
    '/player/stats',
    { config: reads('player'), schema: { tags: ['player'], summary: 'Stat figures over all players: total', response: responses(PlayerStats) } },
    async () => ok(await players.playerStats(db), GENERIC.fetched),
  );
};

export default playerRoutes;
