/**
 * The league office's admin accounts in the fake, kept as the server keeps them: added with a first
 * password they must replace at their first sign-in, and refused an e-mail another admin has;
 * changed by name, role, active flag or a password reset; never deactivating the admin signed in nor the
 * last active admin, nor deactivating or demoting the last active owner. The signed-in admin's role
 * is read on every call, as the server's guard reads it (`assertMay`). Every sign-in, accepted or refused, is on the record, and too many tries in a
 * minute (or for one account in a quarter of an hour) are refused before they are read, as by the API.
 */
import {
  ADMIN_CREATE_RULES,
  ADMIN_TEXTS,
  ADMIN_UPDATE_RULES,
  AUTH,
  LOGIN_ACCOUNT_WINDOW_MINUTES,
  LOGIN_ATTEMPTS_PER_ACCOUNT,
  LOGIN_ATTEMPTS_PER_MINUTE,
  PASSWORD_CHANGE_RULES,
  PROFILE_NAME_RULES,
  REMEMBER_ME_DAYS,
  SESSION_HOURS,
  SESSION_TEXTS,
  VALIDATION,
  DEFAULT_ROLE,
  checkForm,
  roleNeeded,
  rolesFor,
  type AccessRule,
  type AdminAccountRecord,
  type Role,
  type AdminSessionRecord,
} from '../domain';
import type { Credentials, LoginAnswer } from './authProvider';
import type { FakeActivity } from './fakeActivity';
import { failure, refuse } from './fakeRefusals';
import { FAKE_ADMIN, FAKE_ADMIN_PASSWORD } from './fakeLeague';
import type { Row } from './fakeTables';
import { fromApi } from './payload';

