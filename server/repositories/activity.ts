/**
 * The activity log: the one place an entry is written, always with the handle of the transaction
 * that makes the change it records, so the entry commits or rolls back with it. The admin's name
 * is copied from their row by the same INSERT, as it is at that moment.
 */
import { sql, type Selectable, type SqlBool } from 'kysely';
import { ENTITIES } from '../../src/domain/declared';
import { columnOf, plainTextColumnOf, recordLabelOf, shownValue, tableOf } from '../../src/domain/entity';
import {
  changesBetween,
  loggedFieldName,
  loggedFieldsOf,
  loggedReferencesOf,
  loggedValue,
  namedReference,
  withReferenceIds,
  type ReferenceTarget,
} from '../../src/domain/activity';
import type { ActivityAction } from '../../src/domain/enums';
import { publishTimeText } from '../../src/domain/publishing';
import type { Db } from '../db/connection';
import type { ActivityChange, ActivityEntryRecord } from '../../src/domain/records';
import type { ActivityTable, Database, DeclaredTables } from '../db/schema';
import { listPage, whereListed, type ListParams, type ListSpec } from './list';

export interface ActivityEntry {
  action: ActivityAction;
  /** The admin app's resource name (ACTIVITY_RESOURCES, or a declared entity's name). */
  resource: string;
  recordId: string | null;
  recordLabel: string | null;
  changes?: ActivityChange[];
  /** The fan whose own write this is (a registration sent from the app, their account's deletion); no admin then. */
  fanId?: string;
}

/** Writes entries made by `adminId` (null: nobody signed in, e.g. a sign-in for an unknown e-mail, or a fan: see `fanId`). */
export async function recordActivity(trx: Db, adminId: string | null, entries: readonly ActivityEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const named = await namedReferences(trx, entries);
  const first = sql<string>`coalesce((select first_name from admins where id = ${adminId}::uuid), '')`;
  const last = sql<string>`coalesce((select last_name from admins where id = ${adminId}::uuid), '')`;
  await trx
    .insertInto('activity')
    .values(
      named.map((entry) => ({
        admin_id: adminId,
        admin_first_name: first,
        admin_last_name: last,
        fan_id: entry.fanId ?? null,
        action: entry.action,
        resource: entry.resource,
        record_id: entry.recordId,
        record_label: entry.recordLabel,
        changes: JSON.stringify(entry.changes ?? []),
      })),
    )
    .execute();
}

/**
 * Each reference's change (one carrying ids, see `rowChanges`) with the records named as they are
 * named now, read in the write's transaction: one query per table named.
 */
async function namedReferences(trx: Db, entries: readonly ActivityEntry[]): Promise<readonly ActivityEntry[]> {
  const wanted = new Map<ReferenceTarget, Set<string>>();
  const targetOf = (entry: ActivityEntry, change: ActivityChange) => (change.beforeId === undefined ? undefined : REFERENCES.get(entry.resource)?.get(change.field));
  for (const entry of entries) {
    for (const change of entry.changes ?? []) {
      const target = targetOf(entry, change);
      if (!target) continue;
      const ids = wanted.get(target) ?? new Set<string>();
      for (const id of [change.beforeId, change.afterId]) if (id) ids.add(id);
      wanted.set(target, ids);
    }
  }
  if (wanted.size === 0) return entries;
  const names = new Map<ReferenceTarget, Map<string, string | null>>();
  for (const [target, ids] of wanted) {
    const rows = ids.size
      ? ((await trx
          .selectFrom(target.table as keyof Database)
          .select([sql.ref('id').as('id'), ...Object.entries(target.columns).map(([name, column]) => sql.ref(column).as(name))])
          .where(sql.ref('id'), 'in', [...ids])
          .execute()) as Row[])
      : [];
    names.set(target, new Map(rows.map((row) => [String(row.id), target.title((name) => row[name])])));
  }
  return entries.map((entry) => ({
    ...entry,
    changes: entry.changes?.map((change) => {
      const target = targetOf(entry, change);
      return target ? namedReference(change, (id) => names.get(target)?.get(id)) : change;
    }),
  }));
}

