/**
 * Fan accounts in the app (/app/v1): their rules and every text the calls and the reset page answer.
 * Shared by the server, the admin app's Users screens and the fake dataProvider.
 */

/** A fan's password: at least this many characters (and at most what a hash check is given). */
import { HOUR_WINDOW_SECONDS, MINUTE_WINDOW_SECONDS, pleaseWait } from './limits';

export const FAN_PASSWORD = { minLength: 10, maxLength: 256 } as const;
export const FAN_NAME = { minLength: 1, maxLength: 100 } as const;
export const FAN_AGE = { min: 1, max: 120 } as const;
export const FAN_EMAIL_MAX = 254;

/**
 * A fan's session lasts this long from its last refresh, unless they sign out, reset their password
 * or are deactivated: it is how long a refresh token works (once).
 */
export const FAN_SESSION_DAYS = 90;
/** A fan's access token works this long; the app renews it with its refresh token (POST /app/v1/session/refresh). */
export const FAN_ACCESS_MINUTES = 60;
/** Refreshes from one address a minute. */
export const REFRESHES_PER_MINUTE = 30;
/** The pages a fan's mailed links open: an installed app claims them (app links, /.well-known). */
export const RESET_PAGE_PATH = '/reset-password';
export const VERIFY_PAGE_PATH = '/verify-email';
/** A refresh token as the API writes one (base64url); anything longer is refused unread. */
export const REFRESH_TOKEN_MAX = 200;
/** A reset link works once, for this long. */
export const RESET_LINK_MINUTES = 30;
/** Reset e-mails asked for from one address a minute (each costs a mail). */
export const RESET_REQUESTS_PER_MINUTE = 5;
/** Reset e-mails one account is sent an hour, whoever asks and from however many addresses. */
export const RESET_MAILS_PER_HOUR = 3;
/** Sign-ups from one address a minute. */
export const SIGNUPS_PER_MINUTE = 10;
/**
 * A sign-up's verification link works once, for this long; an account whose e-mail is still not
 * verified then is removed, so an address somebody typed and never opened is free again.
 */
export const VERIFY_LINK_DAYS = 7;
/** Verification links sent again: per address a minute, and per account an hour (each costs a mail). */
export const VERIFY_RESENDS_PER_MINUTE = 5;
export const VERIFY_RESENDS_PER_ACCOUNT_HOUR = 3;
/** Verification links tried from one address a minute (the page's button or the app's call). */
export const VERIFY_ATTEMPTS_PER_MINUTE = 10;
/** Sign-ups with one e-mail an hour, whatever the addresses asking: each mails that address a link. */
export const SIGNUPS_PER_EMAIL_HOUR = 3;

/**
 * Characters a name may not hold, as they change how text around them reads without showing
 * themselves: bidirectional embeddings, overrides, isolates and marks (a right-to-left override makes
 * 'evil.exe' read otherwise), and zero-width spaces and joiners (a name of nothing but them looks empty).
 */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

/** A fan's name as it is kept: invisible characters removed, then trimmed; empty when nothing visible was left. */
export const visibleName = (name: string): string => name.replace(INVISIBLE, '').trim();

/** Where a user came from, as the admins' Users list shows it. */
export const USER_SOURCES = ['app', 'demo'] as const;
export type UserSource = (typeof USER_SOURCES)[number];
export const USER_SOURCE_LABELS: Record<UserSource, string> = { app: 'App', demo: 'Demo' };

/** The fan as their own calls answer them. */
export interface FanProfile {
  _id: string;
  name: string;
  email: string;
  age: number | null;
  createdAt: string;
  /** False until the sign-up's link is opened (always true on a server that sends no mail). */
  emailVerified: boolean;
}

