/**
 * What SQL needs to know of a declared entity (src/domain/entities), worked out once per
 * declaration: its table, the list's search, filters and sort, the table with its joins, the
 * select of every field as the admin API names it, and a row as the API answers it.
 */
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { columnOf, lookupOf, plainTextColumnOf, rangeBound, shownValue, snakeCase, sortsNaturally, tableOf, withAliases, type EntityDeclaration, type FieldDeclaration, type Join } from '../../src/domain/entity';
import { entityNamed } from '../../src/domain/declared';
import type { LookupDeclaration } from '../../src/domain/lookups';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import { idContains, idFilter } from './ids';
import { likePattern, type ListSpec } from './list';
import { publishingFilters, publishingOfRow, publishingSelect } from './publishing';
import { populated } from './lookups';
import { ownPartsOf } from './own-parts';
import { dayText } from './values';

export type Row = Record<string, unknown>;
type Table = keyof Database;

/** A select over a table only the declaration names: its columns are known at run time, not to the compiler. */
export type AnySelect = SelectQueryBuilder<Database, keyof Database, Row>;

export interface Shape {
  table: string;
  spec: ListSpec;
  /** The table with the joins search and filters may read, before any column is chosen. */
  from: (db: Db) => AnySelect;
  select: (db: Db) => AnySelect;
  toRecord: (row: Row) => Row;
}

/** A field's column, qualified with its table ('teams.is_active'). */
type ColumnOf = (name: string) => string;

/** A list column's filter: the records holding the value asked for. */
const holding = (column: string) => (value: unknown) => sql<SqlBool>`${sql.ref(column)} @> array[${String(value)}]::text[]`;

/**
 * Search over a list of fixed choices: which choices contain the text, then the records holding
 * any of them, which the column's GIN index answers (an ILIKE over the unnested list reads every row).
 */
const listMatching = (column: string, choices: readonly string[]) => (text: string) => {
  const needle = text.toLowerCase();
  const matching = choices.filter((choice) => choice.toLowerCase().includes(needle));
  return matching.length > 0 ? sql<SqlBool>`${sql.ref(column)} && ${matching}::text[]` : sql<SqlBool>`false`;
};

/** A filter where a record without a value (none, or only spaces) holds `blank` (see `blankIs`). */
const blankIs = (column: string, blank: string) => (value: unknown) =>
  value === blank
    ? sql<SqlBool>`(${sql.ref(column)} = ${blank} or coalesce(btrim(${sql.ref(column)}), '') = '')`
    : sql<SqlBool>`${sql.ref(column)} = ${String(value)}`;

/** Search over the record's name joined from its parts (see `titleParts`): 'Asha Patil' finds Asha Patil. */
const joinedMatching = (columns: readonly string[]) => (text: string) =>
  sql<SqlBool>`concat_ws(' ', ${sql.join(columns.map((column) => sql.ref(column)))}) ilike ${likePattern(text)}`;

/** A reference answered populated: the table to join, its API fields' columns, and its own references populated in turn. */
interface Populated {
  table: string;
  fields: Record<string, string>;
  /** References of the joined record to lookups, each joined after it: its field, column, lookup, and `nameAs`. */
  nested: { name: string; column: string; lookup: LookupDeclaration; nameAs?: string }[];
}

/** How a reference is answered populated: a lookup's row, or the `populate` fields of a declared entity's record. */
function populatedShape(field: FieldDeclaration): Populated | undefined {
  const lookup = lookupOf(field);
  if (lookup) return { table: lookup.table, fields: lookup.fields, nested: [] };
  const target = field.kind === 'ref' && field.populate ? entityNamed(field.to ?? '') : undefined;
  if (!target) return undefined;
  const shown: Populated = { table: tableOf(target), fields: { _id: 'id' }, nested: [] };
  for (const name of field.populate!) {
    const inner = target.fields[name];
    const innerLookup = lookupOf(inner);
    if (innerLookup) shown.nested.push({ name, column: columnOf(name, inner), lookup: innerLookup, nameAs: inner.nameAs });
    else shown.fields[name] = columnOf(name, inner);
  }
  return shown;
}

/** A populated reference as SQL builds it, the joined record's own references inside it (their joins aliased `<alias>_<field>`). */
function populatedValue(alias: string, shown: Populated) {
  const more: Record<string, RawBuilder<unknown>> = {};
  for (const inner of shown.nested) {
    const at = `${alias}_${inner.name}`;
    more[inner.name] = populated(at, inner.lookup.fields);
    if (inner.nameAs) more[inner.nameAs] = sql`json_build_object('name', ${sql.ref(`${at}.${inner.lookup.fields[inner.lookup.orderBy]}`)})`;
  }
  return populated(alias, shown.fields, more);
}

