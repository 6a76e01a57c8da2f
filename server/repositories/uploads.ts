/** Which stored images some record still points at (the orphan sweep removes the others). */
import { sql } from 'kysely';
import { ENTITIES } from '../../src/domain/declared';
import { columnOf, imageFields, tableOf } from '../../src/domain/entity';
import type { Db } from '../db/connection';

/** Every column that holds an `/uploads/…` (or a fan's private `/media/…`) URL, by table: a registration's players' photos, then each declared image field's. */
const IMAGE_COLUMNS: readonly (readonly [string, string])[] = [
  ['registration_players', 'photo'],
  ...ENTITIES.flatMap((entity) => imageFields(entity).map((name) => [tableOf(entity), columnOf(name, entity.fields[name])] as const)),
];

/**
 * Every `/uploads/…` and `/media/…` URL some record holds: one pass over each image column (cheaper than asking
 * about each stored name, which at 100,000 images would scan every table hundreds of times).
 */
export async function referencedUploads(db: Db): Promise<Set<string>> {
  const held = sql.join(
    IMAGE_COLUMNS.map(([table, column]) => sql`select ${sql.ref(column)} as url from ${sql.table(table)} where ${sql.ref(column)} like '/uploads/%' or ${sql.ref(column)} like '/media/%'`),
    sql` union all `,
  );
  const { rows } = await sql<{ url: string }>`${held}`.execute(db);
  return new Set(rows.map((row) => row.url));
}
