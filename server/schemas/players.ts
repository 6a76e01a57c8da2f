import type { Static } from 'typebox';
import { Stats } from './stats';

/** `GET /admin/player/stats`: the Player Management stat card, over every player. */
export const PlayerStats = Stats({ total: 'All players' });
export type PlayerStats = Static<typeof PlayerStats>;
