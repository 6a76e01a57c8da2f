/** What every route group is registered with (routes/index.ts). */
import type { Db } from '../db/connection';
import type { Mailer } from '../mail/mailer';

export interface RouteOptions {
  db: Db;
  /** The fans' password-reset mail (none without SMTP_URL) and the link's origin (PUBLIC_URL). */
  mailer?: Mailer;
  publicUrl?: string;
  /** Whether a sign-up's e-mail waits for its mailed link before the fan may send a registration (mail and PUBLIC_URL set up). */
  verifyingEmails?: boolean;
}
