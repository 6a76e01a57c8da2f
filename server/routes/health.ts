import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Db } from '../db/connection';
import { ok, responses } from '../schemas/envelope';

const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'Liveness and database check', security: [], response: responses(Type.Object({ status: Type.String() })) } },
    async () => {
      await sql`select 1`.execute(db);
      return ok({ status: 'ok' }, 'OK');
    },
  );
};

export default healthRoutes;
