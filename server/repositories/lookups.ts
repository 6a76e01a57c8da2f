/**
 * The lookup tables behind the forms' dropdowns. Each lookup names its table, how its columns
 * read as API fields, and its sort order; the same field map turns a joined row into the populated
 * reference players and teams answer with (see `populated`).
 */
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import type { BattingHeadedness, BattingOrder, BowlingStyle, Sport, Stadium } from '../schemas/lookups';

type LookupTable = 'sports' | 'stadiums' | 'bowling_styles' | 'batting_headedness' | 'batting_orders';

/** API field → column, `_id` included. */
export type FieldMap<T> = { readonly [K in keyof T]: string };

export interface Lookup<T> {
  table: LookupTable;
  fields: FieldMap<T>;
  orderBy: string;
}

export const SPORTS: Lookup<Sport> = { table: 'sports', fields: { _id: 'id', name: 'name' }, orderBy: 'name' };
export const STADIUMS: Lookup<Stadium> = { table: 'stadiums', fields: { _id: 'id', name: 'name' }, orderBy: 'name' };
export const BOWLING_STYLES: Lookup<BowlingStyle> = {
  table: 'bowling_styles',
  fields: { _id: 'id', style: 'style' },
  orderBy: 'style',
};
export const BATTING_HEADEDNESS: Lookup<BattingHeadedness> = {
  table: 'batting_headedness',
  fields: { _id: 'id', battingsType: 'battings_type', description: 'description' },
  orderBy: 'battings_type',
};
/** Batting orders read in batting order (1, 2, 3…), not alphabetically. */
export const BATTING_ORDERS: Lookup<BattingOrder> = {
  table: 'batting_orders',
  fields: { _id: 'id', order: 'order', position: 'position' },
  orderBy: 'order',
};

/** The whole list (lookups are small), as API records. */
export async function listLookup<T>(db: Db, lookup: Lookup<T>): Promise<T[]> {
  const columns = Object.entries<string>(lookup.fields).map(([field, column]) => sql.ref(column).as(field));
  const rows = await db.selectFrom(lookup.table).select(columns).orderBy(sql.ref(lookup.orderBy)).orderBy('id').execute();
  return rows as T[];
}

/**
 * A joined row (by its table or alias) as the populated reference the API answers, built by SQL
 * as JSON, or null when the left join found nothing.
 */
export function populated<T>(alias: string, fields: FieldMap<T>) {
  const pairs = Object.entries<string>(fields).flatMap(([field, column]) => [sql.lit(field), sql.ref(`${alias}.${column}`)]);
  return sql<T | null>`case when ${sql.ref(`${alias}.id`)} is null then null else json_build_object(${sql.join(pairs)}) end`;
}
