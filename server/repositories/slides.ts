import { sql, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../db/connection';
import type { SlideTable } from '../db/schema';
import type { Slide } from '../schemas/slides';
import { recordActivity } from './activity';
import { listPage, type ListParams, type ListSpec } from './list';
import { deleteRecorded, insertRecorded } from './writes';

/** Ids are uuids, which ILIKE cannot read: a piece of an id is found in its (lowercase) text form. */
const idContains = (text: string) => sql<SqlBool>`strpos(${sql.ref('id')}::text, lower(${text})) > 0`;

const SLIDE_LIST: ListSpec = {
  search: [idContains, 'image'],
  sort: { position: 'position', createdAt: 'created_at' },
  id: 'id',
};

const toSlide = (row: Selectable<SlideTable>): Slide => ({
  _id: row.id,
  image: row.image,
  position: row.position,
  createdAt: row.created_at.toISOString(),
});

/** In the carousel's order (position, lowest first) unless another sort is asked for. */
export const listSlides = (db: Db, params: ListParams) =>
  listPage(
    db,
    () => db.selectFrom('slides').selectAll(),
    SLIDE_LIST,
    { ...params, sort: params.sort ?? 'position', order: params.order ?? (params.sort && params.sort !== 'position' ? 'desc' : 'asc') },
    toSlide,
  );

/** A new slide goes last: its position comes from the column's sequence (migration 0004). */
export async function createSlide(db: Db, by: string, image: string): Promise<Slide> {
  const { id } = await insertRecorded(db, by, 'slides', { image });
  return toSlide((await db.selectFrom('slides').selectAll().where('id', '=', id).executeTakeFirst())!);
}

/** Answers the deleted slide (its image is to be removed from disk), or undefined if there was none. */
export async function deleteSlide(db: Db, by: string, id: string): Promise<Slide | undefined> {
  const row = await deleteRecorded(db, by, 'slides', id);
  return row && toSlide(row as Selectable<SlideTable>);
}

/**
 * Saves a complete order: `ids` must name every current slide exactly once, and they are numbered
 * 1…n in one transaction (only its handle is used: PGlite has a single connection). Answers false,
 * changing nothing, when the list is not exactly the current slides.
 */
export async function reorderSlides(db: Db, by: string, ids: readonly string[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Locks the slides, so a slide added or deleted meanwhile cannot slip between check and write.
    const current = await trx.selectFrom('slides').select('id').orderBy('position').orderBy('created_at').forUpdate().execute();
    const wanted = new Set(ids);
    const exact = wanted.size === ids.length && ids.length === current.length && current.every((row) => wanted.has(row.id));
    if (!exact) return false;
    if (ids.length === 0) return true;
    const values = sql.join(ids.map((id, index) => sql`(${id}::uuid, ${index + 1}::int)`));
    await sql`update slides set position = ordered.position from (values ${values}) as ordered(id, position) where slides.id = ordered.id`.execute(trx);
    const order = { field: 'order', before: current.map((row) => row.id), after: [...ids] };
    await recordActivity(trx, by, [{ action: 'reorder', resource: 'slides', recordId: null, recordLabel: null, changes: [order] }]);
    return true;
  });
}
