import { Type, type Static } from 'typebox';
import { MATCH_RESULTS } from '../../src/domain/enums';
import { MATCH_RULES } from '../../src/domain/rules';
import { OrBlank } from './blank';
import { formBody } from './form';
import { ListQuery } from './list';
import { WholeNumber } from './numbers';
import { NamedRef, Nullable } from './refs';

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
});
export type Match = Static<typeof Match>;

export const MatchListQuery = ListQuery(['matchDate', 'createdAt'], {
  result: Type.Optional(Type.Enum(MATCH_RESULTS)),
});

/**
 * Create and update take the same form (update keeps any image not sent). `stadium`, `teamA` and
 * `teamB` are record ids; overs is a whole number or blank (the rule gives its minimum and message).
 */
export const MatchBody = formBody(MATCH_RULES, { overs: Type.Optional(OrBlank(WholeNumber(1))) });
export type MatchBody = Static<typeof MatchBody>;
