/**
 * Sign-in against `POST /admin/login`, sign-out against `POST /admin/logout`. The token is a JWT
 * naming a session the server keeps; it is valid while its `exp` lies ahead and the server has not
 * ended it. 'Remember me' asks the server for the longer session.
 * For an admin with a second factor the password earns a ticket instead: `login` answers it
 * (`{ secondFactor, ticket }`), and a second `login({ ticket, code })` (`POST /admin/login/totp`) signs in.
 */
import { fetchUtils, HttpError, type AuthProvider } from 'react-admin';
import { AUTH, SHELL } from '../domain';
import { roleMay, roleOf } from './access';
import { clearSession, getToken, getUser, hasValidSession, markSessionExpired, saveSession, type SessionUser } from './session';

export type Credentials = { email: string; password: string; remember?: boolean };
export type LoginAnswer = { token: string; user: SessionUser; message?: string };
/** A right password for an admin with a second factor: the second step's ticket, not a session. */
export type SecondFactorAnswer = { secondFactor: string[]; ticket: string };
/** The second step: the ticket and a TOTP or recovery code. */
export type SecondStep = { ticket: string; code: string };
export type LoginRequest = (credentials: Credentials) => Promise<LoginAnswer | SecondFactorAnswer>;
export type SecondStepRequest = (step: SecondStep) => Promise<LoginAnswer>;

export const needsSecondFactor = (answer: unknown): answer is SecondFactorAnswer => typeof (answer as SecondFactorAnswer | undefined)?.ticket === 'string';

/** The real call; the server's message (e.g. 'Invalid email or password') becomes the error toast. */
export const serverLogin =
  (apiUrl = ''): LoginRequest =>
  async ({ email, password, remember = false }) => {
    try {
      const { json } = await fetchUtils.fetchJson(`${apiUrl}/admin/login`, {
        method: 'POST',
        body: JSON.stringify({ email, password, remember }),
      });
      if (!json?.success) throw new Error(json?.message ?? AUTH.invalidCredentials);
      return needsSecondFactor(json.data) ? json.data : (json as LoginAnswer);
    } catch (error) {
      // A rate limiter may answer without a message; the visitor still deserves one.
      if (error instanceof HttpError && error.status === 429 && !error.body?.message) {
        throw new Error(AUTH.tooManyAttempts, { cause: error });
      }
      throw error;
    }
  };

/** Ends a token's session on the server; without one (the in-memory league) sign-out only forgets the token. */
export type LogoutRequest = (token: string) => Promise<void>;

/**
 * The real sign-out: the server ends the session, so a copy of the token is worth nothing. A failure
 * (offline, the session already ended) does not keep the admin signed in here.
 */
export const serverLogout =
  (apiUrl = ''): LogoutRequest =>
  async (token) => {
    await fetchUtils
      .fetchJson(`${apiUrl}/admin/logout`, { method: 'POST', body: '{}', headers: new Headers({ Accept: 'application/json', Authorization: `Bearer ${token}` }) })
      .catch(() => undefined);
  };

/** `POST /admin/login/totp`; the server's message (a wrong code, a lapsed ticket) becomes the error shown. */
export const serverSecondStep =
  (apiUrl = ''): SecondStepRequest =>
  async ({ ticket, code }) => {
    try {
      const { json } = await fetchUtils.fetchJson(`${apiUrl}/admin/login/totp`, { method: 'POST', body: JSON.stringify({ ticket, code }) });
      return json as LoginAnswer;
    } catch (error) {
      if (error instanceof HttpError && error.body?.message) throw new Error(error.body.message, { cause: error });
      throw error;
    }
  };

/** `GET /admin/profile`: the signed-in admin as the server holds them now (their role may have changed since sign-in). */
export type ProfileRequest = () => Promise<SessionUser>;

export const serverProfile =
  (apiUrl = ''): ProfileRequest =>
  async () => {
    const { json } = await fetchUtils.fetchJson(`${apiUrl}/admin/profile`, { user: { authenticated: true, token: `Bearer ${getToken()}` } });
    return json.data as SessionUser;
  };

