import { sql } from 'kysely';
import type { Db } from '../db/connection';
import type { TeamStats } from '../schemas/teams';
import { figures } from './stats';

/** The Team Management stat cards over every team; a blank coach counts as none. */
export const teamStats = (db: Db): Promise<TeamStats> =>
  figures(db, 'teams', {
    total: sql`count(*)`,
    active: sql`count(*) filter (where is_active)`,
    withCoach: sql`count(nullif(trim(coach), ''))`,
  });
