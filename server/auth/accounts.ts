/**
 * Admin accounts outside the API: the first start's account (from the environment, or with a
 * generated password), the command line's password reset and its second-factor reset.
 */
import type { Db } from '../db/connection';
import { MIN_ADMIN_PASSWORD_LENGTH } from '../../src/domain/limits';
import { createAdmin, firstAdmin, setAdminPassword } from '../repositories/admins';
import { resetSecondFactors } from '../repositories/second-factors';
import { generatePassword, hashPassword } from './passwords';

const DEFAULT_ADMIN_EMAIL = 'admin@crease.local';

export interface BootstrapResult {
  admin: { id: string; email: string };
  /** Set only when the account was created just now; the generated password is shown only then. */
  created?: { password: string; generated: boolean };
}

export async function ensureAdmin(db: Db, env: { email?: string; password?: string }): Promise<BootstrapResult> {
  const existing = await firstAdmin(db);
  if (existing) return { admin: existing };
  const password = env.password ?? generatePassword();
  const admin = await createAdmin(db, {
    email: env.email ?? DEFAULT_ADMIN_EMAIL,
    passwordHash: await hashPassword(password),
    firstName: 'Admin',
    // The league's first admin manages the others: every right, admins and roles among them.
    role: 'owner',
  });
  return { admin, created: { password, generated: !env.password } };
}

/** Throws the operator's message for a password too short to set. */
export function checkAdminPassword(password: string): void {
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) throw new Error(`The password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters.`);
}

/** Sets a new password; sessions issued before it end (see auth/admin-guard.ts). Throws a message for the operator. */
export async function resetAdminPassword(db: Db, email: string, password: string): Promise<void> {
  checkAdminPassword(password);
  if (!(await setAdminPassword(db, email, await hashPassword(password)))) throw new Error(`No admin has the e-mail ${email}.`);
}

/**
 * The operator's way back for an admin who lost their phone and recovery codes: every second factor of
 * theirs goes (their password still holds), recorded in the activity log. Answers the line to print.
 */
export async function resetAdminSecondFactors(db: Db, email: string): Promise<string> {
  if (!(await resetSecondFactors(db, email))) throw new Error(`No admin has the e-mail ${email}.`);
  return `Second factors removed for ${email}: they sign in with their password alone (and set one up again if the league requires it).`;
}
