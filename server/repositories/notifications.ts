import type { Selectable } from 'kysely';
import type { Db } from '../db/connection';
import type { NotificationTable } from '../db/schema';
import type { Notification } from '../schemas/notifications';
import { isId } from './ids';
import { listPage, type ListParams, type ListSpec } from './list';
import { insertRecorded } from './writes';

const NOTIFICATION_LIST: ListSpec = {
  search: ['title', 'body'],
  sort: { title: 'title', createdAt: 'created_at' },
  id: 'id',
};

const toNotification = (row: Selectable<NotificationTable>): Notification => ({
  _id: row.id,
  title: row.title,
  body: row.body,
  image: row.image,
  logo: row.image,
  isActive: row.is_active,
  createdAt: row.created_at.toISOString(),
});

export const listNotifications = (db: Db, params: ListParams) =>
  listPage(db, () => db.selectFrom('notifications').selectAll(), NOTIFICATION_LIST, params, toNotification);

export async function findNotification(db: Db, id: string): Promise<Notification | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toNotification(row);
}

export async function createNotification(db: Db, by: string, fields: { title: string; body: string; image?: string }): Promise<Notification> {
  const { id } = await insertRecorded(db, by, 'notifications', { title: fields.title.trim(), body: fields.body.trim(), image: fields.image });
  return (await findNotification(db, id))!;
}
