/**
 * Verifying a fan's e-mail: a sign-up's single-use link (kept only as its token's SHA-256, one per
 * account), its use, and the removal of an account whose e-mail was never verified. A sign-up that
 * waits for its link also gets a job, due when the link lapses, that removes the account if it is
 * still not verified then (jobs/remove-unverified.ts, whose kind the caller passes).
 */
import { createHash, randomBytes } from 'node:crypto';
import { VERIFY_LINK_DAYS } from '../../src/domain/fans';
import type { Db } from '../db/connection';
import { deleteFan } from './fans';
import { isId } from './ids';
import { enqueue, removeJob, type JobKind } from './jobs';

/** The account an unverified sign-up's removal is about (one job per account). */
export type UnverifiedPayload = { userId: string };
type UnverifiedJob = JobKind<UnverifiedPayload>;
const DAY_MS = 24 * 60 * 60 * 1000;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/**
 * In the sign-up's transaction: the account's link, and the job that removes the account unless its
 * e-mail is verified when the link lapses. Answers the link's token.
 */
export async function startVerification(trx: Db, userId: string, now: Date, job: UnverifiedJob): Promise<string> {
  const token = newToken();
  const lapsesAt = new Date(now.getTime() + VERIFY_LINK_DAYS * DAY_MS);
  await trx.insertInto('email_verifications').values({ token_hash: hashOf(token), user_id: userId, expires_at: lapsesAt }).execute();
  await enqueue(trx, job, { userId }, lapsesAt);
  return token;
}

/**
 * A new token for the account's link, the older one no longer working. It lapses when the first did:
 * the account is removed then, whatever was sent since. Undefined when the account has no link
 * waiting (verified, gone, or lapsed: its removal is due).
 */
export async function renewVerification(db: Db, userId: string, now: Date): Promise<string | undefined> {
  const token = newToken();
  const renewed = await db
    .updateTable('email_verifications')
    .set({ token_hash: hashOf(token) })
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return renewed && token;
}

/**
 * Uses a link: its account's e-mail is verified, the link is gone (it works once) and so is the
 * account's removal. Answers the account's id, or undefined for a link unknown, used or lapsed.
 */
export async function useVerification(db: Db, token: string, now: Date, job: UnverifiedJob): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const link = await trx.deleteFrom('email_verifications').where('token_hash', '=', hashOf(token)).where('expires_at', '>', now).returning('user_id').executeTakeFirst();
    if (!link) return undefined;
    await trx.updateTable('app_users').set({ email_verified: true }).where('id', '=', link.user_id).execute();
    await removeJob(trx, job, { userId: link.user_id });
    return link.user_id;
  });
}

/** Whether the fan's e-mail is verified (one column; false for an account that is gone). */
export async function isEmailVerified(db: Db, userId: string): Promise<boolean> {
  if (!isId(userId)) return false;
  const user = await db.selectFrom('app_users').select('email_verified').where('id', '=', userId).executeTakeFirst();
  return user?.email_verified ?? false;
}

/**
 * Removes the account if its e-mail is still not verified, as a fan's deletion does (their sessions,
 * resets and verification link go; their phones stay, unlinked), recorded as Crease's act. Answers the
 * photos it let go of, for the caller to remove (none: an unverified fan cannot send a registration).
 */
export async function removeUnverified(db: Db, userId: string, job: UnverifiedJob): Promise<string[]> {
  if (!isId(userId)) return [];
  // The link goes first: a use of it at this very moment either committed before (the account is
  // verified and stays) or now finds no link, so a verified account is never removed.
  await db.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
  const user = await db.selectFrom('app_users').select('email_verified').where('id', '=', userId).where('source', '=', 'app').executeTakeFirst();
  const photos = user && !user.email_verified ? await deleteFan(db, userId, 'crease') : [];
  await removeJob(db, job, { userId });
  return photos;
}
