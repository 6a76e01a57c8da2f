/**
 * Hearing that tables changed, from this process or any other sharing the database: `admins`
 * (signed-in admins are kept for a while), and what the fans' app reads (its answers are kept).
 *
 * - Another server's (or command's, or hand-written SQL's) change arrives as a notification on
 *   `admins_changed`, which a trigger raises when the change commits (migration 0010). PostgreSQL
 *   delivers it to a connection that LISTENs; PGlite to its own `listen`.
 * - This process's own change is heard at once, without waiting for the notification: the
 *   connection layer reports every statement that writes `admins`, and the commit that follows.
 *
 * `live` says whether notifications can arrive right now. While the listening connection is down,
 * a cache must not trust itself (it could miss another server's change), so it asks every time.
 */
import pg from 'pg';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export const ADMINS_CHANNEL = 'admins_changed';
/** Raised per statement writing a table the app reads, with the table's name (migration 0013). */
export const CONTENT_CHANNEL = 'content_changed';

/** How to listen: a callback per notification (its payload), one for a lost channel; answers a way to stop. */
export type Listen = (onNotify: (payload: string) => void, onLost: () => void) => Promise<() => Promise<void>>;

/** One channel's feed. A listener hears each change's payload; none (undefined) when anything may have changed. */
export class ChangeFeed {
  private readonly listeners = new Set<(payload?: string) => void>();
  private stopListening?: Promise<() => Promise<void>>;
  private retry?: NodeJS.Timeout;
  private closed = false;
  /** Notifications from other servers can arrive: the channel is open. */
  live = false;

  constructor(private readonly listen: Listen) {}

  /** Calls `listener` after every change (and when the channel is lost or regained); answers a way to stop. */
  subscribe(listener: (payload?: string) => void): () => void {
    this.listeners.add(listener);
    this.open();
    return () => this.listeners.delete(listener);
  }

  /** A change: tells every listener. */
  readonly changed = (payload?: string) => {
    for (const listener of this.listeners) listener(payload);
  };

  private open() {
    if (this.stopListening || this.closed) return;
    const lost = () => {
      this.live = false;
      this.changed();
      const stopping = this.stopListening;
      this.stopListening = undefined;
      void stopping?.then((stop) => stop()).catch(() => undefined);
      // Reconnect shortly; until then nothing is cached.
      if (!this.closed) this.retry = setTimeout(() => this.open(), 1000).unref();
    };
    this.stopListening = this.listen(this.changed, lost).then(
      (stop) => {
        this.live = true;
        // Anything cached before the channel opened may have missed a change.
        this.changed();
        return stop;
      },
      (error: unknown) => {
        lost();
        throw error;
      },
    );
    this.stopListening.catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    clearTimeout(this.retry);
    const stop = await this.stopListening?.catch(() => undefined);
    await stop?.();
  }
}

/** PostgreSQL: a connection of its own, outside the pool, that LISTENs. */
export const listenOnPostgres =
  (url: string, channel: string): Listen =>
  async (onNotify, onLost) => {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    let stopped = false;
    const lose = () => {
      if (!stopped) onLost();
      stopped = true;
    };
    client.on('notification', (message) => onNotify(message.payload ?? ''));
    client.on('error', lose);
    client.on('end', lose);
    await client.connect();
    await client.query(`listen ${channel}`);
    return async () => {
      stopped = true;
      await client.end().catch(() => undefined);
    };
  };

export interface ChangeFeeds {
  admins: ChangeFeed;
  content: ChangeFeed;
}

const feedsOf = new WeakMap<Kysely<Database>, ChangeFeeds>();

export const registerChangeFeeds = (db: Kysely<Database>, feeds: ChangeFeeds) => feedsOf.set(db, feeds);

/** The change feeds of a database opened by `openDatabase`/`wrapPglite`; undefined for any other. */
export const adminChangesOf = (db: Kysely<Database>) => feedsOf.get(db)?.admins;
export const contentChangesOf = (db: Kysely<Database>) => feedsOf.get(db)?.content;

const WRITES = /^\s*(?:insert|update|delete|with|truncate)\b/i;
/** `admins`, and what a signed-in admin's lookup reads beside it: their sessions (0024), their TOTP, their passkeys and the league's settings (0022, 0023). */
const NAMES_ADMINS = /\b(?:update|into|from|truncate|table)\s+"?(?:admins|admin_sessions|admin_totp|admin_passkeys|settings)"?(?!\w)/i;

/** A statement that may write `admins`, `admin_sessions`, `admin_totp`, `admin_passkeys` or `settings` (Kysely quotes the name; hand-written SQL may not). */
export const writesAdmins = (text: string) => WRITES.test(text) && NAMES_ADMINS.test(text);
