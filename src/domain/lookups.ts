/**
 * The small reference lists behind the forms' dropdowns, by resource name (their API path): the
 * table that holds each, its fields as the API answers them (`_id` first) with their columns, the
 * field the list is read in order of, and for a district or city the field naming the list it lies
 * in. The server's routes, a declared reference to a lookup, and the fake provider read them here.
 */
export interface LookupDeclaration {
  table: string;
  /** API field → column. */
  fields: Readonly<Record<string, string>>;
  orderBy: string;
  parent?: string;
  /** Where the `orderBy` field alone does not name an entry (the activity log's name): the fields whose values, joined by a space, do. */
  titleParts?: readonly string[];
}

export const LOOKUPS = {
  sport: { table: 'sports', fields: { _id: 'id', name: 'name' }, orderBy: 'name' },
  stadium: { table: 'stadiums', fields: { _id: 'id', name: 'name' }, orderBy: 'name' },
  'bowling-style': { table: 'bowling_styles', fields: { _id: 'id', style: 'style' }, orderBy: 'style' },
  'batting-headedness': {
    table: 'batting_headedness',
    fields: { _id: 'id', battingsType: 'battings_type', description: 'description' },
    orderBy: 'battingsType',
  },
  // Batting orders read in batting order (1, 2, 3…), not alphabetically.
  'batting-order': { table: 'batting_orders', fields: { _id: 'id', order: 'order', position: 'position' }, orderBy: 'order', titleParts: ['order', 'position'] },
  state: { table: 'states', fields: { _id: 'id', name: 'name' }, orderBy: 'name' },
  district: { table: 'districts', fields: { _id: 'id', name: 'name' }, orderBy: 'name', parent: 'state' },
  city: { table: 'cities', fields: { _id: 'id', name: 'name' }, orderBy: 'name', parent: 'district' },
} as const satisfies Record<string, LookupDeclaration>;

export type LookupName = keyof typeof LOOKUPS;

export const LOOKUP_RESOURCES = Object.keys(LOOKUPS) as LookupName[];

export const lookupNamed = (name: string | undefined): LookupDeclaration | undefined =>
  name !== undefined && Object.hasOwn(LOOKUPS, name) ? (LOOKUPS as Record<string, LookupDeclaration>)[name] : undefined;
