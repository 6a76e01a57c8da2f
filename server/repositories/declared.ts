/**
 * One repository for every declared entity (src/domain/entities): its list, one record, and its
 * writes through the shared writes (activity entry, 409 on a stale version, images let go).
 * Column names, search, filters, sort and clean-up all come from the declaration; an entity that
 * keeps its creator reads the admin's name with each record and records who adds one.
 */
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { cleanValues, columnOf, defaultSortOf, inFieldOrder, nestedRefsOf, rangeBound, splitTabOf, sortsNaturally, shownValue, imageFields, lookupOf, messagesOf, plainTextColumnOf, snakeCase, tableOf, withAliases, type EntityDeclaration, type FieldDeclaration, type Join } from '../../src/domain/entity';
import { isBlankHtml } from '../../src/domain/html';
import { VALIDATION } from '../../src/domain/messages';
import { entityNamed } from '../../src/domain/declared';
import type { LookupDeclaration } from '../../src/domain/lookups';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import { badRequest } from '../errors';
import { sanitizeRichText } from '../../src/domain/sanitize';
import { idContains, idFilter, isId } from './ids';
import { likePattern, listPage, naturalKey, whereListed, type ListParams, type ListSpec } from './list';
import type { ActivityEntry, AuditedTable } from './activity';
import { createdEntry, editedAction, planPublishing, publishingColumns, publishingFilters, publishingOfRow, publishingOrRefuse, publishingSelect, sentPublishing } from './publishing';
import { populated } from './lookups';
import { missingReferences, type Reference } from './references';
import { ownPartsOf } from './own-parts';
import { dayText } from './values';
import { deleteRecorded, imagesLetGo, insertRecorded, updateRecorded, type AfterInsert, type Versioned } from './writes';

type Row = Record<string, unknown>;
type Table = keyof Database;

interface Shape {
  table: string;
  spec: ListSpec;
  /** The table with the joins search and filters may read, before any column is chosen. */
  from: (db: Db) => AnySelect;
  select: (db: Db) => AnySelect;
  toRecord: (row: Row) => Row;
}

/** A select over a table only the declaration names: its columns are known at run time, not to the compiler. */
type AnySelect = SelectQueryBuilder<Database, keyof Database, Row>;

const shapes = new WeakMap<EntityDeclaration, Shape>();

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