/** The fake's own admin as the API lists it. */
export const FAKE_ADMIN_ACCOUNT: AdminAccountRecord = {
  _id: FAKE_ADMIN._id,
  firstName: FAKE_ADMIN.firstName,
  lastName: FAKE_ADMIN.lastName,
  email: FAKE_ADMIN.email,
  role: FAKE_ADMIN.role,
  isActive: true,
  lastSignInAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const FIELDS = Object.keys(FAKE_ADMIN_ACCOUNT) as (keyof AdminAccountRecord)[];

/** An admin as the API answers one: never a password. */
export const adminRecord = (row: Row) => Object.fromEntries(FIELDS.map((field) => [field, row[field] ?? null])) as Row;

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** A session for `account`: an unsigned JWT that carries a real `exp`, like the server's, and the user the app shows. */
export function fakeSession(account: Row, remember = false): LoginAnswer {
  const hours = remember ? REMEMBER_ME_DAYS * 24 : SESSION_HOURS;
  const exp = Math.floor(Date.now() / 1000) + hours * 3600;
  const [firstName, lastName] = [String(account.firstName), String(account.lastName)];
  return {
    token: `${base64url({ alg: 'none' })}.${base64url({ sub: account._id, exp })}.`,
    user: {
      _id: account._id,
      name: `${firstName} ${lastName}`.trim(),
      email: String(account.email),
      firstName,
      lastName,
      role: account.role as Role,
      ...(account.mustChangePassword === true && { mustChangePassword: true }),
    },
  };
}

/** Counts a try in `times` (the last `windowMs`); true when it is one more than `max`. */
function overLimit(times: number[], max: number, windowMs: number) {
  const now = Date.now();
  while (times.length > 0 && times[0] <= now - windowMs) times.shift();
  times.push(now);
  return times.length > max;
}

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

const notFound = () => failure(404, ADMIN_TEXTS.notFound);

/**
 * The accounts in the fake's `admins` table (its own admin first, with the demo password), and who
 * is signed in: the last to sign in through `signIn`, else its own admin.
 */
export function fakeAccounts(table: () => Row[], nextId: () => string, activity: () => FakeActivity) {
  if (!table().some((row) => row._id === FAKE_ADMIN._id)) table().unshift({ ...FAKE_ADMIN_ACCOUNT, password: FAKE_ADMIN_PASSWORD });
  let signedIn = FAKE_ADMIN._id;
  // The sign-in limits: the fake serves one browser, so one address; and each account, by e-mail.
  const tries: number[] = [];
  const triesFor = new Map<string, number[]>();
  const holding = (email: string) => table().find((row) => String(row.email).toLowerCase() === email.trim().toLowerCase());
  const find = (id: string) => table().find((row) => row._id === id);
  const me = () => find(signedIn) ?? find(FAKE_ADMIN._id)!;
  // The sessions the server would keep: one per sign-in; this browser's is the signed-in admin's newest.
  let sessions: AdminSessionRecord[] = [];
  let sessionIds = 0;
  const startSession = (adminId: string, remember: boolean) => {
    const now = new Date();
    const hours = remember ? REMEMBER_ME_DAYS * 24 : SESSION_HOURS;
    const device = typeof navigator === 'undefined' ? '' : navigator.userAgent.slice(0, 200);
    sessions.push({ _id: `session-${++sessionIds}`, device, address: '127.0.0.1', createdAt: now.toISOString(), lastUsedAt: now.toISOString(), expiresAt: new Date(now.getTime() + hours * 3600_000).toISOString(), current: false });
    sessionOwner.set(`session-${sessionIds}`, adminId);
  };
  const sessionOwner = new Map<string, string>();
  const mine = () => sessions.filter((session) => sessionOwner.get(session._id) === me()._id);
  const currentId = () => mine().at(-1)?._id;
  const endSessions = (adminId: string, keep?: string) => {
    const ending = sessions.filter((session) => sessionOwner.get(session._id) === adminId && session._id !== keep);
    sessions = sessions.filter((session) => !ending.includes(session));
    return ending.length;
  };
  const sessionEntry = (action: 'sessionEnd' | 'sessionsEnd', row: Row, ended?: number) =>
    activity().write({ ...activity().entry('admins', 'update', row, row), action, changes: ended === undefined ? [] : [{ field: 'sessions', before: ended, after: 0 }] });

  /** Like PUT /admin/admins/{id} (and the profile's own changes): the entry of what changed, then the password's. */
  const change = (id: string, changes: { firstName?: string; lastName?: string; isActive?: unknown; role?: unknown; password?: unknown }) => {
    const row = find(id);
    if (!row) throw notFound();
    const deactivating = changes.isActive === false && row.isActive;
    if (deactivating) {
      if (id === me()._id) refuse({ isActive: ADMIN_TEXTS.cannotDeactivateSelf });
      if (table().filter((item) => item.isActive).length <= 1) refuse({ isActive: ADMIN_TEXTS.lastActiveAdmin });
    }
    const lastOwner = row.isActive && row.role === 'owner' && table().filter((item) => item.isActive && item.role === 'owner').length <= 1;
    if (lastOwner && deactivating) refuse({ isActive: ADMIN_TEXTS.lastActiveOwner });
    if (lastOwner && changes.role !== undefined && changes.role !== 'owner') refuse({ role: ADMIN_TEXTS.lastActiveOwner });
    const before = { ...row };
    if (changes.firstName !== undefined) row.firstName = changes.firstName;
    if (changes.lastName !== undefined) row.lastName = changes.lastName;
    if (typeof changes.role === 'string') row.role = changes.role;
    if (typeof changes.isActive === 'boolean') row.isActive = changes.isActive;
    const update = activity().entry('admins', 'update', before, row);
    if (update.changes.length > 0) activity().write(update);
    if (typeof changes.password === 'string') {
      const own = id === me()._id;
      row.password = changes.password;
      row.mustChangePassword = !own;
      activity().write({ ...update, action: own ? 'passwordChange' : 'passwordReset', changes: [] });
    }
    return row;
  };

  return {
    me,
    /** Like the API's guard: the signed-in admin's role must be one the call's rule lets through (403 naming the roles). */
    assertMay: (rule: AccessRule) => {
      const roles = rolesFor(rule) ?? [];
      if (!roles.includes(me().role as Role)) throw failure(403, roleNeeded(roles));
    },
    /** Like the API's guard: an admin given a first password may do nothing but choose their own. */
    assertOwnPassword: () => {
      if (me().mustChangePassword === true) throw failure(403, AUTH.choosePasswordFirst, undefined, 'auth.password_change_required');
    },
    create: (data: Record<string, unknown>) => {
      refuse(checkForm(ADMIN_CREATE_RULES, data));
      const { firstName, lastName } = names(data);
      const email = String(data.email);
      if (holding(email)) refuse({ email: VALIDATION.emailTaken });
      const row: Row = {
        _id: nextId(), firstName, lastName, email: email.trim(), role: data.role ?? DEFAULT_ROLE, isActive: true, lastSignInAt: null, createdAt: new Date().toISOString(),
        password: data.password, mustChangePassword: true,
      };
      table().push(row);
      activity().created('admins', row);
      return fromApi(adminRecord(row));
    },
    update: (id: string, data: Record<string, unknown>) => {
      refuse(checkForm(ADMIN_UPDATE_RULES, data));
      return fromApi(adminRecord(change(id, { ...names(data), isActive: data.isActive, role: data.role, password: data.password })));
    },
    /** Like PUT /admin/profile: the signed-in admin's own first and last name (both required). */
    saveProfile: ({ firstName, lastName }: { firstName: string; lastName: string }) => {
      refuse(checkForm(PROFILE_NAME_RULES, { firstName: firstName.trim(), lastName: lastName.trim() }));
      return fromApi(adminRecord(change(me()._id, { firstName: firstName.trim(), lastName: lastName.trim() })));
    },
    /** Like PUT /admin/profile/password: the rules, the repeat, the current password; a fresh session. */
    changePassword: ({ currentPassword, newPassword, repeatPassword }: { currentPassword: string; newPassword: string; repeatPassword: string }) => {
      const errors = checkForm(PASSWORD_CHANGE_RULES, { currentPassword, newPassword, repeatPassword });
      if (!errors.repeatPassword && newPassword !== repeatPassword) errors.repeatPassword = VALIDATION.passwordsDiffer;
      if (!errors.currentPassword && currentPassword !== me().password) errors.currentPassword = VALIDATION.currentPasswordWrong;
      refuse(errors);
      return fakeSession(change(me()._id, { password: newPassword }));
    },
    /** Like GET /admin/profile/sessions: the signed-in admin's sessions, newest first, this one marked. */
    listSessions: (): AdminSessionRecord[] => mine().map((session) => ({ ...session, current: session._id === currentId() })).reverse(),
    /** Like DELETE /admin/profile/sessions/{id}: one of one's own, or a 404. */
    endSession: (id: string) => {
      if (!mine().some((session) => session._id === id)) throw failure(404, SESSION_TEXTS.notFound);
      sessions = sessions.filter((session) => session._id !== id);
      sessionEntry('sessionEnd', me());
    },
    /** Like DELETE /admin/profile/sessions: all but this one. */
    endOtherSessions: () => {
      const ended = endSessions(me()._id, currentId());
      if (ended > 0) sessionEntry('sessionsEnd', me(), ended);
      return { ended };
    },
    /** Like POST /admin/admins/{id}/sessions/end: all of that admin's. */
    endAdminSessions: (id: string) => {
      const row = find(id);
      if (!row) throw notFound();
      const ended = endSessions(id);
      if (ended > 0) sessionEntry('sessionsEnd', row, ended);
      return { ended };
    },
    /** Like POST /admin/login: a deactivated admin is told so only with the right password. */
    signIn: async ({ email, password, remember }: Credentials): Promise<LoginAnswer> => {
      if (overLimit(tries, LOGIN_ATTEMPTS_PER_MINUTE, 60_000)) throw failure(429, AUTH.tooManyAttempts);
      const key = String(email).trim().toLowerCase();
      if (!triesFor.has(key)) triesFor.set(key, []);
      if (overLimit(triesFor.get(key)!, LOGIN_ATTEMPTS_PER_ACCOUNT, LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000)) throw failure(429, AUTH.tooManyAccountAttempts);
      const account = holding(String(email));
      const valid = account !== undefined && account.password === password;
      if (!account || !valid || !account.isActive) {
        const entry = account
          ? { ...activity().entry('admins', 'update', account, account), action: 'signInRefused' as const, changes: [] }
          : { action: 'signInRefused' as const, resource: 'admins', recordId: null, recordLabel: String(email).trim().slice(0, 200), changes: [] };
        activity().write(entry, account ? (account as never) : null);
        throw account && valid
          ? failure(401, AUTH.accountDeactivated, undefined, 'auth.account_deactivated')
          : failure(401, AUTH.invalidCredentials, undefined, 'auth.invalid_credentials');
      }
      account.lastSignInAt = new Date().toISOString();
      signedIn = account._id;
      activity().write({ ...activity().entry('admins', 'update', account, account), action: 'signIn', changes: [] });
      startSession(account._id, remember === true);
      return fakeSession(account, remember === true);
    },
  };
}
