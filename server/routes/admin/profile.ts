import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { GENERIC, PROFILE_TEXTS, SESSION_TEXTS, VALIDATION } from '../../../src/domain/messages';
import { renewAdminToken } from '../../auth/admin-sessions';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { Db } from '../../db/connection';
import { badRequest, notFound } from '../../errors';
import { endAdminSessions, listAdminSessions } from '../../repositories/admin-sessions';
import * as admins from '../../repositories/admins';
import { Admin, AdminSession, EndedSessions, PasswordChangeBody, PasswordChanged, ProfileNameBody } from '../../schemas/admins';
import { IdParams } from '../../schemas/params';
import { ok, responses } from '../../schemas/envelope';
import { reads, writes } from '../../auth/route-access';

const tags = ['profile'];

/** The signed-in admin's own account: their name and their password. */
const profileRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const mine = async (id: string) => {
    const admin = await admins.findAdmin(db, id);
    if (!admin) throw notFound(GENERIC.somethingWentWrong);
    return admin;
  };

  app.get(
    '/profile',
    { config: { beforeOwnPassword: true, beforeSecondFactor: true, ...reads('profile') }, schema: { tags, summary: 'The signed-in admin', response: responses(Admin) } },
    async (request) => ok(await mine(request.admin.id), GENERIC.fetched),
  );

  app.put(
    '/profile',
    { config: writes('profile'), schema: { tags, summary: 'Change your own first and last name', body: ProfileNameBody, response: responses(Admin) } },
    async (request) => {
      const firstName = request.body.firstName.trim();
      const lastName = request.body.lastName.trim();
      if (!firstName) throw badRequest({ firstName: VALIDATION.firstNameRequired });
      if (!lastName) throw badRequest({ lastName: VALIDATION.lastNameRequired });
      const changed = await admins.changeAdmin(db, request.admin.id, request.admin.id, { firstName, lastName });
      if (!changed) throw notFound(GENERIC.somethingWentWrong);
      return ok(changed.admin, PROFILE_TEXTS.nameSaved);
    },
  );

  app.put(
    '/profile/password',
    {
      config: { beforeOwnPassword: true, beforeSecondFactor: true, ...writes('profile') },
      schema: {
        tags,
        summary: 'Change your own password (current, new, repeated): your other sessions end; the answer is a fresh session for this one',
        body: PasswordChangeBody,
        response: responses(PasswordChanged),
      },
    },
    async (request) => {
      const { currentPassword, newPassword, repeatPassword } = request.body;
      if (newPassword !== repeatPassword) throw badRequest({ repeatPassword: VALIDATION.passwordsDiffer });
      const stored = await admins.passwordHashOf(db, request.admin.id);
      if (!stored || !(await app.checkPassword(() => verifyPassword(currentPassword, stored)))) throw badRequest({ currentPassword: VALIDATION.currentPasswordWrong });
      const changed = await admins.changeAdmin(db, request.admin.id, request.admin.id, {
        passwordHash: await app.checkPassword(() => hashPassword(newPassword)),
        mustChangePassword: false,
        keepSession: request.admin.sessionId,
      });
      if (!changed) throw notFound(GENERIC.somethingWentWrong);
      return ok(await renewAdminToken(db, request), PROFILE_TEXTS.passwordChanged);
    },
  );

  app.get(
    '/profile/sessions',
    { config: reads('profile'), schema: { tags, summary: "Your open sessions, most recently used first (`current`: this one's)", response: responses(Type.Array(AdminSession)) } },
    async (request) => ok(await listAdminSessions(db, request.admin.id, request.admin.sessionId, app.clock.now()), GENERIC.fetched),
  );

  app.delete(
    '/profile/sessions/:id',
    { config: writes('profile'), schema: { tags, summary: 'End one of your sessions (this one too: that signs you out)', params: IdParams, response: responses(Type.Null()) } },
    async (request) => {
      const ended = await endAdminSessions(db, request.admin.id, request.admin.id, { only: request.params.id }, 'sessionEnd');
      if (ended === 0) throw notFound(SESSION_TEXTS.notFound);
      return ok(null, SESSION_TEXTS.ended);
    },
  );

  app.delete(
    '/profile/sessions',
    { config: writes('profile'), schema: { tags, summary: 'End all your sessions but this one', response: responses(EndedSessions) } },
    async (request) => {
      const ended = await endAdminSessions(db, request.admin.id, request.admin.id, { keep: request.admin.sessionId }, 'sessionsEnd');
      return ok({ ended }, SESSION_TEXTS.othersEnded(ended));
    },
  );
};

export default profileRoutes;
