/**
 * The per-request admin lookup (`findAdminSession`: does the admin still exist, may it still sign
 * in, since when does its password hold), kept in memory between calls.
 *
 * The kept answers are dropped whenever the `admins` table changes (server/db/change-feeds.ts):
 * at once for a change this server made, and within milliseconds for another server's, when the
 * database's notification arrives. While the notification channel is down nothing is kept. A
 * lookup that was under way when a change was heard is not kept either: it may have read the row
 * from before the change. And an answer is kept for a second at most, counted from before it was
 * read: should a notification ever be lost without the channel reporting it, a session ended on
 * another server still ends here within that second.
 */
import { adminChangesOf, type ChangeFeed } from '../db/change-feeds';
import type { Db } from '../db/connection';
import { findAdminSession } from '../repositories/admins';

type AdminSession = NonNullable<Awaited<ReturnType<typeof findAdminSession>>>;

const KEPT_MS = 1000;

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

  /** The admin's session row, or undefined when no such admin exists. */
  async find(id: string): Promise<AdminSession | undefined> {
    const now = Date.now();
    const kept = this.kept.get(id);
    if (kept && kept.until > now && this.changes?.live) return kept.session;
    const generation = this.generation;
    const session = await findAdminSession(this.db, id);
    // Only rows of existing admins are kept, and ids come from verified tokens: as many entries as admins.
    if (session && this.changes?.live && generation === this.generation) this.kept.set(id, { session, until: now + KEPT_MS });
    return session;
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
