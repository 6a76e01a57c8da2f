/**
 * Passkeys in the browser (@simplewebauthn/browser): the sign-in ceremony (without a password, or as
 * the second step with the password step's ticket) and the profile's calls to add, list and remove them.
 * The library is loaded only when a ceremony starts, so the sign-in page's first download stays small.
 */
import { fetchUtils, HttpError } from 'react-admin';
import { AUTH, PASSKEY_TEXTS } from '../domain';
import type { LoginAnswer } from './authProvider';

export type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** Whether this browser can use passkeys at all (WebAuthn, in a secure context). */
export const passkeysSupported = () => typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';

/** The message an admin is shown for a failed ceremony: cancelled in the browser, or the server's reason. */
export function passkeyFailure(error: unknown, fallback: string): string {
  // The browser's own refusals (cancelled, timed out, no passkey here) are DOMExceptions, wrapped by the library.
  const name = error instanceof Error ? ((error.cause as Error | undefined)?.name ?? error.name) : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return PASSKEY_TEXTS.cancelled;
  if (name === 'SecurityError' || name === 'NotSupportedError') return PASSKEY_TEXTS.unsupported;
  if (error instanceof HttpError && error.status === 429 && !error.body?.message) return AUTH.tooManyAttempts;
  if (error instanceof HttpError) return (error.body?.message as string | undefined) ?? error.message ?? fallback;
  return fallback;
}

const post = async (url: string, body: unknown, token?: string) => {
  const { json } = await fetchUtils.fetchJson(url, { method: 'POST', body: JSON.stringify(body), ...(token && { user: { authenticated: true, token: `Bearer ${token}` } }) });
  return json;
};

/** Signs in with a passkey the browser holds: any of this site's without a ticket, the ticket's admin's with one. */
export async function passkeySignIn(apiUrl: string, params: { ticket?: string; remember?: boolean } = {}): Promise<LoginAnswer> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = await post(`${apiUrl}/admin/login/passkey/options`, params.ticket ? { ticket: params.ticket } : {});
  const response = await startAuthentication({ optionsJSON: options.data });
  const json = await post(`${apiUrl}/admin/login/passkey`, { response, ...(params.ticket && { ticket: params.ticket }), remember: params.remember === true });
  return json.data as LoginAnswer;
}

/** The signed-in admin's passkeys: list, add (options, the browser's ceremony, then the answer with its name), remove. */
export const passkeyCalls = (apiUrl: string, token: () => string | null) => {
  const base = `${apiUrl}/admin/profile/passkeys`;
  const auth = () => ({ user: { authenticated: true, token: `Bearer ${token() ?? ''}` } });
  return {
    list: async (): Promise<Passkey[]> => (await fetchUtils.fetchJson(base, auth())).json.data,
    add: async (name: string): Promise<Passkey> => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const options = await post(`${base}/options`, {}, token() ?? '');
      const response = await startRegistration({ optionsJSON: options.data });
      return (await post(base, { name, response }, token() ?? '')).data;
    },
    remove: async (id: string): Promise<void> => {
      await fetchUtils.fetchJson(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE', ...auth() });
    },
  };
};
