import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * A reset link is bound to the account as it was when the link was mailed: `bound_to` is a digest of
 * the fan's password hash and e-mail then, so a password change, an e-mail change or a newer link
 * (which replaces the row) leaves an older link worth nothing. Links mailed before this migration have
 * none and are refused; they lasted half an hour anyway.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table password_resets add column bound_to text`.execute(db);
}
