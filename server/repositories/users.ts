import type { Selectable } from 'kysely';
import type { Db } from '../db/connection';
import type { AppUserTable } from '../db/schema';
import type { AppUser, UserStats } from '../schemas/users';
import { isId } from './ids';
import { countedTotal, listPage, type ListParams, type ListSpec } from './list';

const USER_LIST: ListSpec = {
  search: ['name', 'email'],
  sort: { name: 'name', createdAt: 'created_at' },
  filters: { isActive: 'is_active' },
  id: 'id',
  counted: { list: 'app_users', filters: ['isActive'] },
};

const toUser = (row: Selectable<AppUserTable>): AppUser => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  age: row.age,
  isActive: row.is_active,
  createdAt: row.created_at.toISOString(),
});

export const listUsers = (db: Db, params: ListParams) => listPage(db, () => db.selectFrom('app_users').selectAll(), USER_LIST, params, toUser);

/** The 'Total users' card: every app user, whatever the list's search. */
export const userStats = async (db: Db): Promise<UserStats> => ({ total: await countedTotal(db, { list: 'app_users' }) });

export async function findUser(db: Db, id: string): Promise<AppUser | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.selectFrom('app_users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}
