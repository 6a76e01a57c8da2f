/**
 * One repository for every declared entity (src/domain/entities): its list, one record, and its
 * writes through the shared writes (activity entry, 409 on a stale version, images let go).
 * Column names, search, filters, sort (see shape.ts) and clean-up all come from the declaration; an
 * entity that keeps its creator reads the admin's name with each record and records who adds one.
 */
import { sql, type SqlBool } from 'kysely';
import { cleanValues, columnOf, defaultSortOf, inFieldOrder, nestedRefsOf, splitTabOf, sortsNaturally, imageFields, lookupOf, messagesOf, snakeCase, tableOf, type EntityDeclaration, type Join } from '../../src/domain/entity';
import { isBlankHtml } from '../../src/domain/html';
import { VALIDATION } from '../../src/domain/messages';
import { entityNamed } from '../../src/domain/declared';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import { badRequest } from '../errors';
import { sanitizeRichText } from '../../src/domain/sanitize';
import { isId } from './ids';
import { listPage, naturalKey, whereListed, type ListParams, type ListSpec } from './list';
import type { ActivityEntry, AuditedTable } from './activity';
import { createdEntry, editedAction, planPublishing, publishingColumns, publishingOfRow, publishingOrRefuse, sentPublishing, type PublishingWrite } from './publishing';
import { missingReferences, type Reference } from './references';
import { ownPartsOf } from './own-parts';
import { joinedTable, shapeOf, type AnySelect, type Row, type Shape } from './shape';
import { deleteRecorded, imagesLetGo, insertRecorded, updateRecorded, type AfterInsert, type Versioned } from './writes';

type Table = keyof Database;

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

/** The write's time and job, which a write of an entity with publishing cannot do without. */
function publishingWrite(entity: EntityDeclaration, write: PublishingWrite | undefined): PublishingWrite {
  if (!write) throw new Error(`A write of ${entity.name} plans its publishing job: pass its time and kind.`);
  return write;
}

/**
 * Adds a record. An entity with publishing is published at once unless the write asks otherwise (a
 * draft, or a time to go live by the server's clock), its job planned in the same transaction: the
 * caller passes the time and the job's kind (`publishing`, needed for such an entity only).
 * `by` is the admin who adds it; null for a fan's write from the app (the log names no admin).
 */
export async function createRecord(db: Db, by: string | null, entity: EntityDeclaration, body: Row, images: Row, after?: AfterInsert, publishing?: PublishingWrite): Promise<Row> {
  const { table } = shapeOf(entity);
  const values = columnValues(entity, body, images, 'create');
  if (entity.creator) values[snakeCase(entity.creator)] = by;
  let inserted = after;
  if (entity.publishing) {
    const { now, job } = publishingWrite(entity, publishing);
    const value = publishingOrRefuse(null, sentPublishing(body), now);
    Object.assign(values, publishingColumns(value));
    inserted = async (trx, id) => {
      await planPublishing(trx, job, entity, id, value);
      return (await after?.(trx, id)) ?? createdEntry(value);
    };
  }
  const { id } = await insertRecorded(db, by, table as AuditedTable, values as never, (trx) => assertWrite(trx, entity, body), inserted);
  return (await findRecord(db, entity, id))!;
}

/** The updated record and the stored images it let go of, or undefined when there is no such record. */
export async function updateRecord(db: Db, by: string, entity: EntityDeclaration, id: string, body: Row, images: Row, { version, publishing: write }: Versioned & { publishing?: PublishingWrite } = {}) {
  const { table } = shapeOf(entity);
  const values = columnValues(entity, body, images, 'update');
  // Publishing follows from the row as it is (locked) and what the edit sent; the job moves with it.
  const publishing = entity.publishing && {
    more: (before: Row) => publishingColumns(publishingOrRefuse(publishingOfRow(before), sentPublishing(body), publishingWrite(entity, write).now)),
    logged: async (trx: Db, entry: ActivityEntry, before: Row, after: Row): Promise<ActivityEntry> => {
      const [was, is] = [publishingOfRow(before), publishingOfRow(after)];
      await planPublishing(trx, publishingWrite(entity, write).job, entity, id, is);
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
