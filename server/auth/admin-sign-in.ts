/**
 * The one way an admin's sign-in ends, whichever way it went (password alone, password and a TOTP or
 * recovery code, a passkey): a session token and the user the admin app keeps. Every sign-in path
 * calls `signIn`, so whatever a session is made of is decided here once.
 */
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { Db } from '../db/connection';
import type { findAdminByEmail } from '../repositories/admins';
import { mustSetUpSecondFactor } from '../repositories/second-factors';
import type { Session } from '../schemas/auth';

export type SigningIn = NonNullable<Awaited<ReturnType<typeof findAdminByEmail>>>;

export async function signIn(request: FastifyRequest, db: Db, admin: SigningIn, remember: boolean): Promise<Static<typeof Session>> {
  const token = await request.server.tokens.sign(admin.id, remember, admin.password_changed_at);
  const user = {
    _id: admin.id,
    name: `${admin.first_name} ${admin.last_name}`.trim(),
    email: admin.email,
    firstName: admin.first_name,
    lastName: admin.last_name,
    role: admin.role,
    ...(admin.must_change_password && { mustChangePassword: true as const }),
    ...((await mustSetUpSecondFactor(db, admin.id)) && { mustSetUpSecondFactor: true as const }),
  };
  return { token, user };
}
