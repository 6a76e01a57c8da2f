/** The signed-in admin's own passkeys: register one (options, then the browser's answer), list them, remove one. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { Type } from 'typebox';
import { PASSKEY_NAME_MAX, PASSKEYS_PER_ADMIN } from '../../../src/domain/limits';
import { GENERIC, PASSKEY_TEXTS } from '../../../src/domain/messages';
import { Passkeys } from '../../auth/passkeys';
import { badRequest, HttpError, notFound } from '../../errors';
import * as admins from '../../repositories/admins';
import * as passkeys from '../../repositories/passkeys';
import { requiresSecondFactor, secondFactorsOf } from '../../repositories/second-factors';
import { ok, responses } from '../../schemas/envelope';
import { reads, writes } from '../../auth/route-access';
import { IdParams } from '../../schemas/params';
import { CeremonyOptions, Passkey, PasskeyAddBody } from '../../schemas/passkeys';
import type { RouteOptions } from '../options';

const tags = ['profile'];

const passkeyRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db, publicUrl }) => {
  const ceremonies = new Passkeys(db, app.clock, publicUrl);

  app.get(
    '/profile/passkeys',
    { config: { beforeSecondFactor: true, ...reads('profile') }, schema: { tags, summary: 'Your passkeys (never their keys)', response: responses(Type.Array(Passkey)) } },
    async (request) => ok(await passkeys.listPasskeys(db, request.admin.id), PASSKEY_TEXTS.fetched),
  );

  app.post(
    '/profile/passkeys/options',
    { config: { beforeSecondFactor: true, ...writes('profile') }, schema: { tags, summary: `Start adding a passkey: the options for navigator.credentials.create(), valid for one answer within minutes`, response: responses(CeremonyOptions) } },
    async (request) => {
      const admin = await admins.findAdmin(db, request.admin.id);
      if (!admin) throw notFound(GENERIC.somethingWentWrong);
      // Refused before the browser asks for a fingerprint it could not keep.
      if ((await passkeys.listPasskeys(db, admin._id)).length >= PASSKEYS_PER_ADMIN) throw new HttpError(409, PASSKEY_TEXTS.tooMany);
      const name = `${admin.firstName} ${admin.lastName}`.trim();
      return ok(await ceremonies.registrationOptions(request, { id: admin._id, email: admin.email, name }), GENERIC.fetched);
    },
  );

  app.post(
    '/profile/passkeys',
    // A passkey is a second factor: an admin the league's policy holds may add one to satisfy it.
    { config: { beforeSecondFactor: true, ...writes('profile') }, schema: { tags, summary: "Finish adding a passkey: its name and the browser's answer to the options", body: PasskeyAddBody, response: responses(Passkey) } },
    async (request) => {
      const name = request.body.name.trim();
      if (!name) throw badRequest({ name: PASSKEY_TEXTS.nameRequired });
      if (name.length > PASSKEY_NAME_MAX) throw badRequest({ name: PASSKEY_TEXTS.nameTooLong });
      const credential = await ceremonies.verifyRegistration(request, request.admin.id, request.body.response as RegistrationResponseJSON);
      const added = await passkeys.addPasskey(db, { ...credential, adminId: request.admin.id, name }, PASSKEYS_PER_ADMIN);
      if (added === 'full') throw new HttpError(409, PASSKEY_TEXTS.tooMany);
      if (added === 'taken') throw new HttpError(409, PASSKEY_TEXTS.alreadyRegistered);
      return ok(added, PASSKEY_TEXTS.addSucceeded);
    },
  );

  app.delete(
    '/profile/passkeys/:id',
    { config: writes('profile'), schema: { tags, summary: 'Remove one of your passkeys', params: IdParams, response: responses(Type.Null()) } },
    async (request) => {
      // The league's policy would hold the admin at once: they keep their last factor until they have another.
      const own = await passkeys.listPasskeys(db, request.admin.id);
      const lastFactor = own.length === 1 && own[0].id === request.params.id && !(await secondFactorsOf(db, request.admin.id)).includes('totp');
      if (lastFactor && (await requiresSecondFactor(db))) throw new HttpError(409, PASSKEY_TEXTS.lastFactor);
      // Another admin's passkey is "no such passkey" too: whose it is is not this admin's business.
      if (!(await passkeys.removePasskey(db, request.admin.id, request.params.id))) throw notFound(PASSKEY_TEXTS.notFound);
      return ok(null, PASSKEY_TEXTS.removed);
    },
  );
};

export default passkeyRoutes;
