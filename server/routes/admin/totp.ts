import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RECOVERY_CODE_COUNT } from '../../../src/domain/limits';
import { GENERIC, TWO_FACTOR_TEXTS } from '../../../src/domain/messages';
import { verifyPassword } from '../../auth/passwords';
import { acceptedStep, newRecoveryCodes, newTotpSecret, otpauthUrl } from '../../auth/totp';
import type { Db } from '../../db/connection';
import { badRequest, notFound } from '../../errors';
import * as admins from '../../repositories/admins';
import { confirmTotp, requiresSecondFactor, secondFactorsOf, setRequiresSecondFactor, startTotp, totpOf, turnOffTotp } from '../../repositories/second-factors';
import { SecondFactorPolicy, TotpConfirmBody, TotpConfirmed, TotpOffBody, TotpStarted, TotpStatus } from '../../schemas/auth';
import { ok, responses } from '../../schemas/envelope';
import { reads, writes } from '../../auth/route-access';

const tags = ['profile'];

/**
 * The signed-in admin's TOTP (set up, confirm, turn off) and the league's policy that requires a
 * second factor of every admin. Set-up is open to an admin the policy holds back (`beforeSecondFactor`);
 * the policy route is the admins' (an owner's to change).
 */
const totpRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/profile/totp',
    { config: { beforeSecondFactor: true, ...reads('profile') }, schema: { tags, summary: 'Whether your TOTP second factor is on', response: responses(TotpStatus) } },
    async (request) => ok({ enabled: Boolean((await totpOf(db, request.admin.id))?.secret) }, GENERIC.fetched),
  );

  app.post(
    '/profile/totp',
    { config: { beforeSecondFactor: true, ...writes('profile') }, schema: { tags, summary: 'Start setting TOTP up: a new secret, on once a code made with it is confirmed', response: responses(TotpStarted) } },
    async (request) => {
      const admin = await admins.findAdminById(db, request.admin.id);
      if (!admin) throw notFound(GENERIC.somethingWentWrong);
      if ((await totpOf(db, admin.id))?.secret) throw badRequest({ code: TWO_FACTOR_TEXTS.alreadyOn });
      const secret = newTotpSecret();
      await startTotp(db, admin.id, secret);
      return ok({ secret, otpauthUrl: otpauthUrl(secret, admin.email) }, TWO_FACTOR_TEXTS.started);
    },
  );

  app.post(
    '/profile/totp/confirm',
    {
      config: { beforeSecondFactor: true, ...writes('profile') },
      schema: {
        tags,
        summary: 'Turn TOTP on with a code from the app: answers 10 single-use recovery codes, shown this once',
        body: TotpConfirmBody,
        response: responses(TotpConfirmed),
      },
    },
    async (request) => {
      const totp = await totpOf(db, request.admin.id);
      if (totp?.secret) throw badRequest({ code: TWO_FACTOR_TEXTS.alreadyOn });
      if (!totp?.pendingSecret) throw badRequest({ code: TWO_FACTOR_TEXTS.notStarted });
      const step = acceptedStep(totp.pendingSecret, request.body.code, app.clock.now());
      if (step === undefined) throw badRequest({ code: TWO_FACTOR_TEXTS.wrongCode });
      const recoveryCodes = newRecoveryCodes(RECOVERY_CODE_COUNT);
      if (!(await confirmTotp(db, request.admin.id, totp.pendingSecret, step, recoveryCodes))) throw badRequest({ code: TWO_FACTOR_TEXTS.notStarted });
      return ok({ recoveryCodes }, TWO_FACTOR_TEXTS.turnedOn);
    },
  );

  app.delete(
    '/profile/totp',
    { config: writes('profile'), schema: { tags, summary: 'Turn TOTP off (your password); its recovery codes go too', body: TotpOffBody, response: responses(TotpStatus) } },
    async (request) => {
      const stored = await admins.passwordHashOf(db, request.admin.id);
      if (!stored || !(await app.checkPassword(() => verifyPassword(request.body.password, stored)))) throw badRequest({ password: TWO_FACTOR_TEXTS.wrongPassword });
      // The league's policy would hold the admin at once: they keep it until they have another factor.
      const others = (await secondFactorsOf(db, request.admin.id)).filter((kind) => kind !== 'totp');
      if (others.length === 0 && (await requiresSecondFactor(db)) && (await totpOf(db, request.admin.id))?.secret) throw badRequest({ password: TWO_FACTOR_TEXTS.required });
      if (!(await turnOffTotp(db, request.admin.id))) throw badRequest({ password: TWO_FACTOR_TEXTS.notOn });
      return ok({ enabled: false }, TWO_FACTOR_TEXTS.turnedOff);
    },
  );

  app.get(
    '/admins/second-factor-policy',
    { config: reads('admins'), schema: { tags: ['admins'], summary: 'Whether every admin must have a second factor', response: responses(SecondFactorPolicy) } },
    async () => ok({ requireSecondFactor: await requiresSecondFactor(db) }, GENERIC.fetched),
  );

  app.put(
    '/admins/second-factor-policy',
    {
      config: writes('admins'),
      schema: {
        tags: ['admins'],
        summary: 'Require a second factor of every admin (or not): those without one set it up at their next sign-in',
        body: SecondFactorPolicy,
        response: responses(SecondFactorPolicy),
      },
    },
    async (request) => {
      const required = request.body.requireSecondFactor;
      await setRequiresSecondFactor(db, request.admin.id, required);
      return ok({ requireSecondFactor: required }, required ? TWO_FACTOR_TEXTS.requireOn : TWO_FACTOR_TEXTS.requireOff);
    },
  );
};

export default totpRoutes;
