/**
 * Admins' sessions, kept on the server (migration 0024). An admin's token names its session row;
 * `signInAdmin` is the one way a token is issued, so every way of signing in (password, a second
 * factor, a passkey) starts a session the admin can see and end.
 *
 * The per-request lookup (`findAdminSession`: is the session open, does the admin still exist, may
 * it still sign in, since when does its password hold) is kept in memory between calls. The kept
 * answers are dropped whenever `admins` or `admin_sessions` changes (server/db/change-feeds.ts): at
 * once for a change this server made, and within milliseconds for another server's, when the
 * database's notification arrives. While the notification channel is down nothing is kept. A lookup
 * that was under way when a change was heard is not kept either: it may have read the row from
 * before the change. And an answer is kept for a second at most, counted from before it was read:
 * should a notification ever be lost without the channel reporting it, a session ended on another
 * server still ends here within that second.
 */
import type { FastifyRequest } from 'fastify';
import { REMEMBER_ME_DAYS, SESSION_HOURS } from '../../src/domain/limits';
import { adminChangesOf, type ChangeFeed } from '../db/change-feeds';
import type { Db } from '../db/connection';
import { findAdminForToken } from '../repositories/admins';
import type { Role } from '../../src/domain/access';
import { mustSetUpSecondFactor } from '../repositories/second-factors';
import { findAdminSession, startAdminSession, TOUCH_EVERY_MS, touchAdminSession } from '../repositories/admin-sessions';

type AdminSession = NonNullable<Awaited<ReturnType<typeof findAdminSession>>>;

const KEPT_MS = 1000;
const HOUR_MS = 3600_000;

const sessionMs = (remember: boolean) => (remember ? REMEMBER_ME_DAYS * 24 * HOUR_MS : SESSION_HOURS * HOUR_MS);

/** What a sign-in answers: the token and the admin as the admin app shows them. */
export interface SignedIn {
  token: string;
  user: { _id: string; name: string; email: string; firstName: string; lastName: string; role: Role; mustChangePassword?: true; mustSetUpSecondFactor?: true };
}

/** The admin as the admin app keeps them; one the league's policy holds is sent to set up a second factor first. */
const userOf = async (db: Db, admin: NonNullable<Awaited<ReturnType<typeof findAdminForToken>>>): Promise<SignedIn['user']> => ({
  _id: admin.id,
  name: `${admin.first_name} ${admin.last_name}`.trim(),
  email: admin.email,
  firstName: admin.first_name,
  lastName: admin.last_name,
  role: admin.role,
  ...(admin.must_change_password && { mustChangePassword: true as const }),
  ...((await mustSetUpSecondFactor(db, admin.id)) && { mustSetUpSecondFactor: true as const }),
});

/**
 * THE way an admin is given a token: starts a server-side session (the request's User-Agent and
 * address, an expiry of 12 hours or, with `remember`, 30 days) and answers `{ token, user }`. Every
 * sign-in path (password, TOTP step, recovery code, passkey) ends here, after its own checks and
 * its own activity entry.
 */
export async function signInAdmin(db: Db, request: FastifyRequest, adminId: string, options: { remember?: boolean } = {}): Promise<SignedIn> {
  const admin = await findAdminForToken(db, adminId);
  if (!admin) throw new Error(`No admin ${adminId} to sign in`);
  const now = request.server.clock.now();
  const expiresAt = new Date(now.getTime() + sessionMs(options.remember === true));
  const sessionId = await startAdminSession(db, { adminId, device: request.headers['user-agent'] ?? '', address: request.ip, now, expiresAt });
  const token = await request.server.tokens.sign(adminId, sessionId, expiresAt, admin.password_changed_at);
  return { token, user: await userOf(db, admin) };
}

/**
 * A new token for the caller's own session, after a change that ended the admin's other sessions
 * (their password): dated from the change, so the tokens issued before it, this one's too, are refused.
 */
export async function renewAdminToken(db: Db, request: FastifyRequest): Promise<SignedIn> {
  const { id, sessionId } = request.admin;
  const [admin, session] = await Promise.all([findAdminForToken(db, id), findAdminSession(db, sessionId)]);
  if (!admin || !session) throw new Error(`No session ${sessionId} to renew`);
  const token = await request.server.tokens.sign(id, sessionId, session.expires_at, admin.password_changed_at);
  return { token, user: await userOf(db, admin) };
}

export class AdminSessions {
  private readonly kept = new Map<string, { session: AdminSession; until: number }>();
  /** Moves on every change heard, so a lookup can tell whether one came while it waited. */
  private generation = 0;
  private readonly changes?: ChangeFeed;
  private readonly unsubscribe?: () => void;

  constructor(private readonly db: Db) {
    this.changes = adminChangesOf(db);
    this.unsubscribe = this.changes?.subscribe(() => this.forget());
  }

  /** The session row with its admin's, or undefined when there is no such session. */
  async find(sessionId: string): Promise<AdminSession | undefined> {
    const now = Date.now();
    const kept = this.kept.get(sessionId);
    if (kept && kept.until > now && this.changes?.live) return kept.session;
    const generation = this.generation;
    const session = await findAdminSession(this.db, sessionId);
    // Only existing sessions are kept, and ids come from verified tokens: at most as many entries as open sessions.
    if (session && this.changes?.live && generation === this.generation) this.kept.set(sessionId, { session, until: now + KEPT_MS });
    return session;
  }

  /** Notes the session's use at most once a minute: a write per call would cost every call a round trip. */
  async touch(session: AdminSession, now: Date): Promise<void> {
    if (now.getTime() - session.last_used_at.getTime() < TOUCH_EVERY_MS) return;
    // Kept answers after this see the new time, so the next calls within the minute write nothing.
    session.last_used_at = now;
    await touchAdminSession(this.db, session.session_id, now);
  }

  forget() {
    this.generation++;
    this.kept.clear();
  }

  close() {
    this.unsubscribe?.();
    this.forget();
  }
}
