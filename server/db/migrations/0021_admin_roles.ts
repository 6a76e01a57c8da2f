import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * Admin roles (src/domain/access.ts): every admin holds one of owner, editor, moderator, viewer.
 * The `role` column held 'admin' for everyone, who could do everything: they become owners, so
 * nothing changes for a league that upgrades. An admin added without a role is an editor. The
 * list is written out here, not imported: a migration stays as it ran.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update admins set role = 'owner'`.execute(db);
  await sql`
    alter table admins
      alter column role set default 'editor',
      add constraint admins_role_check check (role in ('owner', 'editor', 'moderator', 'viewer'))
  `.execute(db);
}
