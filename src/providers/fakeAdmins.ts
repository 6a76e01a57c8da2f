/**
 * The league office's admin accounts in the fake, kept as the server keeps them: added with a first
 * password and refused an e-mail another admin has; changed by name, active flag or a password
 * reset; never deactivating the admin signed in (the fake's own) nor the last active admin.
 * Passwords are not kept: the fake signs in its own admin only.
 */
import { HttpError } from 'react-admin';
import { ADMIN_CREATE_RULES, ADMIN_TEXTS, ADMIN_UPDATE_RULES, VALIDATION, checkForm, type AdminAccountRecord } from '../domain';
import type { FakeActivity } from './fakeActivity';
import { refuse } from './fakeDeclared';
import { FAKE_ADMIN, type Row } from './fakeLeague';
import { fromApi } from './payload';

/** The fake's own admin as the API lists it. */
export const FAKE_ADMIN_ACCOUNT: AdminAccountRecord = {
  _id: FAKE_ADMIN._id,
  firstName: FAKE_ADMIN.firstName,
  lastName: FAKE_ADMIN.lastName,
  email: FAKE_ADMIN.email,
  isActive: true,
  lastSignInAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const FIELDS = Object.keys(FAKE_ADMIN_ACCOUNT) as (keyof AdminAccountRecord)[];

/** An admin as the API answers one: never a password. */
export const adminRecord = (row: Row) => Object.fromEntries(FIELDS.map((field) => [field, row[field] ?? null])) as Row;

/** A name sent must say something: blanks are refused at the field. */
function names(data: Record<string, unknown>) {
  const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);
  const [firstName, lastName] = [trimmed(data.firstName), trimmed(data.lastName)];
  const errors: Record<string, string> = {};
  if (firstName === '') errors.firstName = VALIDATION.firstNameRequired;
  if (lastName === '') errors.lastName = VALIDATION.lastNameRequired;
  refuse(errors);
  return { firstName, lastName };
}

const notFound = () => new HttpError(ADMIN_TEXTS.notFound, 404, { success: false, message: ADMIN_TEXTS.notFound });

/** The create and update calls on the fake's `admins` table, as `POST` and `PUT /admin/admins` answer them. */
export function fakeAdminWrites(table: () => Row[], nextId: () => string, activity: FakeActivity) {
  const holding = (email: string) => table().find((row) => String(row.email).toLowerCase() === email.trim().toLowerCase());
  return {
    create: (data: Record<string, unknown>) => {
      refuse(checkForm(ADMIN_CREATE_RULES, data));
      const { firstName, lastName } = names(data);
      const email = String(data.email);
      if (holding(email)) refuse({ email: VALIDATION.emailTaken });
      const row: Row = { _id: nextId(), firstName, lastName, email: email.trim(), isActive: true, lastSignInAt: null, createdAt: new Date().toISOString() };
      table().push(row);
      activity.created('admins', row);
      return fromApi(adminRecord(row));
    },
    update: (id: string, data: Record<string, unknown>) => {
      refuse(checkForm(ADMIN_UPDATE_RULES, data));
      const changes = names(data);
      const row = table().find((item) => item._id === id);
      if (!row) throw notFound();
      if (data.isActive === false && row.isActive) {
        if (id === FAKE_ADMIN._id) refuse({ isActive: ADMIN_TEXTS.cannotDeactivateSelf });
        if (table().filter((item) => item.isActive).length <= 1) refuse({ isActive: ADMIN_TEXTS.lastActiveAdmin });
      }
      const before = { ...row };
      if (changes.firstName !== undefined) row.firstName = changes.firstName;
      if (changes.lastName !== undefined) row.lastName = changes.lastName;
      if (typeof data.isActive === 'boolean') row.isActive = data.isActive;
      // Like the server: the change's entry when something changed, then the reset's.
      const update = activity.entry('admins', 'update', before, row);
      if (update.changes.length > 0) activity.write(update);
      if (typeof data.password === 'string') activity.write({ ...update, action: id === FAKE_ADMIN._id ? 'passwordChange' : 'passwordReset', changes: [] });
      return fromApi(adminRecord(row));
    },
  };
}
