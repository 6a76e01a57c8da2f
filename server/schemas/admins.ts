import { Type } from 'typebox';
import { LOGGED_RESOURCES } from '../../src/domain/declared';
import { ACTIVITY_ACTIONS } from '../../src/domain/enums';
import { ROLES } from '../../src/domain/access';
import { ACTIVITY_TEXTS, ADMIN_TEXTS } from '../../src/domain/messages';
import { withInvalidMessage } from './invalid-message';
import { ADMIN_CREATE_RULES, ADMIN_UPDATE_RULES, PASSWORD_CHANGE_RULES, PROFILE_NAME_RULES } from '../../src/domain/rules';
import { formBody } from './form';
import { DayOrInstant, ListQuery } from './list';
import { Nullable } from './refs';
import { Session } from './auth';

/** An admin account; never its password or hash. */
export const Admin = Type.Object({
  _id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: Type.Enum(ROLES, { description: 'What the admin may do: owner (everything), editor (content), moderator (users and registrations), viewer (reads content)' }),
  isActive: Type.Boolean(),
  lastSignInAt: Nullable(Type.String({ format: 'date-time' })),
  createdAt: Type.String({ format: 'date-time' }),
});

export const AdminListQuery = ListQuery(['firstName', 'lastName', 'email', 'createdAt'], {
  isActive: Type.Optional(Type.Boolean({ description: 'Only active (true) or deactivated (false) admins' })),
  role: withInvalidMessage(Type.Optional(Type.Enum(ROLES, { description: 'Only admins holding this role' })), ADMIN_TEXTS.roleInvalid),
});

export const AdminCreateBody = formBody(ADMIN_CREATE_RULES);

export const AdminUpdateBody = formBody(ADMIN_UPDATE_RULES, {
  isActive: Type.Optional(Type.Boolean({ description: 'false deactivates (their sessions end at once), true reactivates' })),
});

export const ProfileNameBody = formBody(PROFILE_NAME_RULES);
export const PasswordChangeBody = formBody(PASSWORD_CHANGE_RULES);

/** A password change answers a fresh session for the admin who made it: their other sessions have ended. */
export const PasswordChanged = Session;

/** One of an admin's open sessions (server/repositories/admin-sessions.ts). */
export const AdminSession = Type.Object({
  _id: Type.String(),
  device: Type.String({ description: 'The browser that signed in (its User-Agent, shortened)' }),
  address: Type.String({ description: 'The address it signed in from' }),
  createdAt: Type.String({ description: 'ISO date and time of the sign-in' }),
  lastUsedAt: Type.String({ description: 'ISO date and time of its last call, to the minute' }),
  expiresAt: Type.String({ description: 'ISO date and time it ends by itself' }),
  current: Type.Boolean({ description: 'The session making this call' }),
});

/** How many sessions a call ended. */
export const EndedSessions = Type.Object({ ended: Type.Integer({ minimum: 0 }) });

const Uuid = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' });

export const ActivityEntry = Type.Object({
  _id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  /** The admin as named then; null for a sign-in refused for an unknown e-mail. */
  admin: Nullable(Type.Object({ _id: Type.String(), firstName: Type.String(), lastName: Type.String() })),
  /** The app user whose own write it is (a registration sent from the app); their name null once they deleted their account. */
  fan: Nullable(Type.Object({ _id: Type.String(), name: Nullable(Type.String()) })),
  action: Type.String(),
  resource: Type.String(),
  recordId: Nullable(Type.String()),
  recordLabel: Nullable(Type.String({ description: "The record's title or name as it was" })),
  changes: Type.Array(
    Type.Object({
      field: Type.String(),
      before: Type.Unknown({ description: "The value before; a reference's: the record's name then" }),
      after: Type.Unknown({ description: "The value after; a reference's: the record's name then" }),
      beforeId: Type.Optional(Nullable(Type.String({ description: "A reference's: the id of the record named before" }))),
      afterId: Type.Optional(Nullable(Type.String({ description: "A reference's: the id of the record named after" }))),
    }),
  ),
});

export const ActivityListQuery = Type.Object({
  ...ListQuery(['createdAt']).properties,
  adminId: Type.Optional(Type.Unsafe<string>({ ...Uuid, description: "Entries of this admin (their _id)" })),
  resource: withInvalidMessage(Type.Optional(Type.Enum(LOGGED_RESOURCES, { description: 'Entries about this resource' })), ACTIVITY_TEXTS.resourceInvalid),
  recordId: Type.Optional(Type.String({ maxLength: 100, description: "Entries about this record (its _id): the record's history" })),
  action: withInvalidMessage(Type.Optional(Type.Enum(ACTIVITY_ACTIONS)), ACTIVITY_TEXTS.actionInvalid),
  from: DayOrInstant('Entries at or after this time (a date: from its start)'),
  to: DayOrInstant('Entries at or before this time (a date: to its end)'),
});
