/**
 * Outgoing e-mail through SMTP (SMTP_URL, MAIL_FROM) with nodemailer. Without SMTP_URL there is no
 * mailer, and what needs one (a password reset) says it is unavailable, and sign-ups' e-mails count as
 * verified (nothing could verify them); the server starts either way.
 */
import nodemailer from 'nodemailer';

export interface MailOptions {
  /** SMTP_URL, e.g. smtp://user:pass@smtp.example.org:587 or smtps://…:465. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender the fans see. */
  from?: string;
}

export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

export const DEFAULT_MAIL_FROM = 'Crease <no-reply@crease.local>';

export function smtpMailer(options: MailOptions): Mailer | undefined {
  if (!options.smtpUrl) return undefined;
  const transport = nodemailer.createTransport(options.smtpUrl);
  const from = options.from || DEFAULT_MAIL_FROM;
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
    close: () => transport.close(),
  };
}
