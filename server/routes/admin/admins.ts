import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_TEXTS, GENERIC, SESSION_TEXTS, VALIDATION } from '../../../src/domain/messages';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/connection';
import { badRequest, notFound } from '../../errors';
import { endAdminSessions } from '../../repositories/admin-sessions';
import * as admins from '../../repositories/admins';
import { AdminCreateBody, Admin, AdminListQuery, AdminUpdateBody, EndedSessions } from '../../schemas/admins';
import { ok, responses } from '../../schemas/envelope';
import { Page } from '../../schemas/list';
import { IdParams } from '../../schemas/params';
import { reads, writes } from '../../auth/route-access';

const tags = ['admins'];

/** A name sent must say something: blanks are refused at the field. */
function names(body: { firstName?: string; lastName?: string }) {
  const firstName = body.firstName?.trim();
  const lastName = body.lastName?.trim();
  const errors: Record<string, string> = {};
  if (firstName === '') errors.firstName = VALIDATION.firstNameRequired;
  if (lastName === '') errors.lastName = VALIDATION.lastNameRequired;
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return { firstName, lastName };
}

/** The league office's admin accounts, each with a role (src/domain/access.ts); only owners reach these routes. */
const adminRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admins',
    { config: reads('admins'), schema: { tags, summary: 'List admins (search: name or e-mail; filters isActive, role)', querystring: AdminListQuery, response: responses(Page(Admin)) } },
    async (request) => ok(await admins.listAdmins(db, request.query), GENERIC.fetched),
  );

  app.get(
    '/admins/:id',
    { config: reads('admins'), schema: { tags, summary: 'One admin', params: IdParams, response: responses(Admin) } },
    async (request) => {
      const admin = await admins.findAdmin(db, request.params.id);
      if (!admin) throw notFound(ADMIN_TEXTS.notFound);
      return ok(admin, GENERIC.fetched);
    },
  );

  app.post(
    '/admins',
    {
      config: writes('admins'),
      schema: {
        tags,
        summary: 'Add an admin with a first password (at least 12 characters) and a role (editor when absent); they choose their own password at first sign-in',
        body: AdminCreateBody,
        response: responses(Admin),
      },
    },
    async (request) => {
      const { firstName, lastName } = names(request.body);
      const admin = await admins.addAdmin(db, request.admin.id, {
        firstName: firstName!,
        lastName: lastName!,
        email: request.body.email,
        role: request.body.role,
        passwordHash: await app.checkPassword(() => hashPassword(request.body.password)),
      });
      return ok(admin, ADMIN_TEXTS.createSuccess);
    },
  );

  app.put(
    '/admins/:id',
    {
      config: writes('admins'),
      schema: {
        tags,
        summary:
          'Change an admin: names, role (not the last active owner\'s), isActive (deactivating ends their sessions at once; not yourself, not the last active admin or owner) or a new password (a reset: ends their sessions, they choose their own at next sign-in)',
        params: IdParams,
        body: AdminUpdateBody,
        response: responses(Admin),
      },
    },
    async (request) => {
      const { isActive, password, role } = request.body;
      const changed = await admins.changeAdmin(db, request.admin.id, request.params.id, {
        ...names(request.body),
        isActive,
        role,
        ...(password !== undefined && {
          passwordHash: await app.checkPassword(() => hashPassword(password)),
          mustChangePassword: request.params.id !== request.admin.id,
        }),
      });
      if (!changed) throw notFound(ADMIN_TEXTS.notFound);
      const message =
        password !== undefined
          ? ADMIN_TEXTS.passwordReset
          : isActive === false
            ? ADMIN_TEXTS.deactivated
            : isActive === true
              ? ADMIN_TEXTS.reactivated
              : ADMIN_TEXTS.updated;
      return ok(changed.admin, message);
    },
  );

  app.post(
    '/admins/:id/sessions/end',
    {
      config: writes('admins'),
      schema: {
        tags,
        summary: "End all of an admin's sessions: they are signed out everywhere at once (owners only)",
        params: IdParams,
        response: responses(EndedSessions),
      },
    },
    async (request) => {
      if (!(await admins.findAdmin(db, request.params.id))) throw notFound(ADMIN_TEXTS.notFound);
      const ended = await endAdminSessions(db, request.admin.id, request.params.id, {}, 'sessionsEnd');
      return ok({ ended }, SESSION_TEXTS.allEnded(ended));
    },
  );
};

export default adminRoutes;
