/**
 * Fans' refresh tokens (migration 0024), kept as their SHA-256. A fan session is one family: sign-in
 * gives its first token, each refresh spends the one sent and gives the next, and moves the session's
 * end to the new token's. A spent token sent again means two holders (one of them a thief: OAuth 2.0
 * Security BCP, refresh token rotation) and ends the whole family, its session row and so every token
 * of it (cascade). Signing out, a reset or a deletion removes the session row: its tokens go with it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { FAN_SESSION_DAYS } from '../../src/domain/fans';
import type { Db } from '../db/connection';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Spent tokens kept per family, newest first, to know one sent again. An app refreshes about once an
 * hour of use, so this covers far more than a thief's head start; an older spent token is refused as
 * unknown (the thief gains nothing) without ending the family. Without a bound a fan's family would keep
 * a row for every hour of use for 90 days.
 */
export const SPENT_KEPT = 20;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** When a refresh token given at `now` stops working, and the session with it unless refreshed. */
export const refreshExpiry = (now: Date) => new Date(now.getTime() + FAN_SESSION_DAYS * DAY_MS);

/** A new refresh token of the session `sessionId`, in `trx`; answers the token (kept only as its hash). */
export async function issueRefreshToken(trx: Db, sessionId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await trx.insertInto('fan_refresh_tokens').values({ token_hash: hashOf(token), session_id: sessionId, created_at: now, expires_at: refreshExpiry(now) }).execute();
  return token;
}

export type Refreshed =
  | { outcome: 'renewed'; userId: string; sessionId: string; refreshToken: string }
  /** Unknown, expired, or its session already ended. */
  | { outcome: 'invalid' }
  /** A spent token: its family has just been ended. */
  | { outcome: 'reused' }
  | { outcome: 'deactivated' };

/**
 * Spends a refresh token and gives the next, in one transaction that locks the token's row: of two
 * calls sending the same token at once, the second sees it spent and ends the family.
 */
export async function refresh(db: Db, token: string, now: Date): Promise<Refreshed> {
  return db.transaction().execute(async (trx): Promise<Refreshed> => {
    const row = await trx
      .selectFrom('fan_refresh_tokens')
      .innerJoin('fan_sessions', 'fan_sessions.id', 'fan_refresh_tokens.session_id')
      .innerJoin('app_users', 'app_users.id', 'fan_sessions.user_id')
      .select(['fan_refresh_tokens.session_id', 'fan_refresh_tokens.used_at', 'fan_refresh_tokens.expires_at', 'fan_sessions.user_id', 'app_users.is_active'])
      .where('fan_refresh_tokens.token_hash', '=', hashOf(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { outcome: 'invalid' };
    if (row.used_at !== null) {
      await trx.deleteFrom('fan_sessions').where('id', '=', row.session_id).execute();
      return { outcome: 'reused' };
    }
    if (row.expires_at <= now) return { outcome: 'invalid' };
    if (!row.is_active) return { outcome: 'deactivated' };
    await trx.updateTable('fan_refresh_tokens').set({ used_at: now }).where('token_hash', '=', hashOf(token)).execute();
    await trx.updateTable('fan_sessions').set({ expires_at: refreshExpiry(now) }).where('id', '=', row.session_id).execute();
    const next = await issueRefreshToken(trx, row.session_id, now);
    await trx
      .deleteFrom('fan_refresh_tokens')
      .where('session_id', '=', row.session_id)
      .where('used_at', 'is not', null)
      .where('token_hash', 'not in', (eb) =>
        eb.selectFrom('fan_refresh_tokens').select('token_hash').where('session_id', '=', row.session_id).where('used_at', 'is not', null).orderBy('seq', 'desc').limit(SPENT_KEPT),
      )
      .execute();
    return { outcome: 'renewed', userId: row.user_id, sessionId: row.session_id, refreshToken: next };
  });
}
