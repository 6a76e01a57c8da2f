/**
 * What the fans' app reads (/app/v1), for every entity that declares `app`: pages by keyset on
 * (the declared order's field, id), one record, and the sync since a cursor. Only what the app may
 * see is ever selected (`visibleWhere`), and each record is cut down to its declared app fields.
 *
 * The sync's position is the snapshot the answer was read in (`xmin:xmax:running`): each row keeps
 * the transaction that last wrote it (`sync_xid`, migration 0013), and the changes since are the
 * rows whose transaction that snapshot did not see: exactly those, and a late commit is never
 * skipped (a sequence number could be taken before and committed after). Snapshots are the whole
 * cluster's, so one with very many transactions running is cut to its xmin: then a few more rows
 * than changed may come again, never fewer.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { appValues, columnOf, lookupOf, splitTabOf, tableOf, type AppContext, type EntityDeclaration, type SortOrder } from '../../src/domain/entity';
import { entityNamed } from '../../src/domain/declared';
import type { Db } from '../db/connection';
import { recordShapeOf } from './declared';
import { isId } from './ids';

type Row = Record<string, unknown>;

/** Where a page starts: after the record holding this order value and id. */
export interface Keyset {
  value: string | number;
  id: string;
}

export interface AppListQuery {
  limit: number;
  after?: Keyset;
  /** Declared filters and the split's tab, by name, as the query gave them. */
  filters: Record<string, unknown>;
}

/** What the app may see of an entity: published, active, or sent, as declared. */
export function visibleWhere(entity: EntityDeclaration): RawBuilder<SqlBool> {
  const table = tableOf(entity);
  const app = entity.app!;
  if (entity.publishing) return sql<SqlBool>`${sql.ref(`${table}.status`)} = 'published'`;
  if (app.visibleWhen) {
    const field = entity.fields[app.visibleWhen.field];
    return sql<SqlBool>`${sql.ref(`${table}.${columnOf(app.visibleWhen.field, field)}`)} = ${app.visibleWhen.value}`;
  }
  if (app.sentOnly) {
    return sql<SqlBool>`exists (select 1 from sends where sends.notification_id = ${sql.ref(`${table}.id`)} and sends.state in ('sent', 'partly-sent'))`;
  }
  return sql<SqlBool>`true`;
}

/** The order a list pages in: the split tab's, else the declared one. */
export function orderOf(entity: EntityDeclaration, filters: Record<string, unknown> = {}): { field: string; order: SortOrder } {
  const tab = entity.app!.split ? splitTabOf(entity, filters) : undefined;
  return tab ? { field: entity.list.split!.field, order: tab.order } : entity.app!.order;
}

/** What an order's field holds: instants (paged by an ISO text), whole numbers, or text. */
export type OrderKind = 'time' | 'number' | 'text';

export function orderKind(entity: EntityDeclaration, field: string): OrderKind {
  const kind = entity.fields[field]?.kind;
  if (field === 'createdAt' || field === 'updatedAt' || kind === 'datetime' || kind === 'date') return 'time';
  return kind === 'number' ? 'number' : 'text';
}

const columnFor = (entity: EntityDeclaration, field: string) =>
  `${tableOf(entity)}.${field === 'createdAt' ? 'created_at' : field === 'updatedAt' ? 'updated_at' : columnOf(field, entity.fields[field])}`;

/** A record as the app reads it: `_id` and the declared app fields, in their order, the derived ones worked out (see `appValues`). */
export const appRecord = (entity: EntityDeclaration, record: Row, context: AppContext): Row => appValues(entity.app!, record, context);

/** Filters as SQL: each declared filter's value, and the split's tab. */
function filterWhere(entity: EntityDeclaration, filters: Record<string, unknown>): RawBuilder<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = [];
  for (const name of entity.app!.filters ?? []) {
    const value = filters[name];
    if (value === undefined) continue;
    conditions.push(sql<SqlBool>`${sql.ref(columnFor(entity, name))} = ${value}`);
  }
  const split = entity.app!.split ? entity.list.split : undefined;
  const tab = split && splitTabOf(entity, filters);
  if (split && tab) {
    const at = sql.ref(columnFor(entity, split.field));
    conditions.push(tab === split.later ? sql<SqlBool>`${at} >= ${new Date()}` : sql<SqlBool>`${at} < ${new Date()}`);
  }
  return conditions;
}

