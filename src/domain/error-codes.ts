/**
 * The stable `code` every error answer carries (`{ success: false, code, message, errors? }`), so an
 * app tells "session ended" from "not signed in" without reading the message, which may be reworded.
 * Declared once: the server, the fake dataProvider and the README's list (checked by a test) read it.
 * A code never changes meaning; new ones may be added, so a client treats an unknown one by its status.
 */
import { SYNC_CURSOR_DAYS } from './app';

export const ERROR_CODES = {
  'auth.required': 'No token was sent, or the token is not one this server issued: sign in (401).',
  'auth.session_ended': 'The token was valid but its session is over (expired, signed out, or the password changed): sign in again (401).',
  'auth.account_deactivated': 'The account was deactivated by the league (401).',
  'auth.invalid_credentials': 'Sign-in with a wrong e-mail or password (401).',
  'auth.token_expired': "A fan's access token has lapsed (it lasts an hour): refresh it with the refresh token, no new sign-in (401).",
  'auth.refresh_invalid': 'The refresh token is unknown, spent or its session ended (a reused one ends its whole session): sign in again (401).',
  'auth.second_factor_invalid': "An admin's second step was refused: a wrong or used code, a lapsed ticket, or a passkey that did not verify (401).",
  'auth.second_factor_setup_required': "The league requires a second factor and this admin has none yet: set one up first (403).",
  'auth.forbidden': 'Signed in, but this account may not do this (403).',
  'auth.password_change_required': 'An admin must choose their own password before anything else (403).',
  'auth.email_not_verified': "The fan's e-mail is not verified yet: open the mailed link first (403).",
  'validation.failed': 'Input was refused: `errors` names every bad field by its path, e.g. `players.1.photo` (400).',
  'body.invalid': 'The body cannot be read: not JSON, nested too deep or with too many keys, or a broken multipart form (400).',
  'body.too_large': 'The body, a text part of a form, or its number of parts is over the limit (413).',
  'body.unsupported_type': 'The route does not take this Content-Type (415).',
  'upload.too_large': 'An uploaded file is over its size or pixel limit; `errors` names its part (413).',
  'upload.not_an_image': 'An uploaded file is not an image the server takes; `errors` names its part (415).',
  'upload.not_a_file_route': 'A multipart form was sent to a route that takes no files (415).',
  'cursor.invalid': 'An `after` or `since` the list did not give, or the two together, or `since` with filters (400).',
  'cursor.expired': `A \`since\` cursor older than ${SYNC_CURSOR_DAYS} days: load the list afresh and sync from its new cursor (410).`,
  'link.invalid': 'A signed link to a private photo was altered or has expired (403).',
  'origin.not_allowed': "A browser preflight from an origin not in the server's APP_ORIGINS (403).",
  not_found: 'No such record, or no such route (404).',
  conflict: 'The record is not in a state that allows this: edited by someone else since, already taken, pending or sent (409).',
  gone: 'What this referred to no longer exists, e.g. an unverified account being removed (410).',
  rate_limited: 'Too many calls: wait for `Retry-After` seconds (429).',
  unavailable: 'The server cannot do this now (busy, a store not answering) or is not set up for it: try again later (503, 409).',
  bad_request: 'Any other refused request (4xx).',
  internal: 'An unexpected failure on the server; nothing of it is disclosed (500).',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

/** The code an error gets when its raiser names none: its status's usual meaning. */
export function codeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'validation.failed';
    case 401:
      return 'auth.required';
    case 403:
      return 'auth.forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 410:
      return 'gone';
    case 413:
      return 'body.too_large';
    case 415:
      return 'body.unsupported_type';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal' : 'bad_request';
  }
}
