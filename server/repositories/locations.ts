/**
 * States, districts and cities: the registration form's cascading dropdowns, and the check that a
 * registration's district lies in its state and its city in its district.
 */
import { sql } from 'kysely';
import { VALIDATION } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { isId } from './ids';
import { missingReferences } from './references';

type LocationTable = 'states' | 'districts' | 'cities';
type NestedTable = Exclude<LocationTable, 'states'>;

/** The column naming the record a district (its state) or a city (its district) lies in. */
const PARENT_COLUMN = { districts: 'state_id', cities: 'district_id' } as const satisfies Record<NestedTable, string>;

export interface Location {
  state: string | null;
  district: string | null;
  city: string | null;
}

/** The whole list sorted by name, or only the children of `parentId` (none when it is no id). */
export async function listLocations(db: Db, table: LocationTable, parentId?: string): Promise<{ _id: string; name: string }[]> {
  let query = db.selectFrom(table).select(['id as _id', 'name']).orderBy('name').orderBy('id');
  if (table !== 'states' && parentId) {
    if (!isId(parentId)) return [];
    query = query.where(sql.ref(PARENT_COLUMN[table]), '=', parentId);
  }
  return query.execute();
}

async function parentOf(db: Db, table: NestedTable, id: string): Promise<string | undefined> {
  if (!isId(id)) return undefined;
  const row = await db
    .selectFrom(table)
    .select(sql<string>`${sql.ref(PARENT_COLUMN[table])}`.as('parent'))
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.parent;
}

/** Field errors for a chosen location: unknown ids, a district outside the state, a city outside the district. */
export async function locationErrors(db: Db, { state, district, city }: Location): Promise<Record<string, string>> {
  const errors = await missingReferences(db, { state: ['states', state] });
  const nested = [
    ['district', 'districts', district, state, VALIDATION.districtNotInState],
    ['city', 'cities', city, district, VALIDATION.cityNotInDistrict],
  ] as const;
  for (const [field, table, id, parent, outside] of nested) {
    if (!id) continue;
    const actual = await parentOf(db, table, id);
    if (actual === undefined) errors[field] = VALIDATION.referenceNotFound;
    else if (actual !== parent) errors[field] = outside;
  }
  return errors;
}
