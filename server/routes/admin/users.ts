import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GENERIC } from '../../../src/domain/messages';
import type { Db } from '../../db/connection';
import * as users from '../../repositories/users';
import { ok, responses } from '../../schemas/envelope';
import { UserStats } from '../../schemas/users';

/**
 * The app users' own route: the 'Total users' card. Their list and detail are the declared ones
 * (src/domain/entities/users.ts); a static path wins over '/users/:id' whatever the order of registration.
 */
const userRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/users/stats',
    { schema: { tags: ['users'], summary: 'Stat figures over all app users: total', response: responses(UserStats) } },
    async () => ok(await users.userStats(db), GENERIC.fetched),
  );
};

export default userRoutes;
