import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * Admins' passkeys (WebAuthn, routes/admin/passkeys.ts).
 * - `admin_passkeys`: one registered credential: its id (base64url, as the browser names it), its COSE
 *   public key (base64url), the signature counter the authenticator last reported, the transports it
 *   declared, the admin's own name for it, and when it was added and last used. It goes with its admin.
 * - `admin_passkey_challenges`: a ceremony's challenge, kept until it is answered (the row is deleted
 *   then, so it works once) or it expires (a few minutes); expired rows are swept whenever a new one is
 *   written, so the table stays small. `purpose` keeps a registration's challenge from finishing a
 *   sign-in; `admin_id` binds a registration's or second step's challenge to its admin.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table admin_passkeys (
      id text primary key,
      admin_id uuid not null references admins (id) on delete cascade,
      public_key text not null,
      counter bigint not null default 0,
      transports jsonb not null default '[]'::jsonb,
      name text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )
  `.execute(db);
  await sql`create index admin_passkeys_admin_idx on admin_passkeys (admin_id)`.execute(db);
  await sql`
    create table admin_passkey_challenges (
      challenge text primary key,
      purpose text not null,
      admin_id uuid references admins (id) on delete cascade,
      expires_at timestamptz not null
    )
  `.execute(db);
  await sql`create index admin_passkey_challenges_expiry_idx on admin_passkey_challenges (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table admin_passkey_challenges`.execute(db);
  await sql`drop table admin_passkeys`.execute(db);
}
