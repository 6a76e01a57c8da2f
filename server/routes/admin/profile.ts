import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_ROLE } from '../../../src/domain/enums';
import { GENERIC, PROFILE_TEXTS, VALIDATION } from '../../../src/domain/messages';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { Db } from '../../db/connection';
import { badRequest, notFound } from '../../errors';
import * as admins from '../../repositories/admins';
import { Admin, PasswordChangeBody, PasswordChanged, ProfileNameBody } from '../../schemas/admins';
import { ok, responses } from '../../schemas/envelope';

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
    { config: { beforeOwnPassword: true, beforeSecondFactor: true }, schema: { tags, summary: 'The signed-in admin', response: responses(Admin) } },
    async (request) => ok(await mine(request.admin.id), GENERIC.fetched),
  );

  app.put(
    '/profile',
    { schema: { tags, summary: 'Change your own first and last name', body: ProfileNameBody, response: responses(Admin) } },
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
      config: { beforeOwnPassword: true, beforeSecondFactor: true },
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
      });
      if (!changed) throw notFound(GENERIC.somethingWentWrong);
      const { admin, sessionsFrom } = changed;
      const token = await app.tokens.sign(admin._id, false, sessionsFrom);
      const user = { _id: admin._id, name: `${admin.firstName} ${admin.lastName}`.trim(), email: admin.email, firstName: admin.firstName, lastName: admin.lastName, role: ADMIN_ROLE };
      return ok({ token, user }, PROFILE_TEXTS.passwordChanged);
    },
  );
};

export default profileRoutes;
