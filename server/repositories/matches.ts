import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import { VALIDATION } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import type { Match, MatchStats, MatchWhen } from '../schemas/matches';
import { badRequest } from '../errors';
import { isId } from './ids';
import { listPage, whereListed, type ListParams, type ListSpec, type RowOf } from './list';
import { missingReferences } from './references';
import { namedRef, optionalText } from './values';
import { imagesLetGo, insertRecorded, updateRecorded, type Versioned } from './writes';

export interface MatchFields {
  matchDate: string;
  stadium: string;
  teamA: string;
  teamB: string;
  result: string;
  matchTime?: string;
  title?: string;
  /** Blank clears it. */
  overs?: number | '';
  format?: string;
  umpire?: string;
  tournament?: string;
}

/** Stored image URLs; on update an absent one keeps the current file and null removes it. */
export interface MatchImages {
  teamA_Flag?: string | null;
  teamB_Flag?: string | null;
  stadium_image?: string | null;
}

const IMAGE_COLUMNS = { teamA_Flag: 'team_a_flag', teamB_Flag: 'team_b_flag', stadium_image: 'stadium_image' } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const matchDate = sql.ref('matches.match_date');

/** `to` is inclusive: an instant up to itself, a day alone up to its end (UTC). */
const until = (value: string) =>
  DAY_ONLY.test(value)
    ? sql<SqlBool>`${matchDate} < ${new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS)}`
    : sql<SqlBool>`${matchDate} <= ${new Date(value)}`;

/** Upcoming: the match date is now or later; played: before now. */
const isWhen = (when: MatchWhen, now: Date) =>
  when === 'upcoming' ? sql<SqlBool>`${matchDate} >= ${now}` : sql<SqlBool>`${matchDate} < ${now}`;

/** Search and filters of the list and its figures; `now` splits upcoming from played. */
const matchList = (now: Date): ListSpec => ({
  search: ['stadiums.name'],
  sort: { matchDate: 'matches.match_date', createdAt: 'matches.created_at' },
  filters: {
    result: 'matches.result',
    from: (value) => sql<SqlBool>`${matchDate} >= ${new Date(String(value))}`,
    to: (value) => until(String(value)),
    when: (value) => isWhen(value as MatchWhen, now),
  },
  id: 'matches.id',
});

/** Each tab's own order when none is asked: upcoming soonest first, played latest first. */
const WHEN_SORT: Record<MatchWhen, Pick<ListParams, 'sort' | 'order'>> = {
  upcoming: { sort: 'matchDate', order: 'asc' },
  played: { sort: 'matchDate', order: 'desc' },
};

/** One side of the match as a JSON object, with its sport, or null when the team is gone. */
const teamOf = (eb: ExpressionBuilder<Database, 'matches'>, column: 'matches.team_a_id' | 'matches.team_b_id') =>
  jsonObjectFrom(
    eb
      .selectFrom('teams')
      .leftJoin('sports', 'sports.id', 'teams.sport_id')
      .select(['teams.id', 'teams.name', 'teams.coach', 'teams.logo', 'sports.id as sport_id', 'sports.name as sport_name'])
      .whereRef('teams.id', '=', column),
  );

const selectMatches = (db: Db) =>
  db
    .selectFrom('matches')
    .leftJoin('stadiums', 'stadiums.id', 'matches.stadium_id')
    .selectAll('matches')
    .select((eb) => [
      'stadiums.name as stadium_name',
      teamOf(eb, 'matches.team_a_id').as('team_a'),
      teamOf(eb, 'matches.team_b_id').as('team_b'),
    ]);

type MatchRow = RowOf<typeof selectMatches>;

const toTeam = (team: MatchRow['team_a']): Match['teamA'] =>
  team && {
    _id: team.id,
    name: team.name,
    coach: team.coach,
    logo: team.logo,
    sport: namedRef(team.sport_id, team.sport_name),
    sportDetails: { name: team.sport_name },
  };

