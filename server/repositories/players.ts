import { sql } from 'kysely';
import type { Db } from '../db/connection';
import type { BattingHeadedness, BattingOrder, BowlingStyle } from '../schemas/lookups';
import type { Player, PlayerStats } from '../schemas/players';
import { idFilter, isId } from './ids';
import { listPage, type ListParams, type ListSpec, type RowOf } from './list';
import { BATTING_HEADEDNESS, BATTING_ORDERS, BOWLING_STYLES, populated, type FieldMap } from './lookups';
import type { Reference } from './references';
import { figures } from './stats';
import { assertReferences, insertRecorded, updateWithImage, type Versioned } from './writes';

type TeamRef = NonNullable<Player['team']>;
const TEAM_REF: FieldMap<TeamRef> = { _id: 'id', name: 'name', coach: 'coach' };

/** On update an absent field (undefined) keeps its value and null clears it. */
export interface PlayerFields {
  name: string;
  age?: number | null;
  image?: string;
  playingRole?: string | null;
  videoUrl?: string | null;
  teamId?: string | null;
  bowlingId?: string | null;
  battingId?: string | null;
  battingOrderId?: string | null;
}

const PLAYER_LIST: ListSpec = {
  search: ['players.name'],
  sort: { name: 'players.name', age: 'players.age', createdAt: 'players.created_at' },
  filters: { team_id: idFilter('players.team_id'), playingRole: 'players.playing_role' },
  id: 'players.id',
};

const selectPlayers = (db: Db) =>
  db
    .selectFrom('players')
    .leftJoin('teams', 'teams.id', 'players.team_id')
    .leftJoin('bowling_styles', 'bowling_styles.id', 'players.bowling_id')
    .leftJoin('batting_headedness', 'batting_headedness.id', 'players.batting_id')
    .leftJoin('batting_orders', 'batting_orders.id', 'players.batting_order_id')
    .select([
      'players.id',
      'players.name',
      'players.age',
      'players.image',
      'players.is_active',
      'players.playing_role',
      'players.video_url',
      'players.created_at',
      'players.updated_at',
      populated<TeamRef>('teams', TEAM_REF).as('team'),
      populated<BowlingStyle>('bowling_styles', BOWLING_STYLES.fields).as('bowling'),
      populated<BattingHeadedness>('batting_headedness', BATTING_HEADEDNESS.fields).as('batting'),
      populated<BattingOrder>('batting_orders', BATTING_ORDERS.fields).as('batting_order'),
    ]);

type PlayerRow = RowOf<typeof selectPlayers>;

const toPlayer = (row: PlayerRow): Player => ({
  _id: row.id,
  name: row.name,
  age: row.age,
  image: row.image,
  isActive: row.is_active,
  playingRole: row.playing_role,
  videoUrl: row.video_url,
  createdAt: row.created_at.toISOString(),
  // The spec's screens read the team under both names.
  team_id: row.team,
  team: row.team,
  bowling: row.bowling,
  batting: row.batting,
  battingOrder: row.batting_order,
  updatedAt: row.updated_at.toISOString(),
});

const columnsOf = (fields: PlayerFields) => ({
  name: fields.name,
  age: fields.age,
  image: fields.image,
  playing_role: fields.playingRole,
  video_url: fields.videoUrl,
  team_id: fields.teamId,
  bowling_id: fields.bowlingId,
  batting_id: fields.battingId,
  batting_order_id: fields.battingOrderId,
});

/** Keyed by the form's field names, so an unknown id is reported against the field that sent it. */
const referencesOf = (fields: PlayerFields): Record<string, Reference> => ({
  team_id: ['teams', fields.teamId],
  bowling: ['bowling_styles', fields.bowlingId],
  batting: ['batting_headedness', fields.battingId],
  battingOrder: ['batting_orders', fields.battingOrderId],
});

export const listPlayers = (db: Db, params: ListParams) => listPage(db, () => selectPlayers(db), PLAYER_LIST, params, toPlayer);

/** The Player Management stat card over every player. */
export const playerStats = (db: Db): Promise<PlayerStats> => figures(db, 'players', { total: sql`count(*)` });

export async function findPlayer(db: Db, id: string): Promise<Player | undefined> {
  if (!isId(id)) return undefined;
  const row = await selectPlayers(db).where('players.id', '=', id).executeTakeFirst();
  return row && toPlayer(row);
}

/** A team's squad, by name. */
export async function playersOfTeam(db: Db, teamId: string): Promise<Player[]> {
  const rows = await selectPlayers(db).where('players.team_id', '=', teamId).orderBy('players.name').orderBy('players.id').execute();
  return rows.map(toPlayer);
}

export async function createPlayer(db: Db, by: string, fields: PlayerFields): Promise<Player> {
  const { id } = await insertRecorded(db, by, 'players', columnsOf(fields), (trx) => assertReferences(trx, referencesOf(fields)));
  return (await findPlayer(db, id))!;
}

/** The updated player and the image it let go of, or undefined when there is no such player. */
export async function updatePlayer(db: Db, by: string, id: string, fields: PlayerFields, { version }: Versioned = {}) {
  const result = await updateWithImage(db, by, 'players', id, columnsOf(fields), { version, check: (trx) => assertReferences(trx, referencesOf(fields)) });
  return result && { record: (await findPlayer(db, id))!, replaced: result.replaced };
}
