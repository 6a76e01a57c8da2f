/** What matches have beyond their declaration (src/domain/entities/matches.ts): the list's tab counts. */
import { sql } from 'kysely';
import { matches } from '../../src/domain/entities/matches';
import type { Db } from '../db/connection';
import type { MatchStats } from '../schemas/matches';
import { listedRecords, splitWhere } from './declared';
import type { ListParams } from './list';

/** The list's tab counts: the matches the search and filters select, upcoming and played among them. */
export async function matchStats(db: Db, params: ListParams): Promise<MatchStats> {
  return listedRecords(db, matches, { ...params, [matches.list.split!.param]: undefined })
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where ${splitWhere(matches, 'later')}))::int`.as('upcoming'),
      sql<number>`(count(*) filter (where ${splitWhere(matches, 'earlier')}))::int`.as('played'),
    ])
    .executeTakeFirstOrThrow() as Promise<MatchStats>;
}
