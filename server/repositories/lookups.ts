/**
 * The lookup tables behind the forms' dropdowns, as src/domain/lookups.ts declares them: the whole
 * list in its own order, and a joined row as the populated reference a record answers with.
 */
import { sql, type RawBuilder } from 'kysely';
import type { LookupDeclaration } from '../../src/domain/lookups';
import type { Db } from '../db/connection';

type LookupTable = 'sports' | 'stadiums' | 'bowling_styles' | 'batting_headedness' | 'batting_orders';

/** The whole list (lookups are small), as API records, in the lookup's order with the id breaking ties. */
export async function listLookup<T>(db: Db, lookup: LookupDeclaration): Promise<T[]> {
  const columns = Object.entries(lookup.fields).map(([field, column]) => sql.ref(column).as(field));
  const rows = await db
    .selectFrom(lookup.table as LookupTable)
    .select(columns)
    .orderBy(sql.ref(lookup.fields[lookup.orderBy]))
    .orderBy('id')
    .execute();
  return rows as T[];
}

/**
 * A joined row (by its table or alias) as the populated reference the API answers, built by SQL
 * as JSON, or null when the left join found nothing; `more` adds values built otherwise (a
 * reference of the joined row, populated in turn).
 */
export function populated<T>(alias: string, fields: LookupDeclaration['fields'], more: Record<string, RawBuilder<unknown>> = {}) {
  const pairs = [
    ...Object.entries(fields).flatMap(([field, column]) => [sql.lit(field), sql.ref(`${alias}.${column}`)]),
    ...Object.entries(more).flatMap(([field, value]) => [sql.lit(field), value]),
  ];
  return sql<T | null>`case when ${sql.ref(`${alias}.id`)} is null then null else json_build_object(${sql.join(pairs)}) end`;
}
