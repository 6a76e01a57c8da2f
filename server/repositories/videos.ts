import { videos } from '../../src/domain/entities/videos';
import type { Db } from '../db/connection';
import { lockedRow, recordActivity, rowEntry } from './activity';
import { findRecord } from './declared';
import { isId } from './ids';

/** Sets the flag to `value`, or flips it without one (the original panel's empty-bodied call); the video as it now is. */
export async function setVideoFlag(db: Db, by: string, id: string, flag: 'is_featured' | 'is_magic_moment', value?: boolean) {
  if (!isId(id)) return undefined;
  const row = await db.transaction().execute(async (trx) => {
    const before = await lockedRow(trx, 'videos', id);
    if (!before) return undefined;
    const after = await trx
      .updateTable('videos')
      .set((eb) => ({ [flag]: value ?? eb.not(eb.ref(flag)) }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(trx, by, [rowEntry('videos', 'update', before, after)]);
    return after;
  });
  return row && findRecord(db, videos, id);
}