const toMatch = (row: MatchRow): Match => ({
  _id: row.id,
  matchDate: row.match_date.toISOString(),
  matchTime: row.match_time,
  stadium: namedRef(row.stadium_id, row.stadium_name),
  teamA: toTeam(row.team_a),
  teamB: toTeam(row.team_b),
  result: row.result,
  teamA_Flag: row.team_a_flag,
  teamB_Flag: row.team_b_flag,
  stadium_image: row.stadium_image,
  title: row.title,
  overs: row.overs,
  format: row.format,
  umpire: row.umpire,
  tournament: row.tournament,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const columnsOf = (fields: MatchFields, images: MatchImages) => ({
  // A date-only value ('2024-05-01') means that day in UTC, whatever the database's time zone.
  match_date: new Date(fields.matchDate),
  stadium_id: fields.stadium,
  team_a_id: fields.teamA,
  team_b_id: fields.teamB,
  result: fields.result,
  match_time: optionalText(fields.matchTime),
  title: optionalText(fields.title),
  overs: fields.overs === '' ? null : fields.overs,
  format: optionalText(fields.format),
  umpire: optionalText(fields.umpire),
  tournament: optionalText(fields.tournament),
  team_a_flag: images.teamA_Flag,
  team_b_flag: images.teamB_Flag,
  stadium_image: images.stadium_image,
});

/**
 * Refuses, with field errors, ids a match form names that name no record, and two teams that are one.
 * Run with the write's transaction handle, so a team deleted meanwhile cannot slip through.
 */
async function assertMatchReferences(trx: Db, fields: MatchFields): Promise<void> {
  const errors = await missingReferences(trx, {
    stadium: ['stadiums', fields.stadium],
    teamA: ['teams', fields.teamA],
    teamB: ['teams', fields.teamB],
  });
  if (!errors.teamB && fields.teamA.trim() === fields.teamB.trim()) errors.teamB = VALIDATION.teamsMustDiffer;
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

export interface MatchListParams extends ListParams {
  when?: MatchWhen;
}

export const listMatches = (db: Db, params: MatchListParams, now: Date) =>
  listPage(
    db,
    () => selectMatches(db),
    matchList(now),
    params.when && !params.sort ? { ...params, ...WHEN_SORT[params.when] } : params,
    toMatch,
  );

/** The list's tab counts: the matches the search and filters select, upcoming and played among them. */
export async function matchStats(db: Db, params: Omit<MatchListParams, 'when'>, now: Date): Promise<MatchStats> {
  const select = db.selectFrom('matches').leftJoin('stadiums', 'stadiums.id', 'matches.stadium_id');
  return whereListed(select, matchList(now), { ...params, when: undefined })
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where ${isWhen('upcoming', now)}))::int`.as('upcoming'),
      sql<number>`(count(*) filter (where ${isWhen('played', now)}))::int`.as('played'),
    ])
    .executeTakeFirstOrThrow();
}

export async function findMatch(db: Db, id: string): Promise<Match | undefined> {
  if (!isId(id)) return undefined;
  const row = await selectMatches(db).where('matches.id', '=', id).executeTakeFirst();
  return row && toMatch(row);
}

export async function createMatch(db: Db, by: string, fields: MatchFields, images: MatchImages): Promise<Match> {
  const { id } = await insertRecorded(db, by, 'matches', columnsOf(fields, images), (trx) => assertMatchReferences(trx, fields));
  return (await findMatch(db, id))!;
}

/** Answers the updated match and the stored images it let go of, or undefined if there is no such match. */
export async function updateMatch(
  db: Db,
  by: string,
  id: string,
  fields: MatchFields,
  images: MatchImages,
  { version }: Versioned = {},
): Promise<{ match: Match; replacedImages: string[] } | undefined> {
  const result = await updateRecorded(db, by, 'matches', id, columnsOf(fields, images), { version, check: (trx) => assertMatchReferences(trx, fields) });
  if (!result) return undefined;
  return { match: (await findMatch(db, id))!, replacedImages: imagesLetGo(result, Object.values(IMAGE_COLUMNS)) };
}
