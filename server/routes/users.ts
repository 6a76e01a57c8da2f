import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GENERIC, NOT_FOUND } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { notFound } from '../errors';
import * as users from '../repositories/users';
import { ok, responses } from '../schemas/envelope';
import { Page } from '../schemas/list';
import { IdParams } from '../schemas/params';
import { AppUser, UserListQuery, UserStats } from '../schemas/users';

const tags = ['users'];

/** The app's users are read-only here (list only). */
const userRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/users',
    {
      schema: { tags, summary: 'List app users (search by name or e-mail, filter isActive)', querystring: UserListQuery, response: responses(Page(AppUser)) },
    },
    async (request) => ok(await users.listUsers(db, request.query), GENERIC.fetched),
  );

  // A static path: Fastify's router prefers it to '/users/:id' whatever the order of registration.
  app.get(
    '/users/stats',
    { schema: { tags, summary: 'Stat figures over all app users: total', response: responses(UserStats) } },
    async () => ok(await users.userStats(db), GENERIC.fetched),
  );

  app.get(
    '/users/:id',
    { schema: { tags, summary: 'One app user', params: IdParams, response: responses(AppUser) } },
    async (request) => {
      const user = await users.findUser(db, request.params.id);
      if (!user) throw notFound(NOT_FOUND.user);
      return ok(user, GENERIC.fetched);
    },
  );
};

export default userRoutes;
