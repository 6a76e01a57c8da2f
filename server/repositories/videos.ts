import type { Db } from '../db/connection';
import type { Video } from '../schemas/videos';
import { isId } from './ids';
import { listPage, type ListParams, type ListSpec, type RowOf } from './list';
import { lockedRow, recordActivity, rowEntry } from './activity';
import { deleteWithImage, insertRecorded, updateWithImage, type Versioned } from './writes';

export interface VideoFields {
  title: string;
  category: string;
  videoUrl: string;
  image?: string;
}

const VIDEO_LIST: ListSpec = {
  search: ['videos.title', 'videos.category'],
  sort: { title: 'videos.title', createdAt: 'videos.created_at' },
  filters: { category: 'videos.category' },
  id: 'videos.id',
  counted: { list: 'videos', filters: ['category'] },
  table: 'videos',
};

const selectVideos = (db: Db) =>
  db
    .selectFrom('videos')
    .leftJoin('admins', 'admins.id', 'videos.user_id')
    .select([
      'videos.id',
      'videos.title',
      'videos.category',
      'videos.video_url',
      'videos.image',
      'videos.created_at',
      'videos.updated_at',
      'videos.is_featured',
      'videos.is_magic_moment',
      'admins.id as uploader_id',
      'admins.first_name as uploader_first_name',
      'admins.last_name as uploader_last_name',
      'admins.role as uploader_role',
    ]);

type VideoRow = RowOf<typeof selectVideos>;

const toVideo = (row: VideoRow): Video => ({
  _id: row.id,
  title: row.title,
  category: row.category,
  videoUrl: row.video_url,
  image: row.image,
  createdAt: row.created_at.toISOString(),
  user_id: row.uploader_id
    ? {
        _id: row.uploader_id,
        firstName: row.uploader_first_name ?? '',
        lastName: row.uploader_last_name ?? '',
        role: row.uploader_role ?? '',
      }
    : null,
  isFeatured: row.is_featured,
  isMagicMoment: row.is_magic_moment,
  updatedAt: row.updated_at.toISOString(),
});

const columnsOf = (fields: VideoFields) => ({
  title: fields.title,
  category: fields.category,
  video_url: fields.videoUrl,
  image: fields.image,
});

export const listVideos = (db: Db, params: ListParams) => listPage(db, () => selectVideos(db), VIDEO_LIST, params, toVideo);

export async function findVideo(db: Db, id: string): Promise<Video | undefined> {
  if (!isId(id)) return undefined;
  const row = await selectVideos(db).where('videos.id', '=', id).executeTakeFirst();
  return row && toVideo(row);
}

/** The uploader is the admin who adds it, and stays so whoever edits it later. */
export async function createVideo(db: Db, by: string, fields: VideoFields): Promise<Video> {
  const { id } = await insertRecorded(db, by, 'videos', { ...columnsOf(fields), user_id: by });
  return (await findVideo(db, id))!;
}

/** The updated video and the image it let go of, or undefined when there is no such video. */
export async function updateVideo(db: Db, by: string, id: string, fields: VideoFields, { version }: Versioned = {}) {
  const result = await updateWithImage(db, by, 'videos', id, columnsOf(fields), { version });
  return result && { record: (await findVideo(db, id))!, replaced: result.replaced };
}

/** The deleted video's image (to remove from disk), or undefined when there was no such video. */
export const deleteVideo = (db: Db, by: string, id: string) => deleteWithImage(db, by, 'videos', id);

/** Sets the flag to `value`, or flips it without one (the spec's empty-bodied call). */
export async function setVideoFlag(
  db: Db,
  by: string,
  id: string,
  flag: 'is_featured' | 'is_magic_moment',
  value?: boolean,
): Promise<Video | undefined> {
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
  return row && findVideo(db, id);
}
