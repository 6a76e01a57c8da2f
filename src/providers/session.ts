/**
 * The signed-in session in browser storage: the token under `token`, the user id beside it,
 * and the identity the top bar shows so a reload needs no extra call.
 */
import { decodeJwt } from 'jose';

export type SessionUser = {
  _id: string;
  name?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  role?: string;
  /** Given a first password by another admin: they must choose their own before anything else. */
  mustChangePassword?: boolean;
  /** The league requires a second factor and the admin has none: they set one up before anything else. */
  mustSetUpSecondFactor?: boolean;
};

const TOKEN_KEY = 'token';
const USER_ID_KEY = 'userId';
const USER_KEY = 'user';

export const getToken = () => localStorage.getItem(TOKEN_KEY);
export const getUserId = () => localStorage.getItem(USER_ID_KEY);

export function getUser(): SessionUser | null {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: SessionUser) {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_ID_KEY, user._id);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_ID_KEY);
  localStorage.removeItem(USER_KEY);
}

/** A session counts only with a token whose `exp` lies in the future; a malformed token counts as none. */
export function hasValidSession(now = Date.now()): boolean {
  const token = getToken();
  if (!token || !getUserId()) return false;
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && exp * 1000 > now;
  } catch {
    return false;
  }
}

/**
 * A session that ended, told to the sign-in page with its reason (it lapsed, or the account was
 * deactivated): it is shown there, outside the admin app, where react-admin's own toast does not reach.
 * The reason stays until the admin dismisses it or tries to sign in: calls refused one after another
 * may bring the sign-in page up afresh, and it must still say why.
 */
const EXPIRED_KEY = 'sessionExpired';
export const markSessionExpired = (message: string) => sessionStorage.setItem(EXPIRED_KEY, message);
export const sessionEndedReason = (): string | undefined => sessionStorage.getItem(EXPIRED_KEY) ?? undefined;
export const forgetSessionEnded = () => sessionStorage.removeItem(EXPIRED_KEY);
