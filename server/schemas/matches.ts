import { Type, type Static } from 'typebox';
import { matches } from '../../src/domain/entities/matches';
import { filtersSchema } from './declared';
import { Stats } from './stats';

/** `GET /admin/matches/stats`: the same search and filters as the list, without paging or the tab. */
export const MatchStatsQuery = Type.Object({
  search: Type.Optional(Type.String({ description: 'Case-insensitive stadium name search' })),
  ...filtersSchema(matches),
});

/** The list's tab counts over the matches the search and filters select. */
export const MatchStats = Stats({
  total: 'Matches the search and filters select',
  upcoming: 'Of those, the ones whose match date is now or later',
  played: 'Of those, the ones whose match date is before now',
});
export type MatchStats = Static<typeof MatchStats>;
