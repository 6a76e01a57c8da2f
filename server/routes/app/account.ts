/**
 * The fans' accounts (/app/v1): sign up, sign in and out, their profile and password, a reset by
 * e-mail, their data as JSON, and deleting the account. Tokens are the fans' audience
 * (auth/tokens.ts), each naming a session row (auth/fan-sessions.ts): an access token for an hour,
 * renewed with a single-use refresh token (repositories/fan-refresh.ts). Sign-in is limited per
 * address and per account as the admins' is (Redis when set), under keys of its own. Where mail is
 * set up, a sign-up's e-mail is verified by a mailed link (repositories/verification.ts), which
 * replaces an account that never verified the same address.
 *
 * Nothing here logs a fan's personal data: the request log names routes, and a mail failure is
 * logged by its code alone.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { HOUR_WINDOW_SECONDS } from '../../../src/domain/limits';
import { DEVICE_TOKEN } from '../../../src/domain/push';
import {
  FAN_ACCESS_MINUTES,
  FAN_AGE,
  FAN_EMAIL_MAX,
  FAN_NAME,
  FAN_PASSWORD,
  FAN_SESSION_DAYS,
  FAN_TEXTS,
  REFRESH_TOKEN_MAX,
  REFRESHES_PER_MINUTE,
  RESET_PAGE_PATH,
  VERIFY_PAGE_PATH,
  RESET_LINK_MINUTES,
  RESET_MAILS_PER_HOUR,
  RESET_REQUESTS_PER_MINUTE,
  SIGNUPS_PER_EMAIL_HOUR,
  SIGNUPS_PER_MINUTE,
  VERIFY_RESENDS_PER_ACCOUNT_HOUR,
  VERIFY_RESENDS_PER_MINUTE,
  visibleName,
} from '../../../src/domain/fans';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../auth/passwords';
import { requireFan } from '../../auth/fan-sessions';
import type { Db } from '../../db/connection';
import { badRequest, HttpError } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { refresh } from '../../repositories/fan-refresh';
import * as fans from '../../repositories/fans';
import * as verification from '../../repositories/verification';
import { removeUnverifiedJob } from '../../jobs/remove-unverified';
import { documentAs } from '../../schemas/app';
import { ok, responses } from '../../schemas/envelope';
import { invalidMessageOf, withInvalidMessage } from '../../schemas/invalid-message';
import { accountLimit, addressLimit, emailKey, type FanAccountLimits } from '../../http/limits';

export interface AccountOptions {
  db: Db;
  /** Without one (no SMTP_URL), a reset by e-mail answers that it is unavailable. */
  mailer?: Mailer;
  /** PUBLIC_URL: the reset link's origin (never taken from the request's Host, which a client chooses). */
  publicUrl?: string;
  /** The fans' password limits, shared with the reset page's form. */
  limits: FanAccountLimits;
  /** Mail and PUBLIC_URL set up: a sign-up's e-mail waits for its link (elsewhere it counts as verified). */
  verifyingEmails?: boolean;
}

const EMAIL = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
const Name = () => withInvalidMessage(Type.String({ ...FAN_NAME, pattern: '\\S' }), FAN_TEXTS.nameRequired);
const Email = withInvalidMessage(Type.String({ maxLength: FAN_EMAIL_MAX, pattern: EMAIL }), FAN_TEXTS.emailInvalid);
const Age = () => withInvalidMessage(Type.Integer({ minimum: FAN_AGE.min, maximum: FAN_AGE.max }), FAN_TEXTS.ageInvalid);
/** An optional property keeping its own invalid message (Optional makes a new schema object). */
const Optional = <T extends TSchema>(schema: T) => {
  const optional = Type.Optional(schema);
  const message = invalidMessageOf(Type.Object({ x: schema }), 'x');
  return message ? withInvalidMessage(optional, message) : optional;
};
const Password = withInvalidMessage(Type.String(FAN_PASSWORD), FAN_TEXTS.passwordTooShort);
const AnyPassword = (message: string) => withInvalidMessage(Type.String({ minLength: 1, maxLength: FAN_PASSWORD.maxLength }), message);

