/**
 * Registrations a fan sends from the app, and the fan's own reads of them. A registration is
 * written as the admins' declared writes write one (cleaned, its places checked to exist and nest,
 * an entry in the activity log naming the fan, no admin), with the fan who sent it and its players, in one
 * transaction. The fan reads only their own; every other id is no registration to them.
 */
import { sql, type SqlBool } from 'kysely';
import type { AppImage } from '../../src/domain/app';
import { APP_REGISTRATION_TEXTS, appRegistrations, type AppPlayerField } from '../../src/domain/app-registrations';
import { DEFAULT_REGISTRATION_STATUS } from '../../src/domain/enums';
import { FAN_TEXTS } from '../../src/domain/fans';
import type { Db } from '../db/connection';
import { HttpError } from '../errors';
import type { FanRegistration } from '../schemas/app-registrations';
import { createRecord } from './declared';
import { isId } from './ids';
import { dayText } from './values';

export type AppPlayer = Partial<Record<AppPlayerField, string | null>>;

/** A blank or missing status is pending (see the declaration's `blankIs`). */
const isPending = sql<SqlBool>`(registrations.status = ${DEFAULT_REGISTRATION_STATUS} or coalesce(btrim(registrations.status), '') = '')`;

/** Whether the fan already has a registration waiting for review. */
async function pendingOf(db: Db, fanId: string): Promise<boolean> {
  const row = await db.selectFrom('registrations').select('id').where('user_id', '=', fanId).where(isPending).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Refuses a fan who already has a registration waiting for review (409). */
export async function refusePending(db: Db, fanId: string): Promise<void> {
  if (await pendingOf(db, fanId)) throw new HttpError(409, APP_REGISTRATION_TEXTS.pendingExists);
}

const text = (value: string | null | undefined) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Stores the fan's registration, pending, with its players in the order sent and their photos'
 * URLs. The fan's row is locked first, so two sends at once cannot both pass the one-pending check.
 * Answers its id; a refusal (400 for a place, 409 for a pending one) stores nothing.
 */
export async function createAppRegistration(db: Db, fanId: string, person: Record<string, unknown>, players: readonly AppPlayer[], photos: readonly string[]): Promise<string> {
  const record = await createRecord(
    db,
    null,
    appRegistrations,
    person,
    {},
    async (trx, id) => {
      const fan = await trx.selectFrom('app_users').select('id').where('id', '=', fanId).forUpdate().executeTakeFirst();
      if (!fan) throw new HttpError(401, FAN_TEXTS.sessionEnded, undefined, 'auth.session_ended');
      await refusePending(trx, fanId);
      await trx.updateTable('registrations').set({ user_id: fanId }).where('id', '=', id).execute();
      await trx
        .insertInto('registration_players')
        .values(
          players.map((player, index) => ({
            registration_id: id,
            position: index + 1,
            first_name: text(player.firstName)!,
            last_name: text(player.lastName),
            dob: text(player.dob),
            playing_role: text(player.playingRole),
            batting_style: text(player.battingStyle),
            bowling_style: text(player.bowlingStyle),
            photo: photos[index] ?? null,
          })),
        )
        .execute();
      return { action: 'create', fanId };
    },
  );
  return String(record._id);
}

const place = (alias: 's' | 'd' | 'c') =>
  sql<{ _id: string; name: string } | null>`case when ${sql.ref(`${alias}.id`)} is null then null else json_build_object('_id', ${sql.ref(`${alias}.id`)}, 'name', ${sql.ref(`${alias}.name`)}) end`;

const selectOwn = (db: Db, fanId: string) =>
  db
    .selectFrom('registrations')
    .leftJoin('states as s', 's.id', 'registrations.state_id')
    .leftJoin('districts as d', 'd.id', 'registrations.district_id')
    .leftJoin('cities as c', 'c.id', 'registrations.city_id')
    .select([
      'registrations.id',
      'registrations.status',
      'registrations.created_at',
      'registrations.updated_at',
      'registrations.first_name',
      'registrations.last_name',
      'registrations.email',
      'registrations.phone',
      dayText('registrations.dob').as('dob'),
      'registrations.government_id_type',
      'registrations.government_id_number',
      place('s').as('state'),
      place('d').as('district'),
      place('c').as('city'),
      'registrations.area',
      'registrations.pin_code',
      'registrations.address',
      'registrations.playing_role',
      'registrations.batting_style',
    ])
    .where('registrations.user_id', '=', fanId);

type OwnRow = Awaited<ReturnType<ReturnType<typeof selectOwn>['execute']>>[number];

/** The app's view of stored images by URL, which the caller passes (storage/image-sizes.ts `appImagesOf`). */
export type ImagesOf = (db: Db, urls: readonly (string | null | undefined)[]) => Promise<Map<string, AppImage>>;

/** Each registration with its players in the order sent, every field the fan sent (the ID whole: it is theirs), and the photos in their sizes. */
async function withPlayers(db: Db, rows: OwnRow[], imagesOf: ImagesOf): Promise<FanRegistration[]> {
  if (rows.length === 0) return [];
  const players = await db
    .selectFrom('registration_players')
    .select(['id', 'registration_id', 'first_name', 'last_name', dayText('dob').as('dob'), 'playing_role', 'batting_style', 'bowling_style', 'photo'])
    .where(
      'registration_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  const photos = await imagesOf(
    db,
    players.map((player) => player.photo),
  );
  return rows.map((row) => ({
    _id: row.id,
    status: row.status?.trim() ? row.status : DEFAULT_REGISTRATION_STATUS,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    DOB: row.dob,
    GovernmentIdType: row.government_id_type,
    GovernmentIdNumber: row.government_id_number,
    state: row.state,
    district: row.district,
    city: row.city,
    area: row.area,
    pinCode: row.pin_code,
    address: row.address,
    playingRole: row.playing_role,
    battingStyle: row.batting_style,
    players: players
      .filter((player) => player.registration_id === row.id)
      .map((player) => ({
        _id: player.id,
        firstName: player.first_name,
        lastName: player.last_name,
        dob: player.dob,
        playingRole: player.playing_role,
        battingStyle: player.batting_style,
        bowlingStyle: player.bowling_style,
        photo: (player.photo ? photos.get(player.photo) : undefined) ?? null,
      })),
  }));
}

/** The fan's own registrations, newest first. */
export async function fanRegistrations(db: Db, fanId: string, imagesOf: ImagesOf): Promise<FanRegistration[]> {
  const rows = await selectOwn(db, fanId).orderBy('registrations.created_at', 'desc').orderBy('registrations.id', 'desc').execute();
  return withPlayers(db, rows, imagesOf);
}

/** One of the fan's own registrations; undefined for any other id (another fan's, none, or no id at all). */
export async function fanRegistration(db: Db, fanId: string, id: string, imagesOf: ImagesOf): Promise<FanRegistration | undefined> {
  if (!isId(id)) return undefined;
  const row = await selectOwn(db, fanId).where('registrations.id', '=', id).executeTakeFirst();
  return row ? (await withPlayers(db, [row], imagesOf))[0] : undefined;
}
