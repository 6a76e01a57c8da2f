import { sql, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../db/connection';
import type { SlideTable } from '../db/schema';
import type { Slide } from '../schemas/slides';
import { isId } from './ids';
import { listPage, type ListParams, type ListSpec } from './list';

/** Ids are uuids, which ILIKE cannot read: a piece of an id is found in its (lowercase) text form. */
const idContains = (text: string) => sql<SqlBool>`strpos(${sql.ref('id')}::text, lower(${text})) > 0`;

const SLIDE_LIST: ListSpec = {
  search: [idContains, 'image'],
  sort: { createdAt: 'created_at' },
  id: 'id',
};

const toSlide = (row: Selectable<SlideTable>): Slide => ({
  _id: row.id,
  image: row.image,
  createdAt: row.created_at.toISOString(),
});

export const listSlides = (db: Db, params: ListParams) => listPage(db.selectFrom('slides').selectAll(), SLIDE_LIST, params, toSlide);

export async function createSlide(db: Db, image: string): Promise<Slide> {
  return toSlide(await db.insertInto('slides').values({ image }).returningAll().executeTakeFirstOrThrow());
}

/** Answers the deleted slide (its image is to be removed from disk), or undefined if there was none. */
export async function deleteSlide(db: Db, id: string): Promise<Slide | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.deleteFrom('slides').where('id', '=', id).returningAll().executeTakeFirst();
  return row && toSlide(row);
}