const Profile = documentAs(
  'Profile',
  Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  age: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String({ description: 'ISO date and time' }),
  emailVerified: Type.Boolean({ description: 'False until the link mailed at sign-up is opened: until then no registration can be sent' }),
  }),
);
const AccessToken = {
  token: Type.String({ description: `The access token: send as Authorization: Bearer <token> on the fan's calls. It works for ${FAN_ACCESS_MINUTES} minutes` }),
  expiresAt: Type.String({ format: 'date-time', description: 'When the access token stops working (ISO 8601, UTC): refresh before then' }),
  refreshToken: Type.String({
    description: `Single use: POST it to /app/v1/session/refresh for a new access token and a new refresh token. It works for ${FAN_SESSION_DAYS} days; a spent one sent again ends the session`,
  }),
};
const Session = documentAs('Session', Type.Object({ ...AccessToken, user: Profile }));
const Renewed = documentAs('RenewedSession', Type.Object(AccessToken));
const Refresh = documentAs(
  'Refresh',
  Type.Object({ refreshToken: withInvalidMessage(Type.String({ minLength: 1, maxLength: REFRESH_TOKEN_MAX }), FAN_TEXTS.refreshTokenInvalid) }, { additionalProperties: false }),
);
const SignUp = documentAs('SignUp', Type.Object({ name: Name(), email: Email, age: Optional(Age()), password: Password }, { additionalProperties: false }));
const Login = documentAs('SignIn', Type.Object({ email: AnyPassword(FAN_TEXTS.emailInvalid), password: AnyPassword(FAN_TEXTS.invalidCredentials) }));
const Logout = documentAs('SignOut', Type.Object({
  token: Optional(withInvalidMessage(Type.String({ ...DEVICE_TOKEN, description: 'The FCM token this phone registered: it is unlinked' }), FAN_TEXTS.deviceTokenInvalid)),
}));
const ProfileEdit = documentAs('ProfileEdit', Type.Object({ name: Optional(Name()), age: Optional(Age()) }, { additionalProperties: false }));
const PasswordChange = documentAs(
  'PasswordChange',
  Type.Object({ currentPassword: AnyPassword(FAN_TEXTS.currentPasswordRequired), newPassword: withInvalidMessage(Type.String(FAN_PASSWORD), FAN_TEXTS.newPasswordTooShort) }),
);
const Forgot = documentAs('ForgotPassword', Type.Object({ email: Email }));
const Reset = documentAs('ResetPassword', Type.Object({ token: withInvalidMessage(Type.String({ minLength: 1, maxLength: 200 }), FAN_TEXTS.resetTokenInvalid), password: Password }));
const Confirm = documentAs('DeleteAccount', Type.Object({ password: AnyPassword(FAN_TEXTS.passwordRequired) }));
const Verify = documentAs('VerifyEmail', Type.Object({ token: withInvalidMessage(Type.String({ minLength: 1, maxLength: 200 }), FAN_TEXTS.verifyTokenInvalid) }));
const text = Type.Union([Type.String(), Type.Null()]);
const instant = Type.String({ format: 'date-time' });
const day = Type.Union([Type.String({ format: 'date', description: 'YYYY-MM-DD' }), Type.Null()]);
const Export = documentAs(
  'AccountExport',
  Type.Object(
    {
      account: Type.Object({ _id: Type.String(), name: Type.String(), email: Type.String(), age: Type.Union([Type.Integer(), Type.Null()]), isActive: Type.Boolean(), emailVerified: Type.Boolean(), createdAt: instant, lastSignInAt: Type.Union([instant, Type.Null()]) }),
      sessions: Type.Array(Type.Object({ createdAt: instant, expiresAt: instant })),
      devices: Type.Array(Type.Object({ token: Type.String(), platform: Type.String(), registeredAt: instant, lastSeenAt: instant })),
      registrations: Type.Array(
        Type.Object({
          _id: Type.String(),
          firstName: Type.String(),
          lastName: text,
          email: text,
          phone: text,
          DOB: day,
          GovernmentIdType: text,
          GovernmentIdNumber: text,
          area: text,
          pinCode: text,
          address: text,
          playingRole: text,
          battingStyle: text,
          status: text,
          createdAt: instant,
          players: Type.Array(
            Type.Object({ firstName: Type.String(), lastName: text, DOB: day, playingRole: text, battingStyle: text, bowlingStyle: text, photo: Type.Union([Type.String({ description: 'A signed link that works for a few minutes' }), Type.Null()]) }),
          ),
        }),
      ),
    },
    { description: 'Everything kept about the fan: the account, sessions, devices and registrations' },
  ),
);

