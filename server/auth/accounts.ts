/** First start: an empty database gets its admin account, from the environment or with a generated password. */
import type { Db } from '../db/connection';
import { createAdmin, firstAdmin } from '../repositories/admins';
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
  });
  return { admin, created: { password, generated: !env.password } };
}
