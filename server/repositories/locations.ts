/**
 * States, districts and cities: the registration form's cascading dropdowns. (That a registration's
 * district lies in its state and its city in its district is its declaration's `within`.)
 */
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { isId } from './ids';

type LocationTable = 'states' | 'districts' | 'cities';
type NestedTable = Exclude<LocationTable, 'states'>;

/** The column naming the record a district (its state) or a city (its district) lies in. */
const PARENT_COLUMN = { districts: 'state_id', cities: 'district_id' } as const satisfies Record<NestedTable, string>;

/** The whole list sorted by name, or only the children of `parentId` (none when it is no id). */
export async function listLocations(db: Db, table: LocationTable, parentId?: string): Promise<{ _id: string; name: string }[]> {
  let query = db.selectFrom(table).select(['id as _id', 'name']).orderBy('name').orderBy('id');
  if (table !== 'states' && parentId) {
    if (!isId(parentId)) return [];
    query = query.where(sql.ref(PARENT_COLUMN[table]), '=', parentId);
  }
  return query.execute();
}
