/**
 * Password hashes. New ones are argon2id with OWASP's minimum parameters (19 MiB, 2 passes), about
 * 25 ms; hashes from before (bcrypt, cost 12) still verify and are replaced on the next successful
 * sign-in. Both native libraries compute on libuv's thread pool, so a check never blocks the event loop.
 */
import { hash, hashSync, verify } from '@node-rs/argon2';
import { verify as verifyBcrypt } from '@node-rs/bcrypt';
import { randomBytes } from 'node:crypto';

// The library's default algorithm is argon2id; its const enum cannot be imported under isolatedModules.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const isBcrypt = (stored: string) => /^\$2[aby]\$/.test(stored);

export const hashPassword = (password: string) => hash(password, ARGON2);

export const verifyPassword = (password: string, stored: string): Promise<boolean> =>
  isBcrypt(stored) ? verifyBcrypt(password, stored) : verify(stored, password);

/** Whether a hash that just verified should be replaced by a current one. */
export const needsRehash = (stored: string) => isBcrypt(stored);

/** A password for the first admin when none is configured: printed once at first start. */
export const generatePassword = () => randomBytes(12).toString('base64url');

/** Compared against when the e-mail is unknown, so both failures take the same time. */
export const DUMMY_HASH = hashSync('not-a-real-password', ARGON2);
