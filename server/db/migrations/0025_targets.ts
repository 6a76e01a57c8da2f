import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * A slide or a notification may name what a tap on it opens in the app (src/domain/targets.ts): a
 * record by its kind and id, or an https address. All three optional: rows before have no target.
 * The kinds are checked here too, so no other client can store one the app does not know.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['slides', 'notifications']) {
    await db.schema
      .alterTable(table)
      .addColumn('target_type', 'text', (c) => c.check(sql`target_type in ('news', 'video', 'match', 'team', 'url')`))
      .addColumn('target_id', 'text')
      .addColumn('target_url', 'text')
      .execute();
  }
}
