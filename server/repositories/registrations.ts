import { sql, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { DEFAULT_REGISTRATION_STATUS, type RegistrationStatus } from '../../src/domain/enums';
import { REGISTRATION_RULES } from '../../src/domain/rules';
import type { Db } from '../db/connection';
import type { Registration, RegistrationStats } from '../schemas/registrations';
import { idFilter, isId } from './ids';
import { likePattern, listPage, whereListed, type ListParams, type ListSpec, type RowOf } from './list';
import type { Location } from './locations';
import { namedRef, optionalText } from './values';
import { lockedRow, recordActivity, rowEntry } from './activity';
import { staleEdit, type Versioned } from './writes';

/** The fields the edit form changes (REGISTRATION_RULES); undefined keeps a value, null clears it. */
export interface RegistrationChanges {
  firstName?: string;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  state?: string | null;
  district?: string | null;
  city?: string | null;
  area?: string | null;
  pinCode?: string | null;
  address?: string | null;
}

/** A registration whose status is missing (null or blank) counts as pending. */
const isPending = sql<SqlBool>`(registrations.status = ${DEFAULT_REGISTRATION_STATUS} or coalesce(btrim(registrations.status), '') = '')`;
const hasStatus = (status: unknown) =>
  status === DEFAULT_REGISTRATION_STATUS ? isPending : sql<SqlBool>`registrations.status = ${String(status)}`;

const REGISTRATION_LIST: ListSpec = {
  search: [
    'registrations.first_name',
    'registrations.last_name',
    'registrations.email',
    'registrations.phone',
    // 'Asha Patil' finds Asha Patil.
    (text) => sql<SqlBool>`concat_ws(' ', registrations.first_name, registrations.last_name) ilike ${likePattern(text)}`,
  ],
  sort: { firstName: 'registrations.first_name', createdAt: 'registrations.created_at' },
  naturalSort: ['firstName'],
  filters: {
    status: hasStatus,
    state: idFilter('registrations.state_id'),
    district: idFilter('registrations.district_id'),
    city: idFilter('registrations.city_id'),
    playingRole: 'registrations.playing_role',
  },
  id: 'registrations.id',
  counted: { list: 'registrations', filters: ['status'] },
  table: 'registrations',
};

/** Dates of birth are calendar days: read as 'YYYY-MM-DD' text, never through a time zone. */
const dayText = (column: string) => sql<string | null>`${sql.ref(column)}::text`;

/** Registrations with the names of their state, district and city, for the list, the detail and the export. */
const withPlaces = (db: Db) =>
  db
    .selectFrom('registrations')
    .leftJoin('states', 'states.id', 'registrations.state_id')
    .leftJoin('districts', 'districts.id', 'registrations.district_id')
    .leftJoin('cities', 'cities.id', 'registrations.city_id');

const selectRegistrations = (db: Db) =>
  withPlaces(db)
    .selectAll('registrations')
    .select((eb) => [
      'states.name as state_name',
      'districts.name as district_name',
      'cities.name as city_name',
      dayText('registrations.dob').as('dob_text'),
      jsonArrayFrom(
        eb
          .selectFrom('registration_players as p')
          .select([
            'p.id',
            'p.first_name',
            'p.last_name',
            dayText('p.dob').as('dob'),
            'p.playing_role',
            'p.batting_style',
            'p.bowling_style',
            'p.photo',
          ])
          .whereRef('p.registration_id', '=', 'registrations.id')
          .orderBy('p.position'),
      ).as('players'),
    ]);

type RegistrationRow = RowOf<typeof selectRegistrations>;

const toRegistration = (row: RegistrationRow): Registration => ({
  _id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  DOB: row.dob_text,
  GovernmentIdType: row.government_id_type,
  GovernmentIdNumber: row.government_id_number,
  state: namedRef(row.state_id, row.state_name),
  district: namedRef(row.district_id, row.district_name),
  city: namedRef(row.city_id, row.city_name),
  area: row.area,
  pinCode: row.pin_code,
  address: row.address,
  playingRole: row.playing_role,
  battingStyle: row.batting_style,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  players: row.players.map((player) => ({
    _id: player.id,
    firstName: player.first_name,
    lastName: player.last_name,
    dob: player.dob,
    playingRole: player.playing_role,
    battingStyle: player.batting_style,
    bowlingStyle: player.bowling_style,
    photo: player.photo,
  })),
});

export const listRegistrations = (db: Db, params: ListParams) =>
  listPage(db, () => selectRegistrations(db), REGISTRATION_LIST, params, toRegistration);

/** The status tabs' counts over what the search and filters select (the status tab itself left out). */
export async function registrationStats(db: Db, params: ListParams): Promise<RegistrationStats> {
  return whereListed(db.selectFrom('registrations'), REGISTRATION_LIST, { ...params, status: undefined })
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where ${isPending}))::int`.as('pending'),
      sql<number>`(count(*) filter (where registrations.status = 'approved'))::int`.as('approved'),
      sql<number>`(count(*) filter (where registrations.status = 'rejected'))::int`.as('rejected'),
    ])
    .executeTakeFirstOrThrow();
}

/** One registration's new status; undefined when there is no such registration. */
export async function setStatus(db: Db, by: string, id: string, status: RegistrationStatus): Promise<Registration | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.transaction().execute(async (trx) => {
    const before = await lockedRow(trx, 'registrations', id);
    if (!before) return undefined;
    const after = await trx.updateTable('registrations').set({ status }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await recordActivity(trx, by, [rowEntry('registrations', 'update', before, after)]);
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
    return { changed: updated.length };
  });
}

/** A CSV row of the export: the list's columns, then status, location and address. */
export type ExportRow = RowOf<typeof selectExport>;

const selectExport = (db: Db) =>
  withPlaces(db)
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
    ]);

/**
 * Every registration the search, status and filters select, newest first, read in batches of
 * `batchSize` by keyset (created_at, id): memory holds one batch, whatever the number of rows, and
 * each batch is its own short query, so PGlite's single connection serves other requests between them.
 */
export async function* exportRegistrations(db: Db, params: ListParams, batchSize = 1000): AsyncGenerator<ExportRow[]> {
  let after: { created: string; id: string } | undefined;
  for (;;) {
    let query = whereListed(selectExport(db), REGISTRATION_LIST, params);
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

export async function findRegistration(db: Db, id: string): Promise<Registration | undefined> {
  if (!isId(id)) return undefined;
  const row = await selectRegistrations(db).where('registrations.id', '=', id).executeTakeFirst();
  return row && toRegistration(row);
}

/** The registration's current state, district and city ids (to check an edit against), or undefined. */
export async function findLocation(db: Db, id: string): Promise<Location | undefined> {
  if (!isId(id)) return undefined;
  return db
    .selectFrom('registrations')
    .select(['state_id as state', 'district_id as district', 'city_id as city'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Undefined when there is no such registration; a 409 when `version` is no longer its `updated_at`. */
export async function updateRegistration(
  db: Db,
  by: string,
  id: string,
  changes: RegistrationChanges,
  { version }: Versioned = {},
): Promise<Registration | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.transaction().execute(async (trx) => {
    const before = await lockedRow(trx, 'registrations', id);
    if (!before) return undefined;
    const after = await trx
      .updateTable('registrations')
      .set({
      first_name: changes.firstName?.trim(),
      last_name: changes.lastName,
      email: changes.email,
      phone: changes.phone,
      state_id: changes.state,
      district_id: changes.district,
      city_id: changes.city,
      area: changes.area,
      pin_code: changes.pinCode,
      address: changes.address,
      })
      .where('id', '=', id)
      .$if(version !== undefined, (update) => update.where('updated_at', '=', version!))
      .returningAll()
      .executeTakeFirst();
    if (!after) throw staleEdit();
    await recordActivity(trx, by, [rowEntry('registrations', 'update', before, after)]);
    return after;
  });
  return row && findRegistration(db, id);
}

/** Deletes the registration with its players; answers their stored photos (to remove from disk), or undefined if absent. */
export async function deleteRegistration(db: Db, by: string, id: string): Promise<{ photos: string[] } | undefined> {
  if (!isId(id)) return undefined;
  return db.transaction().execute(async (trx) => {
    const players = await trx.selectFrom('registration_players').select('photo').where('registration_id', '=', id).execute();
    const deleted = await trx.deleteFrom('registrations').where('id', '=', id).returningAll().executeTakeFirst();
    if (deleted) await recordActivity(trx, by, [rowEntry('registrations', 'delete', deleted, undefined)]);
    return deleted && { photos: players.flatMap((player) => player.photo ?? []) };
  });
}

/** The edit form's fields as changes: trimmed, blank → null (cleared), absent → kept; anything else sent is ignored. */
export const changesFrom = (body: Partial<Record<keyof RegistrationChanges, string>>): RegistrationChanges =>
  Object.fromEntries(
    (Object.keys(REGISTRATION_RULES) as (keyof RegistrationChanges)[]).map((field) => [field, optionalText(body[field])]),
  );