/** How a table's rows read in the log: the resource, the label, and which columns are compared and how. */
interface Audited {
  resource: string;
  label: (row: Row) => string | null;
  /** Columns the log leaves out (kept by the database, or secret). */
  ignore?: readonly string[];
  /** Rich text: the column compared and shown instead (its plain text). */
  asText?: Readonly<Record<string, string>>;
  /** The fields a change lists first, in this order (a declared entity's form order); any other by name. */
  order?: readonly string[];
  /** Columns logged otherwise than as stored: a publishing time as read ('2026-11-26 14:05 UTC'), an ID number masked. */
  shown?: Readonly<Record<string, (value: unknown) => unknown>>;
  /** References, by logged field name: their changes carry the ids, and are written with the records' names. */
  references?: ReadonlyMap<string, ReferenceTarget>;
}

type Row = Record<string, unknown>;
const readableTime = (value: unknown) => publishTimeText(value as Date | null);
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const name = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' ') || null;

const WRITTEN_AUDITED = {
  admins: {
    resource: 'admins',
    label: (row) => name(row.first_name, row.last_name) ?? text(row.email),
    ignore: ['password_hash', 'password_changed_at', 'last_sign_in_at', 'must_change_password'],
  },
} satisfies Partial<Record<keyof Database, Audited>>;

/** A declared entity's rows named as its declaration names them, rich text read by its plain text. */
const DECLARED_AUDITED = Object.fromEntries(
  ENTITIES.map((entity) => {
    const plain = Object.entries(entity.fields).filter(([, field]) => field.plainText);
    const asText = Object.fromEntries(plain.map(([name, field]) => [columnOf(name, field), plainTextColumnOf(name, field)]));
    // A masked field is logged masked, as the admin API answers it: the log never holds the whole number.
    const masked = Object.entries(entity.fields).filter(([, field]) => field.masked);
    const shown = {
      ...Object.fromEntries(masked.map(([name, field]) => [columnOf(name, field), (value: unknown) => shownValue(field, value)])),
      ...(entity.publishing && { publish_at: readableTime, unpublish_at: readableTime }),
    };
    const audited: Audited = {
      resource: entity.name,
      label: (row: Row) => recordLabelOf(entity, (name) => row[columnOf(name, entity.fields[name])]),
      asText,
      order: loggedFieldsOf(entity),
      references: loggedReferencesOf(entity),
      ...(Object.keys(shown).length > 0 && { shown }),
    };
    return [tableOf(entity), audited];
  }),
) as Record<keyof DeclaredTables, Audited>;

export const AUDITED: Record<keyof typeof WRITTEN_AUDITED | keyof DeclaredTables, Audited> = { ...WRITTEN_AUDITED, ...DECLARED_AUDITED };

export type AuditedTable = keyof typeof AUDITED;

/** Each audited resource's references, by logged field name. */
const REFERENCES = new Map(Object.values(AUDITED as Record<string, Audited>).map((audited) => [audited.resource, audited.references ?? new Map<string, ReferenceTarget>()]));

/** Columns every table keeps for itself: never a change anyone made (`sync_xid`: the app's sync position, migration 0013). */
const ALWAYS_IGNORED = new Set(['id', 'created_at', 'updated_at', 'sync_xid']);

/** Each column whose value differs between two versions of a row, with both values, by field name. */
export function rowChanges(table: AuditedTable, before: Row, after: Row): ActivityChange[] {
  const audited: Audited = AUDITED[table];
  const ignored = new Set([...ALWAYS_IGNORED, ...(audited.ignore ?? []), ...Object.values(audited.asText ?? {})]);
  const logged = (row: Row) =>
    Object.fromEntries(
      Object.keys(after)
        .filter((column) => !ignored.has(column))
        .map((column) => {
          const value = row[audited.asText?.[column] ?? column];
          return [loggedFieldName(column), audited.shown?.[column] ? audited.shown[column](value) : loggedValue(value)];
        }),
    );
  const changes = changesBetween(logged(before), logged(after), audited.order);
  return changes.map((change) => (audited.references?.has(change.field) ? withReferenceIds(change) : change));
}

