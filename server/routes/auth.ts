import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LOGIN_ATTEMPTS_PER_MINUTE } from '../../src/domain/limits';
import { AUTH } from '../../src/domain/messages';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords';
import { HttpError } from '../errors';
import { findAdminByEmail } from '../repositories/admins';
import { ErrorEnvelope } from '../schemas/envelope';
import { LoginBody, LoginResponse } from '../schemas/auth';

const authRoutes: FastifyPluginAsyncTypebox<{ db: import('../db/connection').Db }> = async (app, { db }) => {
  app.post(
    '/login',
    {
      config: { public: true, rateLimit: { max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        security: [],
        body: LoginBody,
        response: { 200: LoginResponse, '4xx': ErrorEnvelope },
      },
    },
    async (request) => {
      const { email, password, remember } = request.body;
      const admin = await findAdminByEmail(db, email);
      // Compare even for an unknown e-mail so the answer time does not tell which part was wrong.
      const valid = await verifyPassword(password, admin?.password_hash ?? DUMMY_HASH);
      if (!admin || !valid) throw new HttpError(401, AUTH.invalidCredentials);

      const token = await app.tokens.sign(admin.id, remember === true);
      const user = {
        _id: admin.id,
        name: `${admin.first_name} ${admin.last_name}`.trim(),
        email: admin.email,
        firstName: admin.first_name,
        lastName: admin.last_name,
        role: admin.role,
      };
      return { success: true, token, user, data: { token, user }, message: AUTH.loginSuccess };
    },
  );
};

export default authRoutes;