/** What the stored session's role may do; a visitor who is not signed in may do nothing. */
const canAccessNow = ({ resource, action }: { resource: string; action: string }) => {
  const user = getUser();
  return user !== null && roleMay(roleOf(user), resource, action);
};

const displayName = (user: SessionUser) =>
  user.name || [user.firstName, user.lastName].filter(Boolean).join(' ') || SHELL.defaultName;

/**
 * `secondStep`: the second factor's call (the API's unless a test gives its own); `logoutRequest`: ends the
 * session on the server; `profile`: the signed-in admin now, whose role refreshes the stored one.
 */
export function createAuthProvider(
  login: LoginRequest,
  { secondStep = serverSecondStep(), logoutRequest, profile }: { secondStep?: SecondStepRequest; logoutRequest?: LogoutRequest; profile?: ProfileRequest } = {},
): AuthProvider {
  /**
   * The role is read from the session's user, kept from the sign-in's answer; once per page load it
   * is refreshed from the profile, so an owner's change of it shows at the next load. A failed
   * refresh keeps the stored one: the server refuses what the role no longer allows anyway.
   */
  let refreshed: Promise<void> | undefined;
  const refresh = () => {
    if (!profile || !getToken()) return Promise.resolve();
    refreshed ??= profile()
      .then((fresh) => {
        const user = getUser();
        const token = getToken();
        if (user && token && fresh?._id === user._id) saveSession(token, { ...user, role: fresh.role });
      })
      .catch(() => undefined);
    return refreshed;
  };
  return {
    /** Signed in (undefined), or the ticket the second step needs. */
    login: async (params: Credentials | SecondStep): Promise<SecondFactorAnswer | undefined> => {
      const answer = 'ticket' in params ? await secondStep(params) : await login(params);
      if (needsSecondFactor(answer)) return answer;
      saveSession(answer.token, answer.user);
      refreshed = Promise.resolve();
      return undefined;
    },
    // Calls still under way when a session ends come back refused one after another, each asking
    // to sign out: once the sign-in page shows, another trip there would open it afresh, without
    // the reason it was reached with.
    logout: async () => {
      const token = getToken();
      clearSession();
      refreshed = undefined;
      if (token && logoutRequest) await logoutRequest(token);
      return window.location.pathname === '/login' ? false : undefined;
    },
    checkAuth: async () => {
      if (hasValidSession()) return;
      // A visitor who never signed in just lands on /login; only a lapsed session earns a toast.
      const hadSession = getToken() !== null;
      clearSession();
      if (!hadSession) throw { message: false };
      markSessionExpired(AUTH.sessionExpired);
      throw new Error(AUTH.sessionExpired);
    },
    checkError: async (error) => {
      if (error?.status === 401) {
        // A deactivated account says so; any other refused session has lapsed.
        // Calls still under way when the session ended come back refused too: the first one told why.
        if (getToken() === null) throw { message: false };
        const message = error?.body?.message === AUTH.accountDeactivated ? AUTH.accountDeactivated : AUTH.sessionExpired;
        clearSession();
        markSessionExpired(message);
        throw new Error(message);
      }
    },
    getIdentity: async () => {
      const user = getUser();
      if (!user) throw new Error(AUTH.unauthorized);
      return { ...user, id: user._id, fullName: displayName(user) };
    },
    /**
     * react-admin asks before it shows a page, a button or a menu entry: `action` is its own (list,
     * show, create, edit, delete, export) or Crease's (publish, send, status…), `resource` an entity,
     * the office's (admins, activity) or a guarded field ('registrations.GovernmentIdNumber').
     */
    canAccess: async ({ resource, action }) => {
      await refresh();
      return canAccessNow({ resource, action });
    },
    /** The same answer at once, from the stored role (AccessQueryClient starts every question with it). */
    canAccessNow,
  };
}
