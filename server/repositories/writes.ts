/**
 * Writes shared by the records: each one writes its activity entry in its own transaction (see
 * activity.ts); updates that refuse a stale version,
 * and updates and deletes that report the file a record let go of so the route can remove it from disk.
 */
import { sql, type Insertable, type SqlBool } from 'kysely';
import type { ActivityAction } from '../../src/domain/enums';
import type { ActivityChange } from '../../src/domain/records';
import { CONFLICT } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';
import { lockedRow, recordActivity, rowEntry, type ActivityEntry, type AuditedTable } from './activity';
import { isId } from './ids';

type Row = Record<string, unknown>;

/**
 * The image values an edit writes, by field: the URL of a file it sent, null for a field named in
 * `removeImages` without a file (a sent file wins), and nothing (keep the current image) otherwise.
 */
export function imageUpdates<K extends string>(
  urls: Partial<Record<K, string>>,
  removeImages: readonly K[] = [],
): Partial<Record<K, string | null>> {
  const values: Partial<Record<K, string | null>> = { ...urls };
  for (const field of removeImages) values[field] ??= null;
  return values;
}

/**
 * An edit's version: the record's `updatedAt` as the client read it. Without one (older clients)
 * the edit applies whatever happened since.
 */
export interface Versioned {
  version?: Date;
}

/** The version a body's `updatedAt` names (its format is checked by the schema, see schemas/version.ts). */
export const versionOf = (updatedAt: string | undefined): Date | undefined => (updatedAt === undefined ? undefined : new Date(updatedAt));

/** Someone else saved the record after this edit read it: the edit must change nothing. */
export const staleEdit = () => new HttpError(409, CONFLICT.stale);

/** What an entity's own code does with a row just inserted, in its transaction; it may name the act the log records instead of 'create', and the fan whose write it is. */
export type AfterInsert = (trx: Db, id: string) => Promise<{ action: ActivityAction; changes?: ActivityChange[]; fanId?: string } | void>;

/**
 * Inserts one row and its activity entry in one transaction; `check` runs first with the
 * transaction's handle (PGlite has a single connection) and may throw to change nothing.
 */
export async function insertRecorded<T extends AuditedTable>(
  db: Db,
  by: string | null,
  table: T,
  values: Insertable<Database[T]>,
  check?: (trx: Db) => Promise<void>,
  after?: AfterInsert,
): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => {
    await check?.(trx);
    const row = (await trx.insertInto(table as AuditedTable).values(values as never).returningAll().executeTakeFirstOrThrow()) as Row;
    const own = await after?.(trx, String(row.id));
    await recordActivity(trx, by, [{ ...rowEntry(table, 'create', undefined, row), ...own }]);
    return { id: String(row.id) };
  });
}

/**
 * Updates one row in a transaction, with its activity entry (each changed column, before and
 * after), and answers the row before and after, or undefined when there is no such row. `check`
 * runs inside with the transaction's handle and the locked row as it was, and may throw to change nothing. With a `version`, the
 * UPDATE itself only matches the row while its `updated_at` is still that one, and a stale edit
 * throws a 409 (and so writes no entry).
 */
export async function updateRecorded(
  db: Db,
  by: string,
  table: AuditedTable,
  id: string,
  values: Row,
  { check, version, more, logged }: Versioned & {
    check?: (trx: Db, before: Row) => Promise<void>;
    /** Columns worked out from the row as it was (a record's publishing), written with `values`. */
    more?: (before: Row) => Row;
    /** The entity's own step once the row is written, in the transaction: it may name the entry otherwise (a publish). */
    logged?: (trx: Db, entry: ActivityEntry, before: Row, after: Row) => Promise<ActivityEntry>;
  } = {},
): Promise<{ before: Row; after: Row } | undefined> {
  if (!isId(id)) return undefined;
  return db.transaction().execute(async (trx) => {
    const before = await lockedRow(trx, table, id);
    if (!before) return undefined;
    await check?.(trx, before);
    const after = (await trx
      .updateTable(table)
      .set({ ...values, ...more?.(before) } as never)
      .where('id', '=', id)
      .$if(version !== undefined, (update) => update.where(sql<SqlBool>`updated_at = ${version!}`))
      .returningAll()
      .executeTakeFirst()) as Row | undefined;
    if (!after) throw staleEdit();
    const entry = rowEntry(table, 'update', before, after);
    await recordActivity(trx, by, [logged ? await logged(trx, entry, before, after) : entry]);
    return { before, after };
  });
}

/** The stored images an update let go of: each image column whose value it changed (to a new file or none). */
export const imagesLetGo = ({ before, after }: { before: Row; after: Row }, columns: readonly string[]): string[] =>
  columns.flatMap((column) => (before[column] && before[column] !== after[column] ? [before[column] as string] : []));

/**
 * Deletes one row with its activity entry and answers the deleted row, or undefined when there is
 * no such row; `before` runs first with the transaction's handle (to read what the delete takes along).
 */
export async function deleteRecorded(db: Db, by: string, table: AuditedTable, id: string, before?: (trx: Db) => Promise<void>): Promise<Row | undefined> {
  if (!isId(id)) return undefined;
  return db.transaction().execute(async (trx) => {
    await before?.(trx);
    const row = (await trx.deleteFrom(table).where('id', '=', id).returningAll().executeTakeFirst()) as Row | undefined;
    if (row) await recordActivity(trx, by, [rowEntry(table, 'delete', row, undefined)]);
    return row;
  });
}
