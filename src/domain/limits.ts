/** Business constants and limits. */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * The pixels an uploaded image may declare (all frames of an animation together), read from its
 * header before anything is decoded: decoding costs memory and CPU by the picture's size, not the
 * file's (a 300 KB JPEG can claim 49 megapixels). 25 megapixels holds a 5,000 × 5,000 photo.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
/** Files one multipart form may carry (a registration's players' photos are the most). */
export const MAX_FORM_FILES = 5;
/** Text fields one multipart form may carry. */
export const MAX_FORM_FIELDS = 50;
/** The most registrations one bulk status change takes. */
export const MAX_BULK_IDS = 1000;
/** A JSON body, or one text field of a multipart form (a news article's HTML is the largest). */
export const MAX_TEXT_BYTES = 1024 * 1024;
/** How deep a JSON body (or a form field holding JSON) may nest its objects and arrays: no form comes close. */
export const MAX_JSON_DEPTH = 32;
/** How many keys a JSON body (or a form field holding JSON) may hold in all, at every depth: a form has a few dozen. */
export const MAX_JSON_KEYS = 1000;
export const IMAGE_HINT = 'JPG, PNG, GIF';
export const TEAM_LOGO_RECOMMENDED = '400x400px';

export const MIN_LENGTH = {
  newsTitle: 5,
  newsSmallDescription: 10,
  teamName: 2,
  notificationTitle: 3,
  notificationBody: 10,
} as const;
export const MIN_PLAYER_AGE = 1;

/** Paging: the server's page size when a call names none, and the most a call may ask for. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** A search's total is exact up to this many hits; beyond it the API may answer an estimate ('About 23,000'). */
export const EXACT_TOTAL_LIMIT = 10_000;
export const PAGINATION_VISIBLE_PAGES = 10;

export const DASHBOARD_RECENT_COUNT = 5;
export const DASHBOARD_SERIES_DAYS = 90;
/** The dashboard counts records created in each of these rolling windows (days back from now). */
export const DASHBOARD_WINDOWS = { last7: 7, last30: 30, last90: 90 } as const;
/** Trend percentages compare the last 30 days with the 30 days before them. */
export const DASHBOARD_TREND_DAYS = 30;
export const NEWS_THIS_WEEK_DAYS = 7;

/**
 * How long a signed link to a fan's private file (a player's photo, `/media/<name>?exp&sig`) opens it:
 * long enough to show a screen and its images, short enough that a copied link soon stops working.
 */
export const MEDIA_LINK_MINUTES = 10;

export const TOAST_AUTO_CLOSE_MS = 5000;

export const SKELETON_CARDS = { grid: 6, teams: 6, notifications: 6, slides: 8 } as const;

export const PRIVACY_MIN_AGE = 13;

/** Session lengths: a normal sign-in and one with 'Remember me'. */
export const SESSION_HOURS = 12;
export const REMEMBER_ME_DAYS = 30;

/** Sign-in attempts allowed per address and minute before the server answers 429. */
export const LOGIN_ATTEMPTS_PER_MINUTE = 10;
/** Sign-in attempts allowed per e-mail (from any address) in a window of this many minutes. */
export const LOGIN_ATTEMPTS_PER_ACCOUNT = 20;
export const LOGIN_ACCOUNT_WINDOW_MINUTES = 15;

/** How long the ticket a right password earns (for an admin with a second factor) waits for the second step. */
export const SECOND_FACTOR_TICKET_MINUTES = 5;
/** Second-step codes allowed per admin in a window of this many minutes: a 6-digit code is otherwise guessable. */
export const SECOND_FACTOR_ATTEMPTS_PER_ADMIN = 5;
export const SECOND_FACTOR_WINDOW_MINUTES = 15;
/** Recovery codes given when TOTP is turned on, each good for one sign-in. */
export const RECOVERY_CODE_COUNT = 10;

/** How long a passkey ceremony (adding one, or signing in with one) may take, from its options to its answer. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** Passkeys one admin may register (a phone, a laptop, a couple of security keys, and spares). */
export const PASSKEYS_PER_ADMIN = 10;
/** The longest name an admin may give a passkey. */
export const PASSKEY_NAME_MAX = 60;

/** The window of every limit counted "a minute" (per address), in seconds. */
export const MINUTE_WINDOW_SECONDS = 60;
/** The window of every limit counted "an hour" (per e-mail or account), in seconds. */
export const HOUR_WINDOW_SECONDS = 3600;

const waitWords = (seconds: number) => {
  if (seconds === 60) return 'a minute';
  if (seconds === 3600) return 'an hour';
  if (seconds % 3600 === 0) return `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
};
/**
 * A refusal's advice, from the limit's window: the app's limits renew their window on each refused
 * call, so a 429's Retry-After is that window and its text names the same wait.
 */
export const pleaseWait = (seconds: number) => `Please wait ${waitWords(seconds)} and try again.`;

/** A new admin password's length (NIST SP 800-63B, OWASP ASVS); shorter ones set before keep working until changed. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;
