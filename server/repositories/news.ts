import { sql } from 'kysely';
import { NEWS_THIS_WEEK_DAYS } from '../../src/domain/limits';
import type { Db } from '../db/connection';
import type { NewsStats } from '../schemas/news';
import { createdInLast, figures } from './stats';

/** The News Management stat cards over every article; `thisWeek` counts back from `now`. */
export const newsStats = (db: Db, now: Date): Promise<NewsStats> =>
  figures(db, 'news', {
    total: sql`count(*)`,
    thisWeek: createdInLast(NEWS_THIS_WEEK_DAYS, now),
    categories: sql`count(distinct category)`,
  });