export const FAN_TEXTS = {
  signedUp: 'Account created',
  signedIn: 'Login successful',
  signedOut: 'Signed out',
  fetched: 'Fetched successfully',
  updated: 'Profile updated',
  passwordChanged: 'Password changed. Your other sessions have ended.',
  exported: 'Your data',
  deleted: 'Your account and personal data have been deleted',
  emailTaken: 'An account with this email already exists. Sign in, or reset your password.',
  invalidCredentials: 'Invalid email or password',
  wrongPassword: 'The password is not correct',
  accountDeactivated: 'This account has been deactivated by the league. Contact the league for help.',
  unauthorized: 'Sign in to the app first (Authorization: Bearer <token> from /app/v1/login)',
  sessionEnded: 'This session has ended. Please sign in again.',
  accessExpired: 'This access token has expired. Renew it with the refresh token (POST /app/v1/session/refresh), or sign in again.',
  refreshTokenInvalid: `refreshToken must be the refresh token sign-in or the last refresh answered (1–${REFRESH_TOKEN_MAX} characters)`,
  refreshEnded: 'This refresh token is not valid, was already used or has expired: the session has ended. Please sign in again.',
  refreshed: 'Session renewed',
  appLinksUnset: 'App links are not set up on this server (ANDROID_APP_ID and ANDROID_CERT_SHA256 for Android, IOS_APP_ID for iOS)',
  tooManyRefreshes: `Too many session refreshes from this address. ${pleaseWait(MINUTE_WINDOW_SECONDS)}`,
  nameRequired: `name is required (${FAN_NAME.minLength}–${FAN_NAME.maxLength} characters)`,
  emailInvalid: 'email must be a valid email address',
  ageInvalid: `age must be a whole number from ${FAN_AGE.min} to ${FAN_AGE.max}`,
  passwordTooShort: `password must be at least ${FAN_PASSWORD.minLength} characters (at most ${FAN_PASSWORD.maxLength})`,
  newPasswordTooShort: `newPassword must be at least ${FAN_PASSWORD.minLength} characters (at most ${FAN_PASSWORD.maxLength})`,
  currentPasswordRequired: 'currentPassword is required',
  passwordRequired: 'password is required: confirm the deletion with your password',
  forgotSent: 'If an account exists for this email, a link to reset its password has been sent. It works once, for 30 minutes.',
  resetUnavailable: 'Password reset by email is not available on this server (no mail server is set up). Contact the league for help.',
  resetDone: 'Password changed. Sign in with the new password.',
  resetTokenInvalid: 'This reset link is not valid, was already used or has expired. Ask for a new one.',
  tooManySignUps: `Too many sign-ups from this address. ${pleaseWait(MINUTE_WINDOW_SECONDS)}`,
  tooManyResets: `Too many reset requests from this address. ${pleaseWait(MINUTE_WINDOW_SECONDS)}`,
  deviceTokenInvalid: 'token must be the FCM registration token this phone registered',
  // Verifying the e-mail of a sign-up.
  emailVerified: 'Your email is verified',
  verifyTokenInvalid: 'This verification link is not valid, was already used or has expired. Sign in to the app and ask for a new one.',
  verifySent: `A new verification link has been sent to your email. It works once, for ${VERIFY_LINK_DAYS} days.`,
  alreadyVerified: 'Your email is already verified',
  verifyLapsed: `This account's email was not verified within ${VERIFY_LINK_DAYS} days, so the account is being removed. Please sign up again.`,
  verifyUnavailable: 'Email verification is not available on this server (no mail server is set up): nothing is waiting for it.',
  tooManyVerifyResends: 'Too many verification emails asked for. Please wait and try again.',
  tooManySignUpsForEmail: `Too many sign-ups with this email. ${pleaseWait(HOUR_WINDOW_SECONDS)}`,
  tooManyVerifyAttempts: `Too many verification attempts from this address. ${pleaseWait(MINUTE_WINDOW_SECONDS)}`,
  emailNotVerified:
    'Verify your email before sending a registration: open the link we emailed when you signed up. ' +
    'To have it sent again, call POST /app/v1/account/verify/resend.',
  verifyMailSubject: 'Verify your email',
  verifyMailBody: (link: string) =>
    `Welcome to the league's app. Open this link to verify your email address. It works once, for ${VERIFY_LINK_DAYS} days:\n\n${link}\n\n` +
    `Until it is verified you cannot send a registration, and an account not verified within ${VERIFY_LINK_DAYS} days is removed.\n` +
    `If you did not sign up, ignore this e-mail: the account will be removed.\n`,
  // The verification page (/verify-email).
  verifyPageTitle: 'Verify your email',
  verifyPageIntro: 'Press the button to verify the email address of your account in the league\'s app.',
  verifyPageSubmit: 'Verify my email',
  verifyPageMissingToken: 'This page is opened from the link in the verification e-mail. Sign in to the app and ask for a new one.',
  verifyPageDone: 'Your email is verified. You can send registrations from the app.',
  // The reset e-mail.
  mailSubject: 'Reset your password',
  mailBody: (link: string) =>
    `Someone (hopefully you) asked to reset the password of your account in the league's app.\n\n` +
    `Open this link to choose a new password. It works once, for ${RESET_LINK_MINUTES} minutes:\n\n${link}\n\n` +
    `If you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
  // The reset page (/reset-password).
  pageTitle: 'Choose a new password',
  pageNewPassword: 'New password',
  pageConfirm: 'Repeat the new password',
  pageSubmit: 'Change password',
  pageMismatch: 'The two passwords are not the same',
  pageMissingToken: 'This page is opened from the link in the reset e-mail. Ask the app for a new one.',
  pageDone: 'Your password has been changed. Sign in to the app with the new password.',
} as const;

/** The activity log's label for a deleted fan: no personal data. */
export const DELETED_USER_LABEL = 'Deleted user';
/** What a redacted personal value reads as in the log. */
export const REDACTED = '[redacted]';
