import { sql } from 'kysely';
import type { Db } from '../db/connection';
import type { PlayerStats } from '../schemas/players';
import { figures } from './stats';

/** The Player Management stat card over every player. */
export const playerStats = (db: Db): Promise<PlayerStats> => figures(db, 'players', { total: sql`count(*)` });
