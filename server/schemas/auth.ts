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
});

export const Session = Type.Object({ token: Type.String(), user: SessionUser });

/** The spec's login answer: token and user at the top level, and in `data` like every other call. */
export const LoginResponse = Type.Object({
  success: Type.Boolean(),
  token: Type.String(),
  user: SessionUser,
  data: Session,
  message: Type.String(),
});
