import type { Static } from 'typebox';
import { Stats } from './stats';

/** `GET /admin/teams/stats`: the Team Management stat cards, over every team. */
export const TeamStats = Stats({
  total: 'All teams',
  active: 'Active teams',
  withCoach: 'Teams with a coach (a blank coach is none)',
});
export type TeamStats = Static<typeof TeamStats>;
