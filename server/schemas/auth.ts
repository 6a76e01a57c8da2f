import { Type } from 'typebox';
import { ROLES } from '../../src/domain/access';
import { LOGIN_RULES } from '../../src/domain/rules';
import { formBody } from './form';

export const LoginBody = formBody(LOGIN_RULES, {
  remember: Type.Optional(Type.Boolean({ description: 'Keep the session for 30 days instead of 12 hours' })),
});

export const SessionUser = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  role: Type.Enum(ROLES, { description: 'What the admin may do (owner, editor, moderator, viewer); the server checks it again on every call' }),
  mustChangePassword: Type.Optional(Type.Literal(true, { description: 'The admin must choose their own password before anything else' })),
  mustSetUpSecondFactor: Type.Optional(Type.Literal(true, { description: 'The league requires a second factor and the admin has none: they set one up first' })),
});

export const Session = Type.Object({ token: Type.String(), user: SessionUser });

/** The login answer the original panel reads: token and user at the top level, and in `data` like every other call. */
export const SignedIn = Type.Object({
  success: Type.Boolean(),
  token: Type.String(),
  user: SessionUser,
  data: Session,
  message: Type.String(),
});

/** A right password for an admin with a second factor: no session yet, a ticket for the second step. */
export const SecondFactorNeeded = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({
    secondFactor: Type.Array(Type.Union([Type.Literal('totp'), Type.Literal('passkey')]), { description: 'The second factors the admin has set up' }),
    ticket: Type.String({ description: 'Taken by the second step (POST /admin/login/totp) for 5 minutes; never a bearer token' }),
  }),
  message: Type.String(),
});

export const LoginResponse = Type.Union([SignedIn, SecondFactorNeeded]);

/** The second step: the ticket and a code from the authenticator app, or a recovery code. */
export const SecondStepBody = Type.Object({
  ticket: Type.String({ minLength: 1, maxLength: 2000 }),
  code: Type.String({ minLength: 1, maxLength: 40, description: 'A 6-digit TOTP code or a recovery code' }),
});

export const TotpStarted = Type.Object({
  secret: Type.String({ description: 'The new secret in base32, for typing into an app' }),
  otpauthUrl: Type.String({ description: 'The otpauth:// URI an app scans (shown as a QR code)' }),
});
export const TotpConfirmBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) });
export const TotpConfirmed = Type.Object({ recoveryCodes: Type.Array(Type.String(), { description: 'Single-use; shown this once, kept only hashed' }) });
export const TotpOffBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 1000 }) });
export const TotpStatus = Type.Object({ enabled: Type.Boolean() });
export const SecondFactorPolicy = Type.Object({ requireSecondFactor: Type.Boolean() });
