import { Type, type Static } from 'typebox';
import { TEAM_CREATE_RULES, TEAM_EDIT_RULES } from '../../src/domain/rules';
import { formBody } from './form';
import { ListQuery } from './list';
import { Sport } from './lookups';
import { Player } from './players';
import { Nullable } from './refs';
import { RemoveImages } from './remove-images';
import { Stats } from './stats';
import { UpdatedAt, VersionField } from './version';

export const Team = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  sport: Nullable(Sport),
  coach: Nullable(Type.String()),
  logo: Nullable(Type.String({ description: '/uploads/… or an external https URL' })),
  isActive: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: UpdatedAt,
  playerCount: Type.Integer(),
});
export type Team = Static<typeof Team>;

/** The detail adds the squad. */
export const TeamDetail = Type.Object({ ...Team.properties, players: Type.Array(Player) });
export type TeamDetail = Static<typeof TeamDetail>;

export const TeamListQuery = ListQuery(['name', 'createdAt'], {
  isActive: Type.Optional(Type.Boolean({ description: 'Only active (true) or inactive (false) teams' })),
  sport: Type.Optional(Type.String({ description: 'Teams of this sport (its _id)' })),
});

/** `GET /admin/teams/stats`: the Team Management stat cards, over every team. */
export const TeamStats = Stats({
  total: 'All teams',
  active: 'Active teams',
  withCoach: 'Teams with a coach (a blank coach is none)',
});
export type TeamStats = Static<typeof TeamStats>;

/** An absent coach or flag keeps the current value on update; an empty coach means "none". */
const teamExtra = {
  coach: Type.Optional(Type.String()),
  isActive: Type.Optional(Type.Boolean({ description: 'Default true' })),
};
export const TeamCreateBody = formBody(TEAM_CREATE_RULES, teamExtra);
/** Update also takes `removeImages: ['logo']` (see schemas/remove-images.ts). */
export const TeamUpdateBody = formBody(TEAM_EDIT_RULES, { ...teamExtra, ...VersionField, removeImages: RemoveImages(['logo']) });
