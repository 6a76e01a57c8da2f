import type { Static } from 'typebox';
import { Stats } from './stats';

export const UserStats = Stats({ total: 'All app users' });
export type UserStats = Static<typeof UserStats>;
