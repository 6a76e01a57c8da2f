import bcrypt from 'bcryptjs';
import { randomBytes } from 'node:crypto';

const COST = 12;

export const hashPassword = (password: string) => bcrypt.hash(password, COST);
export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);

/** A password for the first admin when none is configured: printed once at first start. */
export const generatePassword = () => randomBytes(12).toString('base64url');

/** Compared against when the e-mail is unknown, so both failures take the same time. */
export const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', COST);
