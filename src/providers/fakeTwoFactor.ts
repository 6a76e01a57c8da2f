/**
 * The fake league's TOTP and two-factor policy, as the API answers them: set-up with a real secret
 * (an authenticator app can scan the fake's QR code), confirmed with a right code, 10 recovery codes,
 * turned off with the password, and the policy's switch. The fake's sign-in asks for no second step:
 * it serves one browser with demo accounts.
 */
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '../domain/limits';
import { TWO_FACTOR_TEXTS } from '../domain/messages';
import type { FakeActivity } from './fakeActivity';
import { refuse } from './fakeRefusals';
import type { Row } from './fakeTables';

const totpFor = (secret: string, email = '') => new TOTP({ issuer: 'Crease', label: email, secret: Secret.fromBase32(secret) });
const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
const recoveryCode = () => {
  const chars = Array.from(crypto.getRandomValues(new Uint32Array(10)), (n) => ALPHABET[n % ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
};

export function fakeTwoFactor(me: () => Row, activity: () => FakeActivity) {
  const totps = new Map<string, { secret?: string; pending?: string }>();
  let required = false;
  const record = (action: 'totpOn' | 'totpOff') => activity().write({ ...activity().entry('admins', 'update', me(), me()), action, changes: [] });

  return {
    getTotp: async () => ({ data: { enabled: Boolean(totps.get(me()._id)?.secret) } }),
    startTotp: async () => {
      if (totps.get(me()._id)?.secret) refuse({ code: TWO_FACTOR_TEXTS.alreadyOn });
      const secret = new Secret({ size: 20 }).base32;
      totps.set(me()._id, { pending: secret });
      return { data: { secret, otpauthUrl: totpFor(secret, String(me().email)).toString() } };
    },
    confirmTotp: async ({ code }: { code: string }) => {
      const totp = totps.get(me()._id);
      if (totp?.secret) refuse({ code: TWO_FACTOR_TEXTS.alreadyOn });
      if (!totp?.pending) refuse({ code: TWO_FACTOR_TEXTS.notStarted });
      if (totpFor(totp!.pending!).validate({ token: code.replace(/\s/g, ''), window: 1 }) === null) refuse({ code: TWO_FACTOR_TEXTS.wrongCode });
      totps.set(me()._id, { secret: totp!.pending });
      record('totpOn');
      return { data: { recoveryCodes: Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode) } };
    },
    turnOffTotp: async ({ password }: { password: string }) => {
      if (password !== me().password) refuse({ password: TWO_FACTOR_TEXTS.wrongPassword });
      if (!totps.get(me()._id)?.secret) refuse({ password: TWO_FACTOR_TEXTS.notOn });
      if (required) refuse({ password: TWO_FACTOR_TEXTS.required });
      totps.delete(me()._id);
      record('totpOff');
      return { data: { enabled: false } };
    },
    getSecondFactorPolicy: async () => ({ data: { requireSecondFactor: required } }),
    setSecondFactorPolicy: async ({ requireSecondFactor }: { requireSecondFactor: boolean }) => {
      if (requireSecondFactor !== required) {
        activity().write({ action: 'update', resource: 'admins', recordId: null, recordLabel: TWO_FACTOR_TEXTS.policyLabel, changes: [{ field: 'requireSecondFactor', before: required, after: requireSecondFactor }] });
      }
      required = requireSecondFactor;
      return { data: { requireSecondFactor }, message: requireSecondFactor ? TWO_FACTOR_TEXTS.requireOn : TWO_FACTOR_TEXTS.requireOff };
    },
  };
}
