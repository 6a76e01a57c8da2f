import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GENERIC } from '../../../src/domain/messages';
import type { Db } from '../../db/connection';
import { newsStats } from '../../repositories/news';
import { ok, responses } from '../../schemas/envelope';
import { NewsStats } from '../../schemas/news';
import { reads } from '../../auth/route-access';

/** The news' own route: the News Management stat cards (their list, detail and writes are declared, routes/admin/declared.ts). */
const newsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // A static path: Fastify's router prefers it to '/news/:id' whatever the order of registration.
  app.get(
    '/news/stats',
    { config: reads('news'), schema: { tags: ['news'], summary: 'Stat figures over all news: total, created this week, distinct categories', response: responses(NewsStats) } },
    async () => ok(await newsStats(db, new Date()), GENERIC.fetched),
  );
};

export default newsRoutes;