/** A page of what the app sees, one more than asked (telling whether there is a next page). */
export async function appPage(db: Db, entity: EntityDeclaration, query: AppListQuery): Promise<{ records: Row[]; more: boolean; order: string; position: string }> {
  const { select, toRecord, table } = recordShapeOf(entity);
  const { field, order } = orderOf(entity, query.filters);
  const column = sql.ref(columnFor(entity, field));
  const id = sql.ref(`${table}.id`);
  let builder = select(db).where(visibleWhere(entity));
  for (const condition of filterWhere(entity, query.filters)) builder = builder.where(condition);
  if (query.after) {
    const value = orderKind(entity, field) === 'time' ? new Date(query.after.value) : query.after.value;
    builder = builder.where(order === 'desc' ? sql<SqlBool>`(${column}, ${id}) < (${value}, ${query.after.id}::uuid)` : sql<SqlBool>`(${column}, ${id}) > (${value}, ${query.after.id}::uuid)`);
  }
  // The sync position from the page's own snapshot, in the same query (PGlite answers one query at a time).
  const rows = (await builder
    .select(sql<string>`pg_current_snapshot()::text`.as('sync_position'))
    .orderBy(column, order)
    .orderBy(id, order)
    .limit(query.limit + 1)
    .execute()) as Row[];
  const records = rows.slice(0, query.limit).map((row) => toRecord(row));
  const position = keptSnapshot((rows[0]?.sync_position as string | undefined) ?? (await syncPosition(db)));
  return { records, more: rows.length > query.limit, order: field, position };
}

/** One record the app sees, with its declared joins (each joined record as the app sees it), or undefined. */
export async function appOne(db: Db, entity: EntityDeclaration, id: string, context: AppContext): Promise<Row | undefined> {
  if (!isId(id)) return undefined;
  const { select, toRecord, table } = recordShapeOf(entity);
  const row = await select(db)
    .where(sql<SqlBool>`${sql.ref(`${table}.id`)} = ${id}`)
    .where(visibleWhere(entity))
    .executeTakeFirst();
  if (!row) return undefined;
  const record = appRecord(entity, toRecord(row as Row), context);
  for (const name of entity.app!.joins ?? []) record[name] = await joinedFor(db, entity, name, id, context);
  return record;
}

/** The records of a declared join naming `id`, those the app sees, in the join's order. */
async function joinedFor(db: Db, entity: EntityDeclaration, name: string, id: string, context: AppContext): Promise<Row[]> {
  const join = entity.joins![name];
  const target = entityNamed(join.of)!;
  const { select, toRecord, table } = recordShapeOf(target);
  const on = columnOf(join.on, target.fields[join.on]);
  const rows = await select(db)
    .where(sql<SqlBool>`${sql.ref(`${table}.${on}`)} = ${id}`)
    .where(visibleWhere(target))
    .orderBy(sql.ref(columnFor(target, join.orderBy)))
    .orderBy(sql.ref(`${table}.id`))
    .execute();
  return rows.map((row) => appRecord(target, toRecord(row as Row), context));
}

/**
 * The longest snapshot a cursor carries; a longer one is cut to its xmin (see above). A catch-up's
 * cursor carries two, and a cursor is at most 1,000 characters.
 */
const SNAPSHOT_CHARACTERS = 250;

/** A snapshot as a cursor keeps it. */
export const keptSnapshot = (snapshot: string) => {
  if (snapshot.length <= SNAPSHOT_CHARACTERS) return snapshot;
  const xmin = snapshot.split(':')[0];
  return `${xmin}:${xmin}:`;
};

/** A snapshot's text as PostgreSQL writes it: `xmin:xmax:` and the running transactions, comma-separated. */
export const SNAPSHOT = /^(\d{1,20}):(\d{1,20}):((?:\d{1,20},)*\d{1,20})?$/;

/** The sync position now. */
export async function syncPosition(db: Db): Promise<string> {
  const { rows } = await sql<{ position: string }>`select pg_current_snapshot()::text as position`.execute(db);
  return keptSnapshot(rows[0].position);
}

/** The rows the snapshot `since` did not see: written by a transaction running then, or begun after. */
const unseenBy = (column: string, since: string) => {
  const xmin = SNAPSHOT.exec(since)![1];
  return sql<SqlBool>`(${sql.ref(column)} >= ${xmin}::xid8 and not pg_visible_in_snapshot(${sql.ref(column)}, ${since}::pg_snapshot))`;
};