/** An entry for a row created, updated (its changes) or deleted; an update that changed nothing is still an entry. */
export function rowEntry(table: AuditedTable, action: 'create' | 'update' | 'delete', before: Row | undefined, after: Row | undefined): ActivityEntry {
  const row = (after ?? before)!;
  return {
    action,
    resource: AUDITED[table].resource,
    recordId: String(row.id),
    recordLabel: AUDITED[table].label(row),
    changes: before && after ? rowChanges(table, before, after) : [],
  };
}

/** The row as it is now, locked until the transaction ends (so the entry's "before" is what the write replaced). */
export const lockedRow = (trx: Db, table: AuditedTable, id: string) =>
  trx.selectFrom(table).selectAll().where('id', '=', id).forUpdate().executeTakeFirst() as Promise<Row | undefined>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const ACTIVITY_LIST: ListSpec = {
  search: ['activity.record_label'],
  // Ids follow the order entries were written: newest first is the primary key read backwards.
  sort: { createdAt: 'activity.id' },
  filters: {
    adminId: (value) => sql<SqlBool>`activity.admin_id = ${String(value)}::uuid`,
    resource: 'activity.resource',
    recordId: 'activity.record_id',
    action: 'activity.action',
    // A day alone is a UTC day, whatever the database's time zone: from its start, to its end.
    from: (value) => sql<SqlBool>`activity.at >= ${new Date(String(value))}`,
    to: (value) =>
      DAY.test(String(value))
        ? sql<SqlBool>`activity.at < ${new Date(Date.parse(`${String(value)}T00:00:00Z`) + DAY_MS)}`
        : sql<SqlBool>`activity.at <= ${new Date(String(value))}`,
  },
  id: 'activity.id',
  counted: { list: 'activity', filters: ['adminId', 'resource', 'action'] },
};

export type Activity = ActivityEntryRecord;

/** The log's entries with the fan's name as their account has it now: none once they deleted it. */
const selectEntries = (db: Db) =>
  db.selectFrom('activity').leftJoin('app_users', 'app_users.id', 'activity.fan_id').selectAll('activity').select('app_users.name as fan_name');

const toActivity = (row: Selectable<ActivityTable> & { fan_name: string | null }): Activity => ({
  _id: String(row.id),
  at: row.at.toISOString(),
  admin: row.admin_id ? { _id: row.admin_id, firstName: row.admin_first_name, lastName: row.admin_last_name } : null,
  fan: row.fan_id ? { _id: row.fan_id, name: row.fan_name } : null,
  action: row.action,
  resource: row.resource,
  recordId: row.record_id,
  recordLabel: row.record_label,
  changes: row.changes,
});

/** Newest first, whatever `sort` asks: the log reads in the order it was written. */
export const listActivity = (db: Db, params: ListParams) =>
  listPage(db, () => selectEntries(db), ACTIVITY_LIST, { ...params, sort: 'createdAt', order: 'desc' }, toActivity);

/**
 * Every entry the filters and search select, newest first, in batches of `batchSize` read by
 * keyset (the id): memory holds one batch, and each batch is its own short query.
 */
export async function* exportActivity(db: Db, params: ListParams, batchSize = 1000): AsyncGenerator<Activity[]> {
  let before: number | undefined;
  for (;;) {
    const query = whereListed(selectEntries(db), ACTIVITY_LIST, params);
    const rows = await query
      .$if(before !== undefined, (q) => q.where('activity.id', '<', before!))
      .orderBy('activity.id', 'desc')
      .limit(batchSize)
      .execute();
    if (rows.length > 0) yield rows.map(toActivity);
    if (rows.length < batchSize) return;
    before = rows[rows.length - 1].id;
  }
}
