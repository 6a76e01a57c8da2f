/** Which stored images some record still points at (the orphan sweep removes the others). */
import { sql } from 'kysely';
import type { Db } from '../db/connection';

/** Every column that holds an `/uploads/…` URL, by table. A new image column belongs here too. */
const IMAGE_COLUMNS = [
  ['news', 'image'],
  ['teams', 'logo'],
  ['players', 'image'],
  ['videos', 'image'],
  ['matches', 'team_a_flag'],
  ['matches', 'team_b_flag'],
  ['matches', 'stadium_image'],
  ['notifications', 'image'],
  ['registration_players', 'photo'],
  ['slides', 'image'],
] as const;

/**
 * Every `/uploads/…` URL some record holds: one pass over each image column (cheaper than asking
 * about each stored name, which at 100,000 images would scan every table hundreds of times).
 */
export async function referencedUploads(db: Db): Promise<Set<string>> {
  const held = sql.join(
    IMAGE_COLUMNS.map(([table, column]) => sql`select ${sql.ref(column)} as url from ${sql.table(table)} where ${sql.ref(column)} like '/uploads/%'`),
    sql` union all `,
  );
  const { rows } = await sql<{ url: string }>`${held}`.execute(db);
  return new Set(rows.map((row) => row.url));
}