/** The rows the snapshot `upto` saw: committed before it was taken. */
const seenBy = (column: string, upto: string) => sql<SqlBool>`pg_visible_in_snapshot(${sql.ref(column)}, ${upto}::pg_snapshot)`;

/** Where a catch-up stopped: removals come first, then changes, each by id. */
export interface SyncKeyset {
  part: 'removed' | 'changed';
  id: string;
}

export interface SyncQuery {
  /** The position the app synced to. */
  since: string;
  /**
   * Where this catch-up reads up to, taken when it began: every page answers what was written
   * between the two, and what is written during the catch-up waits for the next sync.
   */
  upto: string;
  /** The last removal or change answered (none on the first page). */
  after?: SyncKeyset;
  limit: number;
}

/**
 * A page of what changed between two positions: the ids the app no longer sees, then what it now
 * sees, at most `limit` of both together, each part by id; `next` is the last one answered while
 * more remain. A row written after `upto` leaves the catch-up (its `sync_xid` moves past it) and
 * none joins it, so pages neither repeat nor skip: each change and removal comes once.
 */
export async function appChanges(db: Db, entity: EntityDeclaration, query: SyncQuery): Promise<{ changed: Row[]; removed: string[]; next?: SyncKeyset }> {
  const { select, toRecord, table } = recordShapeOf(entity);
  const since = keptSnapshot(query.since);
  const { after, limit } = query;
  const id = sql.ref(`${table}.id`);

  let removed: string[] = [];
  if (after?.part !== 'changed') {
    const removals = await db
      .selectFrom('app_removals')
      .select('record_id')
      .distinct()
      .where('resource', '=', table)
      .where(unseenBy('xid', since))
      .where(seenBy('xid', query.upto))
      // An item taken down and put back since is changed, not removed.
      .where(sql<SqlBool>`not exists (select 1 from ${sql.table(table)} where ${id} = app_removals.record_id and ${visibleWhere(entity)} and ${unseenBy(`${table}.sync_xid`, since)})`)
      .$if(after !== undefined, (builder) => builder.where(sql<SqlBool>`record_id > ${after!.id}::uuid`))
      .orderBy('record_id')
      .limit(limit + 1)
      .execute();
    removed = removals.slice(0, limit).map((row) => row.record_id);
    if (removals.length > limit) return { changed: [], removed, next: { part: 'removed', id: removed.at(-1)! } };
  }

  const room = limit - removed.length;
  const rows = (await select(db)
    .where(unseenBy(`${table}.sync_xid`, since))
    .where(seenBy(`${table}.sync_xid`, query.upto))
    .where(visibleWhere(entity))
    .$if(after?.part === 'changed', (builder) => builder.where(sql<SqlBool>`${id} > ${after!.id}::uuid`))
    .orderBy(id)
    .limit(room + 1)
    .execute()) as Row[];
  const changed = rows.slice(0, room).map((row) => toRecord(row));
  if (rows.length <= room) return { changed, removed };
  const next: SyncKeyset = changed.length > 0 ? { part: 'changed', id: changed.at(-1)!._id as string } : { part: 'removed', id: removed.at(-1)! };
  return { changed, removed, next };
}

/** Forgets removals older than the cursors still valid. */
export async function forgetRemovals(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('app_removals').where('removed_at', '<', before).execute();
}

/**
 * The tables an entity's app answers read: its own, its references' (a team's sport, a match's
 * teams and their sports) and its joins'. A write to any of them changes those answers.
 */
export function tablesRead(entity: EntityDeclaration): string[] {
  const tables = new Set([tableOf(entity)]);
  const addReferences = (of: EntityDeclaration, names: readonly string[]) => {
    for (const name of names) {
      const field = of.fields[name];
      if (!field || field.kind !== 'ref') continue;
      const lookup = lookupOf(field);
      if (lookup) tables.add(lookup.table);
      const target = entityNamed(field.to ?? '');
      if (target && field.populate) {
        tables.add(tableOf(target));
        addReferences(target, field.populate);
      }
    }
  };
  addReferences(entity, entity.app!.fields);
  for (const name of entity.app!.joins ?? []) {
    const target = entityNamed(entity.joins![name].of)!;
    tables.add(tableOf(target));
    if (target.app) addReferences(target, target.app.fields);
  }
  return [...tables];
}
