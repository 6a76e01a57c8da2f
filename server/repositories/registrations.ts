/**
 * Registrations' own records work: the status workflow (one, or many in one transaction), the
 * CSV export (logged) and the government ID shown whole (logged). The list, one record, the edit and the delete are the
 * declared entity's (src/domain/entities/registrations.ts, see repositories/declared.ts), each
 * registration read with its players, sender and notice (repositories/own-parts.ts).
 */
import { sql, type SqlBool } from 'kysely';
import { REGISTRATION_TEXTS, registrationExportChanges, registrations } from '../../src/domain/entities/registrations';
import type { RegistrationStatus } from '../../src/domain/enums';
import type { GovernmentIdRecord } from '../../src/domain/records';
import type { Db } from '../db/connection';
import { findRecord, listedRecords, listSpecOf } from './declared';
import { isId } from './ids';
import { whereListed, type ListParams, type RowOf } from './list';
import { lockedRow, recordActivity, rowEntry } from './activity';
import { startNotices, type NoticeSettings } from './notices';
import { dayText } from './values';

export const findRegistration = (db: Db, id: string) => findRecord(db, registrations, id);

/** One registration's new status; undefined when there is no such registration. */
export async function setStatus(db: Db, by: string, id: string, status: RegistrationStatus, push: NoticeSettings): Promise<Record<string, unknown> | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.transaction().execute(async (trx) => {
    const before = await lockedRow(trx, 'registrations', id);
    if (!before) return undefined;
    const after = await trx.updateTable('registrations').set({ status }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await recordActivity(trx, by, [rowEntry('registrations', 'update', before, after)]);
    if (before.status !== status) await startNotices(trx, [after], push);
    return after;
  });
  return row && findRegistration(db, id);
}

/**
 * Many registrations' new status in one transaction: all of them, or none when any id names no
 * registration (then `missing` lists those ids, in the order sent). `changed` counts the registrations.
 */
export async function setStatusMany(
  db: Db,
  by: string,
  ids: readonly string[],
  status: RegistrationStatus,
  push: NoticeSettings,
): Promise<{ changed: number; missing?: undefined } | { missing: string[] }> {
  const wanted = [...new Set(ids)];
  const valid = wanted.filter(isId);
  return db.transaction().execute(async (trx) => {
    const found = valid.length
      ? await trx.selectFrom('registrations').selectAll().where('id', 'in', valid).orderBy('id').forUpdate().execute()
      : [];
    const known = new Set(found.map((row) => row.id.toLowerCase()));
    const missing = wanted.filter((id) => !known.has(id.toLowerCase()));
    if (missing.length > 0) return { missing };
    const updated = await trx.updateTable('registrations').set({ status }).where('id', 'in', valid).returningAll().execute();
    // One entry per registration, all in one INSERT of this same transaction.
    const before = new Map(found.map((row) => [row.id, row]));
    await recordActivity(trx, by, updated.map((after) => rowEntry('registrations', 'update', before.get(after.id), after)));
    // Only a registration whose status moved tells its fan: approving an approved one sends nothing again.
    await startNotices(trx, updated.filter((after) => before.get(after.id)?.status !== status), push);
    return { changed: updated.length };
  });
}

/** A CSV row of the export: the list's columns, then status, location and address, then the government ID whole. */
export type ExportRow = RowOf<typeof selectExport>;

const selectExport = (db: Db) =>
  db
    .selectFrom('registrations')
    .leftJoin('states', 'states.id', 'registrations.state_id')
    .leftJoin('districts', 'districts.id', 'registrations.district_id')
    .leftJoin('cities', 'cities.id', 'registrations.city_id')
    .select([
      'registrations.id',
      'registrations.first_name',
      'registrations.last_name',
      'registrations.email',
      dayText('registrations.dob').as('dob'),
      'registrations.phone',
      'cities.name as city',
      'registrations.playing_role',
      'registrations.status',
      'registrations.created_at',
      // The keyset cursor at the database's own precision (microseconds; a JS Date keeps milliseconds).
      sql<string>`registrations.created_at::text`.as('cursor_at'),
      'states.name as state',
      'districts.name as district',
      'registrations.area',
      'registrations.pin_code',
      'registrations.address',
      'registrations.government_id_type',
      'registrations.government_id_number',
    ]);

/**
 * Every registration the search, status and filters select, newest first, read in batches of
 * `batchSize` by keyset (created_at, id): memory holds one batch, whatever the number of rows, and
 * each batch is its own short query, so PGlite's single connection serves other requests between them.
 */
export async function* exportRegistrations(db: Db, params: ListParams, batchSize = 1000): AsyncGenerator<ExportRow[]> {
  let after: { created: string; id: string } | undefined;
  for (;;) {
    let query = whereListed(selectExport(db), listSpecOf(registrations), params);
    if (after) {
      const { created, id } = after;
      query = query.where(sql<SqlBool>`(registrations.created_at, registrations.id) < (${created}::timestamptz, ${id}::uuid)`);
    }
    const rows = await query.orderBy('registrations.created_at', 'desc').orderBy('registrations.id', 'desc').limit(batchSize).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = { created: last.cursor_at, id: last.id };
  }
}

/**
 * A registration's government ID as stored (the admin API answers it masked), the reveal recorded in
 * the activity log in the same transaction, by the admin who asked; undefined when there is no such registration.
 */
export async function revealGovernmentId(db: Db, by: string, id: string): Promise<GovernmentIdRecord | undefined> {
  if (!isId(id)) return undefined;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('registrations')
      .select(['id', 'first_name', 'last_name', 'government_id_type', 'government_id_number'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { recordLabel } = rowEntry('registrations', 'update', undefined, row);
    await recordActivity(trx, by, [{ action: 'reveal', resource: registrations.name, recordId: row.id, recordLabel }]);
    return { GovernmentIdType: row.government_id_type, GovernmentIdNumber: row.government_id_number };
  });
}

/**
 * Records an export in the activity log: how many registrations the search and filters select as it
 * starts (rows written while it streams may come or go), and what it was asked with.
 */
export async function recordExport(db: Db, by: string, params: ListParams): Promise<void> {
  const { rows } = await listedRecords(db, registrations, params).select(sql<number>`count(*)::int`.as('rows')).executeTakeFirstOrThrow();
  await recordActivity(db, by, [
    { action: 'export', resource: registrations.name, recordId: null, recordLabel: REGISTRATION_TEXTS.exportFileName, changes: registrationExportChanges(params, rows) },
  ]);
}
