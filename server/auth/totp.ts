/**
 * TOTP (RFC 6238) as authenticator apps make it: SHA-1, 6 digits, 30-second steps, with `otpauth`.
 * A code is accepted for the step before and after the current one (a phone's clock a little off, a
 * code typed as it changed); the caller takes the step once (repositories/second-factors.ts takeStep).
 */
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Crease';
const PERIOD = 30;
/** Letters and digits without those read as one another (I, L, O, U, 0, 1): a recovery code is typed from paper. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
const RECOVERY_LENGTH = 10;

const totpFor = (secret: string, label = '') => new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD });

/** A new secret: 20 random bytes (RFC 4226's recommended length), in base32 as apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI an authenticator app scans, labelled with the admin's e-mail. */
export const otpauthUrl = (secret: string, email: string) => totpFor(secret, email).toString();

/** Whether a typed code looks like a TOTP code (6 digits, spaces allowed) rather than a recovery code. */
export const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** The time step a code was made for, if it is right for `now` (within one step either side); undefined otherwise. */
export function acceptedStep(secret: string, code: string, now: Date): number | undefined {
  const token = code.replace(/\s/g, '');
  const delta = totpFor(secret).validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? undefined : TOTP.counter({ period: PERIOD, timestamp: now.getTime() }) + delta;
}

/** Single-use recovery codes: 10 characters (about 49 bits) shown as two groups of five. */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}
