import type { Static } from 'typebox';
import { NEWS_THIS_WEEK_DAYS } from '../../src/domain/limits';
import { Stats } from './stats';

/** `GET /admin/news/stats`: the News Management stat cards, over every article. */
export const NewsStats = Stats({
  total: 'All articles',
  thisWeek: `Articles created in the last ${NEWS_THIS_WEEK_DAYS} days`,
  categories: 'Distinct categories (articles without one are not a category)',
});
export type NewsStats = Static<typeof NewsStats>;
