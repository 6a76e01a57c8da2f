import { Type, type Static } from 'typebox';
import { MATCH_RESULTS } from '../../src/domain/enums';
import { MATCH_RULES } from '../../src/domain/rules';
import { OrBlank } from './or-blank';
import { formBody } from './form';
import { ListQuery } from './list';
import { WholeNumber } from './numbers';
import { NamedRef, Nullable } from './refs';
import { RemoveImages } from './remove-images';
import { Stats } from './stats';
import { UpdatedAt, VersionField } from './version';

/** A side of a match: the team with its sport, also as `sportDetails.name` (the spec's match screens read that). */
export const MatchTeam = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  coach: Nullable(Type.String()),
  logo: Nullable(Type.String()),
  sport: Nullable(NamedRef),
  sportDetails: Type.Object({ name: Nullable(Type.String()) }),
});

const image = Nullable(Type.String({ description: '/uploads/… URL' }));

export const Match = Type.Object({
  _id: Type.String(),
  matchDate: Type.String({ format: 'date-time' }),
  matchTime: Nullable(Type.String()),
  stadium: Nullable(NamedRef),
  teamA: Nullable(MatchTeam),
  teamB: Nullable(MatchTeam),
  result: Type.String(),
  teamA_Flag: image,
  teamB_Flag: image,
  stadium_image: image,
  title: Nullable(Type.String()),
  overs: Nullable(Type.Integer()),
  format: Nullable(Type.String()),
  umpire: Nullable(Type.String()),
  tournament: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: UpdatedAt,
});
export type Match = Static<typeof Match>;

/** A calendar day ('2025-03-14') or an instant ('2025-03-14T18:30:00.000Z'). */
const DayOrInstant = (description: string) =>
  Type.Optional(Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })], { description }));

/** The list's filters beside search, shared by the list and its figures. */
const matchFilters = {
  result: Type.Optional(Type.Enum(MATCH_RESULTS)),
  from: DayOrInstant('Matches on or after this instant (a day alone: from its start, UTC)'),
  to: DayOrInstant('Matches on or before this instant (a day alone: to its end, UTC)'),
};

export const MATCH_WHEN = ['upcoming', 'played'] as const;
export type MatchWhen = (typeof MATCH_WHEN)[number];

export const MatchListQuery = ListQuery(['matchDate', 'createdAt'], {
  ...matchFilters,
  when: Type.Optional(
    Type.Enum(MATCH_WHEN, {
      description:
        'upcoming: the match date is now or later, soonest first; played: before now, latest first (each the default sort when none is asked)',
    }),
  ),
});

/** `GET /admin/matches/stats`: the same search and filters as the list, without paging or `when`. */
export const MatchStatsQuery = Type.Object({
  search: Type.Optional(Type.String({ description: 'Case-insensitive stadium name search' })),
  ...matchFilters,
});

/** The list's tab counts over the matches the search and filters select. */
export const MatchStats = Stats({
  total: 'Matches the search and filters select',
  upcoming: 'Of those, the ones whose match date is now or later',
  played: 'Of those, the ones whose match date is before now',
});
export type MatchStats = Static<typeof MatchStats>;

/**
 * Create and update take the same form (update keeps any image not sent). `stadium`, `teamA` and
 * `teamB` are record ids; overs is a whole number or blank (the rule gives its minimum and message).
 */
const matchExtra = { overs: Type.Optional(OrBlank(WholeNumber(1))) };
export const MatchBody = formBody(MATCH_RULES, matchExtra);
export type MatchBody = Static<typeof MatchBody>;

export const MATCH_IMAGES = ['stadium_image', 'teamA_Flag', 'teamB_Flag'] as const;

/** Update also takes `removeImages` naming any of the three images (see schemas/remove-images.ts). */
export const MatchUpdateBody = formBody(MATCH_RULES, { ...matchExtra, ...VersionField, removeImages: RemoveImages(MATCH_IMAGES) });
export type MatchUpdateBody = Static<typeof MatchUpdateBody>;
