import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { users as usersEntity, USER_TEXTS } from '../../../src/domain/entities/users';
import type { Db } from '../../db/connection';
import { badRequest, found } from '../../errors';
import { findRecord } from '../../repositories/declared';
import { endSessions } from '../../repositories/fans';
import { updateRecorded } from '../../repositories/writes';
import { recordSchema } from '../../schemas/declared';
import { ok, responses } from '../../schemas/envelope';
import { withInvalidMessage } from '../../schemas/invalid-message';
import { IdParams } from '../../schemas/params';
import { writes } from '../../auth/route-access';

const Status = Type.Object({ isActive: withInvalidMessage(Type.Boolean(), USER_TEXTS.isActiveInvalid) });

/**
 * The app users' own route: an admin deactivating or reactivating a user (`PUT /users/{id}` takes
 * `isActive` alone). Their list, detail and figures are the declared ones (src/domain/entities/users.ts).
 */
const userRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // A deactivated fan is refused at sign-in and on every call, on any server: their calls check the
  // database each time; their sessions end too, so reactivating asks them to sign in again.
  app.put(
    '/users/:id',
    {
      config: writes(usersEntity.name),
      // Strictly true or false: the validator would otherwise take 1, 'true' or null for a boolean.
      preValidation: async (request) => {
        const body = request.body as { isActive?: unknown } | undefined;
        if (typeof body?.isActive !== 'boolean') throw badRequest({ isActive: USER_TEXTS.isActiveInvalid });
      },
      schema: {
        tags: ['users'],
        summary: 'Deactivate or reactivate an app user (isActive only)',
        params: IdParams,
        body: Status,
        response: responses(recordSchema(usersEntity)),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { isActive } = request.body;
      const changed = await updateRecorded(db, request.admin.id, 'app_users', id, { is_active: isActive }, {
        check: async (trx) => {
          if (!isActive) await endSessions(trx, id);
        },
      });
      found(changed, USER_TEXTS.notFound);
      return ok(found(await findRecord(db, usersEntity, id), USER_TEXTS.notFound), isActive ? USER_TEXTS.activated : USER_TEXTS.deactivated);
    },
  );
};

export default userRoutes;