/** The records at now or later (`later`), or before now, by the field the list splits on. */
export function splitWhere(entity: EntityDeclaration, side: 'later' | 'earlier') {
  const { field } = entity.list.split!;
  const at = sql.ref(`${tableOf(entity)}.${columnOf(field, entity.fields[field])}`);
  const now = new Date();
  return side === 'later' ? sql<SqlBool>`${at} >= ${now}` : sql<SqlBool>`${at} < ${now}`;
}

/** The table and reference column of a join's resource. */
export function joinedTable(join: Join): { table: string; column: string } {
  const target = entityNamed(join.of)!;
  return { table: tableOf(target), column: columnOf(join.on, target.fields[join.on]) };
}

/** The references answered populated, each with how (its joined table is aliased `ref_<field>`). */
const populatedRefsOf = (entity: EntityDeclaration) =>
  Object.entries(entity.fields).flatMap(([name, field]) => {
    const shown = populatedShape(field);
    return shown ? [[name, shown] as const] : [];
  });
type PopulatedRefs = ReturnType<typeof populatedRefsOf>;

/** The column of each sort field, `createdAt` always among them. */
function sortColumns(entity: EntityDeclaration, table: string, column: ColumnOf): ListSpec['sort'] {
  const sort: Record<string, string> = { createdAt: `${table}.created_at` };
  for (const name of entity.list.sort ?? []) if (name !== 'createdAt') sort[name] = column(name);
  return sort as ListSpec['sort'];
}

/** Each filter's column or condition: the declared filters, the range's bounds, the split's tab and the publishing state's. */
function listFilters(entity: EntityDeclaration, column: ColumnOf): NonNullable<ListSpec['filters']> {
  const filters: Record<string, string | ((value: unknown) => Expression<SqlBool>)> = {};
  for (const name of entity.list.filters ?? []) {
    const field = entity.fields[name];
    filters[name] = field.kind === 'ref' ? idFilter(column(name)) : field.many ? holding(column(name)) : field.blankIs ? blankIs(column(name), field.blankIs) : column(name);
  }
  const { range, split } = entity.list;
  if (range) {
    filters.from = (value) => sql<SqlBool>`${sql.ref(column(range))} >= ${new Date(rangeBound(String(value), 'from'))}`;
    filters.to = (value) => sql<SqlBool>`${sql.ref(column(range))} <= ${new Date(rangeBound(String(value), 'to'))}`;
  }
  if (split) filters[split.param] = (value) => splitWhere(entity, value === split.later.value ? 'later' : 'earlier');
  if (entity.publishing) Object.assign(filters, publishingFilters(entity));
  return filters;
}

/** What search matches: each searched field (a list by its choices, a lookup by its name, rich text by its plain text), a piece of the id, the name joined from its parts. */
function searchOf(entity: EntityDeclaration, table: string, column: ColumnOf): ListSpec['search'] {
  const searched = (name: string) => {
    const field = entity.fields[name];
    if (field.many) return listMatching(column(name), field.choices ?? []);
    const lookup = lookupOf(field);
    if (lookup) return `ref_${name}.${lookup.fields[lookup.orderBy]}`;
    return field.plainText ? `${table}.${plainTextColumnOf(name, field)}` : column(name);
  };
  return [
    ...entity.list.search.map(searched),
    ...(entity.list.searchId ? [idContains(`${table}.id`)] : []),
    ...(entity.titleParts ? [joinedMatching(entity.titleParts.map(column))] : []),
  ];
}

function listSpecFor(entity: EntityDeclaration, table: string, column: ColumnOf, populatedRefs: PopulatedRefs): ListSpec {
  return {
    search: searchOf(entity, table, column),
    sort: sortColumns(entity, table, column),
    naturalSort: (entity.list.sort ?? []).filter((name) => name !== 'createdAt' && sortsNaturally(entity.fields[name])),
    filters: listFilters(entity, column),
    id: `${table}.id`,
    ...(entity.list.counted && { counted: { list: table, filters: entity.list.counted } }),
    // The creator's and the references' joins are left out while a page's ids are found, unless search reads a joined lookup.
    ...((entity.creator || populatedRefs.length > 0) && !entity.list.search.some((name) => lookupOf(entity.fields[name])) && { table: table as Table }),
  };
}

