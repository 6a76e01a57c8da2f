/** The app users' own figures; their list and detail are the declared ones (repositories/declared.ts). */
import type { Db } from '../db/connection';
import type { UserStats } from '../schemas/users';
import { countedTotal } from './list';

/** The 'Total users' card: every app user, whatever the list's search. */
export const userStats = async (db: Db): Promise<UserStats> => ({ total: await countedTotal(db, { list: 'app_users' }) });
