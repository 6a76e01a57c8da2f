import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { recordActivity } from './activity';

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
