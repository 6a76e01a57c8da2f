import { sql } from 'kysely';
import type { Db } from '../db/connection';
import type { Sport } from '../schemas/lookups';
import type { Team, TeamDetail, TeamStats } from '../schemas/teams';
import { idFilter, isId } from './ids';
import { listPage, type ListParams, type ListSpec, type RowOf } from './list';
import { populated, SPORTS } from './lookups';
import { playersOfTeam } from './players';
import { figures } from './stats';
import type { Reference } from './references';
import { assertReferences, deleteWithImage, insertRecorded, updateWithImage, type Versioned } from './writes';

/** On update an absent field (undefined) keeps its value and null clears it. */
export interface TeamFields {
  name: string;
  sportId: string;
  coach?: string | null;
  isActive?: boolean;
  logo?: string | null;
}

const TEAM_LIST: ListSpec = {
  search: ['teams.name', 'teams.coach'],
  sort: { name: 'teams.name', createdAt: 'teams.created_at' },
  filters: { isActive: 'teams.is_active', sport: idFilter('teams.sport_id') },
  id: 'teams.id',
};

const selectTeams = (db: Db) =>
  db
    .selectFrom('teams')
    .leftJoin('sports', 'sports.id', 'teams.sport_id')
    .select((eb) => [
      'teams.id',
      'teams.name',
      'teams.coach',
      'teams.logo',
      'teams.is_active',
      'teams.created_at',
      'teams.updated_at',
      populated<Sport>('sports', SPORTS.fields).as('sport'),
      eb
        .selectFrom('players')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('players.team_id', '=', 'teams.id')
        .as('player_count'),
    ]);

type TeamRow = RowOf<typeof selectTeams>;

const toTeam = (row: TeamRow): Team => ({
  _id: row.id,
  name: row.name,
  sport: row.sport,
  coach: row.coach,
  logo: row.logo,
  isActive: row.is_active,
  createdAt: row.created_at.toISOString(),
  playerCount: row.player_count ?? 0,
  updatedAt: row.updated_at.toISOString(),
});

const columnsOf = (fields: TeamFields) => ({
  name: fields.name,
  sport_id: fields.sportId,
  coach: fields.coach,
  is_active: fields.isActive,
  logo: fields.logo,
});

const referencesOf = (fields: TeamFields): Record<string, Reference> => ({ sport: ['sports', fields.sportId] });

export const listTeams = (db: Db, params: ListParams) => listPage(db, () => selectTeams(db), TEAM_LIST, params, toTeam);

/** The Team Management stat cards over every team; a blank coach counts as none. */
export const teamStats = (db: Db): Promise<TeamStats> =>
  figures(db, 'teams', {
    total: sql`count(*)`,
    active: sql`count(*) filter (where is_active)`,
    withCoach: sql`count(nullif(trim(coach), ''))`,
  });

/** The team with its squad. */
export async function findTeam(db: Db, id: string): Promise<TeamDetail | undefined> {
  if (!isId(id)) return undefined;
  const row = await selectTeams(db).where('teams.id', '=', id).executeTakeFirst();
  return row && { ...toTeam(row), players: await playersOfTeam(db, id) };
}

export async function createTeam(db: Db, by: string, fields: TeamFields): Promise<TeamDetail> {
  const { id } = await insertRecorded(db, by, 'teams', columnsOf(fields), (trx) => assertReferences(trx, referencesOf(fields)));
  return (await findTeam(db, id))!;
}

/** The updated team and the logo it let go of, or undefined when there is no such team. */
export async function updateTeam(db: Db, by: string, id: string, fields: TeamFields, { version }: Versioned = {}) {
  const result = await updateWithImage(db, by, 'teams', id, columnsOf(fields), { version, check: (trx) => assertReferences(trx, referencesOf(fields)) });
  return result && { record: (await findTeam(db, id))!, replaced: result.replaced };
}

/**
 * Deletes the team and answers its logo (to remove from disk), or undefined when there was no such
 * team. Its players stay, without a team, and matches keep their other side (foreign keys set null).
 */
export const deleteTeam = (db: Db, by: string, id: string) => deleteWithImage(db, by, 'teams', id);