/** The table with the creator's join and each populated reference's (and its own lookups'). */
function joinedFrom(entity: EntityDeclaration, table: string, column: ColumnOf, populatedRefs: PopulatedRefs) {
  const creator = entity.creator && `${table}.${snakeCase(entity.creator)}`;
  return (db: Db) => {
    let query = db.selectFrom(table as never) as unknown as AnySelect;
    if (creator) query = query.leftJoin('admins', 'admins.id', creator as never) as unknown as AnySelect;
    for (const [name, shown] of populatedRefs) {
      query = query.leftJoin(`${shown.table} as ref_${name}` as never, `ref_${name}.id` as never, column(name) as never) as unknown as AnySelect;
      for (const inner of shown.nested) {
        const at = `ref_${name}_${inner.name}`;
        query = query.leftJoin(`${inner.lookup.table} as ${at}` as never, `${at}.id` as never, `ref_${name}.${inner.column}` as never) as unknown as AnySelect;
      }
    }
    return query;
  };
}

/** Each join's count, by a subquery its reference's index answers. */
const joinCounts = (entity: EntityDeclaration, table: string) =>
  Object.values(entity.joins ?? {}).flatMap((join) => {
    if (!join.count) return [];
    const { table: joined, column: on } = joinedTable(join);
    return [sql<number>`(select count(*)::int from ${sql.table(joined)} where ${sql.ref(`${joined}.${on}`)} = ${sql.ref(`${table}.id`)})`.as(join.count)];
  });

/** Every column the record is answered from: the fields (a reference populated), its own parts, publishing, join counts and the creator. */
function selectFor(entity: EntityDeclaration, table: string, column: ColumnOf, from: (db: Db) => AnySelect) {
  const counts = joinCounts(entity, table);
  return (db: Db) =>
    from(db).select([
      sql.ref(`${table}.id`).as('id'),
      sql.ref(`${table}.created_at`).as('created_at'),
      ...(entity.versioned ? [sql.ref(`${table}.updated_at`).as('updated_at')] : []),
      // A calendar date is answered as it was written ('2026-05-01'), whatever the server's time zone.
      ...Object.entries(entity.fields).map(([name, field]) => {
        const shown = populatedShape(field);
        if (shown) return populatedValue(`ref_${name}`, shown).as(name);
        return field.kind === 'date' ? dayText(column(name)).as(name) : sql.ref(column(name)).as(name);
      }),
      ...(ownPartsOf(entity)?.select(table) ?? []),
      ...(entity.publishing ? publishingSelect(entity) : []),
      ...counts,
      ...(entity.creator
        ? [
            sql.ref('admins.id').as('creator_id'),
            sql.ref('admins.first_name').as('creator_first_name'),
            sql.ref('admins.last_name').as('creator_last_name'),
            sql.ref('admins.role').as('creator_role'),
          ]
        : []),
    ]) as unknown as AnySelect;
}

/** A row as the admin API answers it. */
const recordFor =
  (entity: EntityDeclaration) =>
  (row: Row): Row => {
    const record: Row = { _id: row.id };
    for (const [name, field] of Object.entries(entity.fields)) record[name] = row[name] instanceof Date ? (row[name] as Date).toISOString() : (shownValue(field, row[name]) ?? (field.many ? [] : null));
    record.createdAt = (row.created_at as Date).toISOString();
    if (entity.versioned) record.updatedAt = (row.updated_at as Date).toISOString();
    if (entity.publishing) Object.assign(record, publishingOfRow({ status: row.status, publish_at: row.publishAt, unpublish_at: row.unpublishAt }));
    for (const join of Object.values(entity.joins ?? {})) if (join.count) record[join.count] = row[join.count] ?? 0;
    if (entity.creator) {
      record[entity.creator] = row.creator_id
        ? { _id: row.creator_id, firstName: row.creator_first_name ?? '', lastName: row.creator_last_name ?? '', role: row.creator_role ?? '' }
        : null;
    }
    Object.assign(record, ownPartsOf(entity)?.read(row));
    return withAliases(entity, record);
  };

const shapes = new WeakMap<EntityDeclaration, Shape>();

export function shapeOf(entity: EntityDeclaration): Shape {
  let shape = shapes.get(entity);
  if (shape) return shape;
  const table = tableOf(entity);
  const column: ColumnOf = (name) => `${table}.${columnOf(name, entity.fields[name])}`;
  const populatedRefs = populatedRefsOf(entity);
  const from = joinedFrom(entity, table, column, populatedRefs);
  shape = { table, spec: listSpecFor(entity, table, column, populatedRefs), from, select: selectFor(entity, table, column, from), toRecord: recordFor(entity) };
  shapes.set(entity, shape);
  return shape;
}
