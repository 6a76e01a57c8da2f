import { Type, type Static } from 'typebox';
import { PLAYER_ROLES } from '../../src/domain/enums';
import { PLAYER_RULES } from '../../src/domain/rules';
import { OrBlank } from './or-blank';
import { formBody } from './form';
import { ListQuery } from './list';
import { BattingHeadedness, BattingOrder, BowlingStyle } from './lookups';
import { WholeNumber } from './numbers';
import { Nullable } from './refs';
import { Stats } from './stats';
import { UpdatedAt, VersionField } from './version';

export const TeamRef = Type.Object({ _id: Type.String(), name: Type.String(), coach: Nullable(Type.String()) });

export const Player = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  age: Nullable(Type.Integer()),
  image: Nullable(Type.String({ description: '/uploads/… or an external https URL' })),
  isActive: Type.Boolean(),
  playingRole: Nullable(Type.String()),
  videoUrl: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: UpdatedAt,
  team_id: Nullable(TeamRef),
  team: Nullable(TeamRef),
  bowling: Nullable(BowlingStyle),
  batting: Nullable(BattingHeadedness),
  battingOrder: Nullable(BattingOrder),
});
export type Player = Static<typeof Player>;

export const PlayerListQuery = ListQuery(['name', 'age', 'createdAt'], {
  team_id: Type.Optional(Type.String({ description: 'Players of this team (its _id)' })),
  playingRole: Type.Optional(Type.Enum(PLAYER_ROLES, { description: 'Players of this playing role' })),
});

/** `GET /admin/player/stats`: the Player Management stat card, over every player. */
export const PlayerStats = Stats({ total: 'All players' });
export type PlayerStats = Static<typeof PlayerStats>;

const reference = (what: string) => Type.Optional(Type.String({ description: `${what} _id; empty for none` }));

/**
 * Create and update take the same form. An absent field keeps the current value on update; an
 * empty one means "none". Reference ids must name existing records.
 */
const playerExtra = {
  age: Type.Optional(OrBlank(WholeNumber(1))),
  playingRole: Type.Optional(OrBlank(Type.Enum(PLAYER_ROLES))),
  videoUrl: Type.Optional(OrBlank(Type.String({ format: 'uri' }))),
  team_id: reference('Team'),
  bowling: reference('Bowling style'),
  batting: reference('Batting headedness'),
  battingOrder: reference('Batting order'),
};
export const PlayerBody = formBody(PLAYER_RULES, playerExtra);
export const PlayerUpdateBody = formBody(PLAYER_RULES, { ...playerExtra, ...VersionField });