/** The name as kept (see visibleName); a 400 when nothing visible is left. */
function keptName(name: string): string {
  const kept = visibleName(name);
  if (!kept) throw badRequest({ name: FAN_TEXTS.nameRequired });
  return kept;
}

const accountRoutes: FastifyPluginAsyncTypebox<AccountOptions> = async (app, { db, mailer, publicUrl, verifyingEmails, limits }) => {
  const tags = ['app'];
  const security = [{ bearer: [] }];
  const { checkPassword } = app;
  const signedIn = requireFan(db);
  // The players' photos as links the fan can open for a few minutes, at the server's public address (the records keep them unsigned).
  const signedExport = (data: Awaited<ReturnType<typeof fans.exportFan>>) => ({
    ...data,
    registrations: data.registrations.map((registration) => ({
      ...registration,
      players: registration.players.map((player) => ({ ...player, photo: app.publicUrls.url(app.mediaLinks.sign(player.photo)) })),
    })),
  });
  const { address: limitAddress, account: limitAccount } = limits;
  // The calls no limit of their own guards count in the reads' per-address limit, so every answer names one.
  const countedInReads = app.appReads.limit;
  // Counted by the e-mail asked for, whatever addresses ask: past it the answer is the same, and no mail goes.
  const mailsToAccount = app.createRateLimit({ keyGenerator: emailKey('fan-reset-mails'), max: RESET_MAILS_PER_HOUR, timeWindow: 60 * 60_000 });
  const limitSignUps = addressLimit(app, 'fan-signup', SIGNUPS_PER_MINUTE, FAN_TEXTS.tooManySignUps);
  const limitResets = addressLimit(app, 'fan-reset', RESET_REQUESTS_PER_MINUTE, FAN_TEXTS.tooManyResets);
  // A refresh token is 256 random bits, past guessing; the limit keeps a looping app from hammering the database.
  const limitRefreshes = addressLimit(app, 'fan-refresh', REFRESHES_PER_MINUTE, FAN_TEXTS.tooManyRefreshes);
  // A sign-up mails its address a link, and takes over an unverified account: one address is not signed up over and over.
  const limitSignUpEmail = accountLimit(
    app,
    'fan-signup-email',
    { key: emailKey('fan-signup-email'), max: SIGNUPS_PER_EMAIL_HOUR, windowSeconds: HOUR_WINDOW_SECONDS },
    FAN_TEXTS.tooManySignUpsForEmail,
  );
  const limitResendAddress = addressLimit(app, 'fan-verify-resend', VERIFY_RESENDS_PER_MINUTE, FAN_TEXTS.tooManyVerifyResends);
  // After the session check: counted per account, whatever the addresses asking.
  const limitResendAccount = accountLimit(
    app,
    'fan-verify-account',
    { key: (request) => `fan-verify-account:${request.fan?.id ?? ''}`, max: VERIFY_RESENDS_PER_ACCOUNT_HOUR, windowSeconds: HOUR_WINDOW_SECONDS },
    FAN_TEXTS.tooManyVerifyResends,
  );

  /** Mails a verification link; not awaited, and a failure is logged by its code alone (the fan may ask again). */
  const mailVerification = (request: FastifyRequest, to: string, token: string) => {
    const link = `${publicUrl!.replace(/\/+$/, '')}${VERIFY_PAGE_PATH}?token=${encodeURIComponent(token)}`;
    mailer!.send({ to, subject: FAN_TEXTS.verifyMailSubject, text: FAN_TEXTS.verifyMailBody(link) }).catch((error: unknown) => {
      request.log.warn({ code: (error as { code?: string }).code ?? 'unknown' }, 'verification mail not sent');
    });
  };

  /** An account holding this address that never verified it goes, so the address's owner can sign up. */
  const freeUnverified = async (email: string) => {
    const holder = await fans.findFanByEmail(db, email);
    if (!holder || holder.email_verified) return;
    const photos = await verification.removeUnverified(db, holder.id, removeUnverifiedJob);
    await Promise.all(photos.map((url) => app.images.remove(url)));
  };

  /** An access token of the session, lasting FAN_ACCESS_MINUTES from now (by the server's clock). */
  const accessToken = async (userId: string, sessionId: string) => {
    const now = app.clock.now();
    const expiresAt = new Date(now.getTime() + FAN_ACCESS_MINUTES * 60_000);
    return { token: await app.tokens.signFan(userId, sessionId, now, expiresAt), expiresAt: expiresAt.toISOString() };
  };

  const sessionFor = async (user: { id: string; name: string; email: string; age: number | null; created_at: Date; email_verified: boolean }) => {
    const session = await fans.startSession(db, user.id, app.clock.now());
    return { ...(await accessToken(user.id, session.id)), refreshToken: session.refreshToken, user: fans.profileOf({ ...user, is_active: true }) };
  };

  /** The fan's password checked in the sign-in queue; a 400 when it is wrong. */
  const confirmPassword = async (userId: string, password: string) => {
    const fan = await fans.findFan(db, userId);
    const valid = await checkPassword(() => verifyPassword(password, fan?.password_hash ?? DUMMY_HASH));
    if (!fan || !valid) throw new HttpError(400, FAN_TEXTS.wrongPassword, { password: FAN_TEXTS.wrongPassword });
    return fan;
  };

  app.post(
    '/account',
    { onRequest: limitSignUps, preHandler: limitSignUpEmail, schema: { tags, summary: 'Sign up: a fan account', security: [], body: SignUp, response: responses(Session) } },
    async (request) => {
      const { name, email, age, password } = request.body;
      const passwordHash = await checkPassword(() => hashPassword(password));
      // Checked before anything changes: a refused sign-up frees no address.
      const kept = keptName(name);
      if (verifyingEmails) await freeUnverified(email);
      let token: string | undefined;
      const link = async (trx: Db, userId: string) => {
        token = await verification.startVerification(trx, userId, app.clock.now(), removeUnverifiedJob);
      };
      const values = { name: kept, email: email.trim(), age: age ?? null, passwordHash, emailVerified: !verifyingEmails };
      const user = await fans.createFan(db, values, verifyingEmails ? link : undefined);
      if (!user) throw new HttpError(409, FAN_TEXTS.emailTaken, { email: FAN_TEXTS.emailTaken });
      if (token) mailVerification(request, user.email, token);
      return ok(await sessionFor(user), FAN_TEXTS.signedUp);
    },
  );

  app.post(
    '/login',
    { onRequest: limitAddress, preHandler: limitAccount, schema: { tags, summary: 'Sign in as a fan', security: [], body: Login, response: responses(Session) } },
    async (request) => {
      const { email, password } = request.body;
      const fan = await fans.findFanByEmail(db, email);
      // Compared even for an unknown e-mail, so the answer time does not tell which part was wrong.
      const valid = await checkPassword(() => verifyPassword(password, fan?.password_hash ?? DUMMY_HASH));
      if (!fan || !valid) throw new HttpError(401, FAN_TEXTS.invalidCredentials, undefined, 'auth.invalid_credentials');
      // Told only with the right password, as for admins.
      if (!fan.is_active) throw new HttpError(401, FAN_TEXTS.accountDeactivated, undefined, 'auth.account_deactivated');
      return ok(await sessionFor(fan), FAN_TEXTS.signedIn);
    },
  );

  app.post(
    '/session/refresh',
    {
      onRequest: limitRefreshes,
      schema: {
        tags,
        summary: 'Renew the session: spends the refresh token and answers a new access token and a new refresh token (a spent one sent again ends the session)',
        security: [],
        body: Refresh,
        response: responses(Renewed),
      },
    },
    async (request) => {
      const refreshed = await refresh(db, request.body.refreshToken, app.clock.now());
      if (refreshed.outcome === 'deactivated') throw new HttpError(401, FAN_TEXTS.accountDeactivated, undefined, 'auth.account_deactivated');
      if (refreshed.outcome !== 'renewed') throw new HttpError(401, FAN_TEXTS.refreshEnded, undefined, 'auth.refresh_invalid');
      return ok({ ...(await accessToken(refreshed.userId, refreshed.sessionId)), refreshToken: refreshed.refreshToken }, FAN_TEXTS.refreshed);
    },
  );

  app.post(
    '/logout',
    {
      onRequest: countedInReads,
      // The body is optional: none at all, or an empty one of any type, signs out without naming a phone.
      preValidation: async (request) => {
        const sent: unknown = request.body;
        if (sent === undefined || sent === null || sent === '') request.body = {};
      },
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Sign out: ends this session, its refresh token with it, and unlinks the phone named (the body is optional)',
        security,
        body: Type.Optional(Logout),
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await fans.endSession(db, request.fan!.sessionId, request.fan!.id, request.body?.token);
      return ok(null, FAN_TEXTS.signedOut);
    },
  );

  app.get('/account', { onRequest: countedInReads, preHandler: signedIn, schema: { tags, summary: "The fan's own profile", security, response: responses(Profile) } }, async (request) => {
    const fan = await fans.findFan(db, request.fan!.id);
    if (!fan) throw new HttpError(401, FAN_TEXTS.sessionEnded, undefined, 'auth.session_ended');
    return ok(fans.profileOf(fan), FAN_TEXTS.fetched);
  });

  app.put(
    '/account',
    { onRequest: countedInReads, preHandler: signedIn, schema: { tags, summary: 'Change the own name and age', security, body: ProfileEdit, response: responses(Profile) } },
    async (request) => {
      const { name, age } = request.body;
      const values = { ...(name !== undefined && { name: keptName(name) }), ...(age !== undefined && { age }) };
      const user = Object.keys(values).length ? await fans.updateProfile(db, request.fan!.id, values) : await fans.findFan(db, request.fan!.id);
      if (!user) throw new HttpError(401, FAN_TEXTS.sessionEnded, undefined, 'auth.session_ended');
      return ok(fans.profileOf(user), FAN_TEXTS.updated);
    },
  );

  app.put(
    '/account/password',
    {
      onRequest: limitAddress,
      preHandler: signedIn,
      schema: { tags, summary: 'Change the own password (ends the other sessions)', security, body: PasswordChange, response: responses(Type.Null()) },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const fan = await fans.findFan(db, request.fan!.id);
      const valid = await checkPassword(() => verifyPassword(currentPassword, fan?.password_hash ?? DUMMY_HASH));
      if (!fan || !valid) throw new HttpError(400, FAN_TEXTS.wrongPassword, { currentPassword: FAN_TEXTS.wrongPassword });
      await fans.setPassword(db, fan.id, await checkPassword(() => hashPassword(newPassword)), request.fan!.sessionId);
      return ok(null, FAN_TEXTS.passwordChanged);
    },
  );

  app.post(
    '/account/forgot',
    {
      onRequest: limitResets,
      schema: {
        tags,
        summary: 'E-mail a password-reset link (the same answer whether or not the account exists; 409 when this server sends no mail)',
        security: [],
        body: Forgot,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      if (!mailer || !publicUrl) throw new HttpError(409, FAN_TEXTS.resetUnavailable, undefined, 'unavailable');
      const fan = await fans.findFanByEmail(db, request.body.email);
      // A limit that cannot be counted (Redis down) sends no mail: a missed mail can be asked for again, a flood cannot be taken back.
      const mails = await mailsToAccount(request).catch(() => undefined);
      if (fan?.is_active && mails && (mails.isAllowed || !mails.isExceeded)) {
        const expiresAt = new Date(app.clock.now().getTime() + RESET_LINK_MINUTES * 60_000);
        const token = await fans.createReset(db, fan, expiresAt);
        const link = `${publicUrl.replace(/\/+$/, '')}${RESET_PAGE_PATH}?token=${encodeURIComponent(token)}`;
        // Not awaited: the answer takes as long whether or not a mail goes. A failure is logged by its code, never the address.
        mailer.send({ to: fan.email, subject: FAN_TEXTS.mailSubject, text: FAN_TEXTS.mailBody(link) }).catch((error: unknown) => {
          request.log.warn({ code: (error as { code?: string }).code ?? 'unknown' }, 'password-reset mail not sent');
        });
      }
      return ok(null, FAN_TEXTS.forgotSent);
    },
  );

  app.post(
    '/account/reset',
    { onRequest: limitAddress, schema: { tags, summary: "A reset link's token and a new password (ends every session)", security: [], body: Reset, response: responses(Type.Null()) } },
    async (request) => {
      const user = await fans.useReset(db, request.body.token, await checkPassword(() => hashPassword(request.body.password)), app.clock.now());
      if (!user) throw new HttpError(400, FAN_TEXTS.resetTokenInvalid, { token: FAN_TEXTS.resetTokenInvalid });
      return ok(null, FAN_TEXTS.resetDone);
    },
  );

  app.post(
    '/account/verify',
    {
      onRequest: limits.verify,
      schema: { tags, summary: "Verify the fan's e-mail with the token of the link mailed at sign-up (works once)", security: [], body: Verify, response: responses(Type.Null()) },
    },
    async (request) => {
      const user = await verification.useVerification(db, request.body.token, app.clock.now(), removeUnverifiedJob);
      if (!user) throw new HttpError(400, FAN_TEXTS.verifyTokenInvalid, { token: FAN_TEXTS.verifyTokenInvalid });
      return ok(null, FAN_TEXTS.emailVerified);
    },
  );

  app.post(
    '/account/verify/resend',
    {
      onRequest: limitResendAddress,
      preHandler: [signedIn, limitResendAccount],
      schema: {
        tags,
        summary: 'Mail the e-mail verification link again (the earlier one stops working; 409 when already verified or this server sends no mail)',
        security,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      if (!verifyingEmails) throw new HttpError(409, FAN_TEXTS.verifyUnavailable, undefined, 'unavailable');
      const fan = await fans.findFan(db, request.fan!.id);
      if (!fan) throw new HttpError(401, FAN_TEXTS.sessionEnded, undefined, 'auth.session_ended');
      if (fan.email_verified) throw new HttpError(409, FAN_TEXTS.alreadyVerified);
      const token = await verification.renewVerification(db, fan.id, app.clock.now());
      if (!token) throw new HttpError(410, FAN_TEXTS.verifyLapsed);
      mailVerification(request, fan.email, token);
      return ok(null, FAN_TEXTS.verifySent);
    },
  );

  app.get('/account/export', { onRequest: countedInReads, preHandler: signedIn, schema: { tags, summary: "The fan's own data as JSON", security, response: responses(Export) } }, async (request) =>
    ok(signedExport(await fans.exportFan(db, request.fan!.id)), FAN_TEXTS.exported),
  );

  app.delete(
    '/account',
    {
      onRequest: limitAddress,
      preHandler: signedIn,
      schema: { tags, summary: 'Delete the account and its personal data, confirmed with the password', security, body: Confirm, response: responses(Type.Null()) },
    },
    async (request) => {
      await confirmPassword(request.fan!.id, request.body.password);
      const photos = await fans.deleteFan(db, request.fan!.id);
      // After the commit, as any record's files go: a photo left behind by a failure is an orphan the sweep removes.
      await Promise.all(photos.map((url) => app.images.remove(url)));
      return ok(null, FAN_TEXTS.deleted);
    },
  );
};

export default accountRoutes;