/** What SQL needs to know of an entity, worked out once per declaration. */
function shapeOf(entity: EntityDeclaration): Shape {
  let shape = shapes.get(entity);
  if (shape) return shape;
  const table = tableOf(entity);
  const column = (name: string) => `${table}.${columnOf(name, entity.fields[name])}`;
  const sort: Record<string, string> = { createdAt: `${table}.created_at` };
  for (const name of entity.list.sort ?? []) if (name !== 'createdAt') sort[name] = column(name);
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
  // References answered populated: each joins its table, read as the API answers it.
  const populatedRefs = Object.entries(entity.fields).flatMap(([name, field]) => {
    const shown = populatedShape(field);
    return shown ? [[name, shown] as const] : [];
  });
  const searched = (name: string) => {
    const field = entity.fields[name];
    if (field.many) return listMatching(column(name), field.choices ?? []);
    const lookup = lookupOf(field);
    if (lookup) return `ref_${name}.${lookup.fields[lookup.orderBy]}`;
    return field.plainText ? `${table}.${plainTextColumnOf(name, field)}` : column(name);
  };
  const spec: ListSpec = {
    search: [
      ...entity.list.search.map(searched),
      ...(entity.list.searchId ? [idContains(`${table}.id`)] : []),
      ...(entity.titleParts ? [joinedMatching(entity.titleParts.map(column))] : []),
    ],
    sort: sort as ListSpec['sort'],
    naturalSort: (entity.list.sort ?? []).filter((name) => name !== 'createdAt' && sortsNaturally(entity.fields[name])),
    filters,
    id: `${table}.id`,
    ...(entity.list.counted && { counted: { list: table, filters: entity.list.counted } }),
    // The creator's and the references' joins are left out while a page's ids are found, unless search reads a joined lookup.
    ...((entity.creator || populatedRefs.length > 0) && !entity.list.search.some((name) => lookupOf(entity.fields[name])) && { table: table as Table }),
  };
  const fields = Object.entries(entity.fields);
  const creator = entity.creator && `${table}.${snakeCase(entity.creator)}`;
  const from = (db: Db) => {
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
  // Each join's count, by a subquery its reference's index answers.
  const counts = Object.values(entity.joins ?? {}).flatMap((join) => {
    if (!join.count) return [];
    const { table: joined, column: on } = joinedTable(join);
    return [sql<number>`(select count(*)::int from ${sql.table(joined)} where ${sql.ref(`${joined}.${on}`)} = ${sql.ref(`${table}.id`)})`.as(join.count)];
  });
  const select = (db: Db) =>
    from(db).select([
      sql.ref(`${table}.id`).as('id'),
      sql.ref(`${table}.created_at`).as('created_at'),
      ...(entity.versioned ? [sql.ref(`${table}.updated_at`).as('updated_at')] : []),
      // A calendar date is answered as it was written ('2026-05-01'), whatever the server's time zone.
      ...fields.map(([name, field]) => {
        const shown = populatedShape(field);
        if (shown) return populatedValue(`ref_${name}`, shown).as(name);
        return field.kind === 'date' ? dayText(column(name)).as(name) : sql.ref(column(name)).as(name);
      }),
      ...(ownPartsOf(entity)?.select(table) ?? []),
      ...(entity.publishing ? publishingSelect(entity) : []),
      ...counts,
      ...(creator
        ? [
            sql.ref('admins.id').as('creator_id'),
            sql.ref('admins.first_name').as('creator_first_name'),
            sql.ref('admins.last_name').as('creator_last_name'),
            sql.ref('admins.role').as('creator_role'),
          ]
        : []),
    ]) as unknown as AnySelect;
  const toRecord = (row: Row): Row => {
    const record: Row = { _id: row.id };
    for (const [name, field] of fields) record[name] = row[name] instanceof Date ? (row[name] as Date).toISOString() : (shownValue(field, row[name]) ?? (field.many ? [] : null));
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
  shape = { table, spec, from, select, toRecord };
  shapes.set(entity, shape);
  return shape;
}

/** How SQL reads an entity's records: its table, the select with every join, and a row as the admin API answers it (the app's reads pick from it). */
export const recordShapeOf = (entity: EntityDeclaration): Pick<Shape, 'table' | 'select' | 'toRecord'> => shapeOf(entity);

/** The list's search and filters, for an entity's own figures and exports over what the list selects. */
export const listSpecOf = (entity: EntityDeclaration): ListSpec => shapeOf(entity).spec;

/** A page of the list: in the order asked, else in the entity's own (a split's tab: the tab's; newest first unless declared). */
export const listRecords = (db: Db, entity: EntityDeclaration, params: ListParams) => {
  const { spec, select, toRecord } = shapeOf(entity);
  const preferred = defaultSortOf(entity, params);
  const sort = params.sort ?? preferred.field;
  // A tab's own order wins over an order asked without a field.
  const order = !params.sort && splitTabOf(entity, params) ? preferred.order : (params.order ?? (sort === preferred.field ? preferred.order : 'desc'));
  return listPage(db, () => select(db), spec, { ...params, sort, order }, (row) => toRecord(row as Row));
};

/** The records at now or later (`later`), or before now, by the field the list splits on. */
export function splitWhere(entity: EntityDeclaration, side: 'later' | 'earlier') {
  const { field } = entity.list.split!;
  const at = sql.ref(`${tableOf(entity)}.${columnOf(field, entity.fields[field])}`);
  const now = new Date();
  return side === 'later' ? sql<SqlBool>`${at} >= ${now}` : sql<SqlBool>`${at} < ${now}`;
}

/**
 * The records the list's search and filters select (no paging, no order), for figures counted over
 * them: from the table alone where search and filters read only its columns, else with its joins.
 */
export const listedRecords = (db: Db, entity: EntityDeclaration, params: ListParams) => {
  const { from, spec } = shapeOf(entity);
  return whereListed(spec.table ? (db.selectFrom(spec.table) as unknown as AnySelect) : from(db), spec, params);
};

/** One record as its detail reads it: with each join's records. */
export async function findRecord(db: Db, entity: EntityDeclaration, id: string): Promise<Row | undefined> {
  if (!isId(id)) return undefined;
  const { table, select, toRecord } = shapeOf(entity);
  const row = await select(db).where(sql<SqlBool>`${sql.ref(`${table}.id`)} = ${id}`).executeTakeFirst();
  if (!row) return undefined;
  const record = toRecord(row as Row);
  for (const [name, join] of Object.entries(entity.joins ?? {})) record[name] = await joinedRecords(db, join, id);
  return record;
}

/** The records of the joined resource naming `id`, in the join's order with the id breaking ties. */
async function joinedRecords(db: Db, join: Join, id: string): Promise<Row[]> {
  const target = entityNamed(join.of)!;
  const { table, select, toRecord } = shapeOf(target);
  const on = joinedTable(join).column;
  const orderBy = `${table}.${columnOf(join.orderBy, target.fields[join.orderBy])}`;
  const rows = await select(db)
    .where(sql<SqlBool>`${sql.ref(`${table}.${on}`)} = ${id}`)
    .orderBy(sortsNaturally(target.fields[join.orderBy]) ? naturalKey(orderBy) : sql.ref(orderBy))
    .orderBy(sql.ref(`${table}.id`))
    .execute();
  return rows.map((row) => toRecord(row as Row));
}

/** The table and reference column of a join's resource. */
function joinedTable(join: Join): { table: string; column: string } {
  const target = entityNamed(join.of)!;
  return { table: tableOf(target), column: columnOf(join.on, target.fields[join.on]) };
}

/**
 * A form's values as columns: cleaned as the declaration says (trimmed, blank as none, defaults on
 * create), rich text sanitized (a required one that shows nothing then is refused), and the stored
 * images' URLs (undefined keeps, null removes).
 */
function columnValues(entity: EntityDeclaration, body: Row, images: Row, mode: 'create' | 'update'): Row {
  const values: Row = {};
  const clean = { ...cleanValues(entity, body, mode), ...images };
  for (const [name, value] of Object.entries(clean)) {
    const field = entity.fields[name];
    if (!field || value === undefined) continue;
    const stored = field.kind === 'richtext' && typeof value === 'string' ? sanitizeRichText(value) : value;
    // Cleaning may leave nothing (a story that was only a script): that is no story.
    if (field.kind === 'richtext' && field.required && (typeof stored !== 'string' || isBlankHtml(stored))) throw badRequest({ [name]: messagesOf(field).required });
    values[columnOf(name, field)] = stored;
  }
  return values;
}

/** Each reference field sent: the table its id must name a row of. */
function referencesOf(entity: EntityDeclaration, body: Row): Record<string, Reference> {
  const references: Record<string, Reference> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    const target = field.kind === 'ref' && field.to ? entityNamed(field.to) : undefined;
    const table = target ? tableOf(target) : lookupOf(field)?.table;
    const id = body[name];
    if (table && typeof id === 'string' && id.trim()) references[name] = [table as Table, id.trim()];
  }
  return references;
}

/**
 * Refuses a write whose references name no record, whose reference `within` another does not lie
 * in the record that one names (as the record will be stored: on an edit, a field not sent keeps
 * its `stored` value), or that the entity's own check refuses (a field already refused keeps its
 * message): one 400 with every field's error, the first field's first. Run in the write's
 * transaction, so a record deleted meanwhile cannot slip through.
 */
async function assertWrite(trx: Db, entity: EntityDeclaration, body: Row, stored: Row = {}): Promise<void> {
  const errors = await missingReferences(trx, referencesOf(entity, body));
  /** A reference's id as the record will hold it. */
  const valueOf = (name: string) => {
    const sent = body[name];
    if (sent === undefined) return (stored[columnOf(name, entity.fields[name])] as string | null | undefined) ?? null;
    return typeof sent === 'string' && sent.trim() ? sent.trim() : null;
  };
  for (const { name, field, within } of nestedRefsOf(entity)) {
    const value = valueOf(name);
    const lookup = lookupOf(field);
    if (!value || errors[name] || !lookup?.parent) continue;
    const row = isId(value)
      ? ((await trx.selectFrom(lookup.table as never).select(sql<string | null>`${sql.ref(`${snakeCase(lookup.parent)}_id`)}`.as('parent')).where(sql<SqlBool>`id = ${value}`).executeTakeFirst()) as { parent: string | null } | undefined)
      : undefined;
    if (!row) errors[name] = VALIDATION.referenceNotFound;
    else if (row.parent !== valueOf(within)) errors[name] = messagesOf(field).notWithin;
  }
  for (const [name, field] of Object.entries(entity.fields)) {
    // A reference whose entity another field names (a target): unchecked when that field names none of them.
    const table = field.refBy && entityNamed(field.refBy.to[String(valueOf(field.refBy.field))] ?? '');
    const value = table && valueOf(name);
    if (!table || !value || errors[name]) continue;
    const row = isId(value) ? await trx.selectFrom(tableOf(table) as never).select(sql<string>`id`.as('id')).where(sql<SqlBool>`id = ${value}`).executeTakeFirst() : undefined;
    if (!row) errors[name] = VALIDATION.targetNotFound;
  }
  for (const [name, message] of Object.entries(entity.check?.(cleanValues(entity, body, 'update')) ?? {})) errors[name] ??= message;
  const ordered = inFieldOrder(entity, errors);
  if (Object.keys(ordered).length > 0) throw badRequest(ordered);
}

/**
 * Adds a record. An entity with publishing is published at once unless the write asks otherwise (a
 * draft, or a time to go live by `now`, the queue's clock), its job planned in the same transaction.
 * `by` is the admin who adds it; null for a fan's write from the app (the log names no admin).
 */
export async function createRecord(db: Db, by: string | null, entity: EntityDeclaration, body: Row, images: Row, after?: AfterInsert, now = new Date()): Promise<Row> {
  const { table } = shapeOf(entity);
  const values = columnValues(entity, body, images, 'create');
  if (entity.creator) values[snakeCase(entity.creator)] = by;
  let inserted = after;
  if (entity.publishing) {
    const publishing = publishingOrRefuse(null, sentPublishing(body), now);
    Object.assign(values, publishingColumns(publishing));
    inserted = async (trx, id) => {
      await planPublishing(trx, entity, id, publishing);
      return (await after?.(trx, id)) ?? createdEntry(publishing);
    };
  }
  const { id } = await insertRecorded(db, by, table as AuditedTable, values as never, (trx) => assertWrite(trx, entity, body), inserted);
  return (await findRecord(db, entity, id))!;
}

/** The updated record and the stored images it let go of, or undefined when there is no such record. */
export async function updateRecord(db: Db, by: string, entity: EntityDeclaration, id: string, body: Row, images: Row, { version, now = new Date() }: Versioned & { now?: Date } = {}) {
  const { table } = shapeOf(entity);
  const values = columnValues(entity, body, images, 'update');
  // Publishing follows from the row as it is (locked) and what the edit sent; the job moves with it.
  const publishing = entity.publishing && {
    more: (before: Row) => publishingColumns(publishingOrRefuse(publishingOfRow(before), sentPublishing(body), now)),
    logged: async (trx: Db, entry: ActivityEntry, before: Row, after: Row): Promise<ActivityEntry> => {
      const [was, is] = [publishingOfRow(before), publishingOfRow(after)];
      await planPublishing(trx, entity, id, is);
      return { ...entry, action: editedAction(was, is) };
    },
  };
  const result = await updateRecorded(db, by, table as AuditedTable, id, values, {
    version,
    check: (trx, before) => assertWrite(trx, entity, body, before),
    ...publishing,
  });
  if (!result) return undefined;
  const imageColumns = imageFields(entity).map((name) => columnOf(name, entity.fields[name]));
  return { record: (await findRecord(db, entity, id))!, replaced: imagesLetGo(result, imageColumns) };
}

/** The deleted record's stored images, or undefined when there was no such record. */
export async function deleteRecord(db: Db, by: string, entity: EntityDeclaration, id: string): Promise<string[] | undefined> {
  let own: string[] = [];
  const files = ownPartsOf(entity)?.files;
  const row = await deleteRecorded(db, by, shapeOf(entity).table as AuditedTable, id, files && (async (trx) => void (own = await files(trx, id))));
  return row && [...imageFields(entity).flatMap((name) => (row[columnOf(name, entity.fields[name])] as string | null) ?? []), ...own];
}
