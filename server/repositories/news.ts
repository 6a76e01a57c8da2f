import { sql, type SqlBool } from 'kysely';
import { NEWS_TAGS } from '../../src/domain/enums';
import { NEWS_THIS_WEEK_DAYS } from '../../src/domain/limits';
import type { Db } from '../db/connection';
import type { News, NewsStats } from '../schemas/news';
import { isId } from './ids';
import { listPage, type ListParams, type ListSpec, type RowOf } from './list';
import { createdInLast, figures } from './stats';
import { deleteWithImage, insertRecorded, updateWithImage, type Versioned } from './writes';

export interface NewsFields {
  title: string;
  description: string;
  small_description: string;
  tags: string[];
  category?: string | null;
  /** On update: undefined keeps the current image, null removes it. */
  image?: string | null;
}

/**
 * Tags can only be the spec's six (checked on write), so a search matches tags by finding which
 * of the six contain the text and asking for articles carrying any of them: the GIN index on
 * `tags` answers that, where an ILIKE over the unnested array would read every row.
 */
function tagsMatching(text: string) {
  const needle = text.toLowerCase();
  const tags = NEWS_TAGS.filter((tag) => tag.toLowerCase().includes(needle));
  return tags.length > 0 ? sql<SqlBool>`news.tags && ${tags}::text[]` : sql<SqlBool>`false`;
}

/** Search reads the description's plain text (kept by the database, see migration 0003), never its markup. */
const NEWS_LIST: ListSpec = {
  search: ['news.title', 'news.description_text', tagsMatching],
  sort: { title: 'news.title', createdAt: 'news.created_at' },
  filters: { tags: (tag) => sql<SqlBool>`news.tags @> array[${tag}]::text[]` },
  id: 'news.id',
  counted: { list: 'news', filters: ['tags'] },
};

const selectNews = (db: Db) =>
  db
    .selectFrom('news')
    .select(['news.id', 'news.title', 'news.description', 'news.small_description', 'news.tags', 'news.category', 'news.image', 'news.created_at', 'news.updated_at']);

type NewsRow = RowOf<typeof selectNews>;

const toNews = (row: NewsRow): News => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  small_description: row.small_description,
  tags: row.tags,
  category: row.category,
  image: row.image,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export const listNews = (db: Db, params: ListParams) => listPage(db, () => selectNews(db), NEWS_LIST, params, toNews);

/** The News Management stat cards over every article; `thisWeek` counts back from `now`. */
export const newsStats = (db: Db, now: Date): Promise<NewsStats> =>
  figures(db, 'news', {
    total: sql`count(*)`,
    thisWeek: createdInLast(NEWS_THIS_WEEK_DAYS, now),
    categories: sql`count(distinct category)`,
  });

export async function findNews(db: Db, id: string): Promise<News | undefined> {
  if (!isId(id)) return undefined;
  const row = await selectNews(db).where('news.id', '=', id).executeTakeFirst();
  return row && toNews(row);
}

export async function createNews(db: Db, by: string, fields: NewsFields): Promise<News> {
  const { id } = await insertRecorded(db, by, 'news', fields);
  return (await findNews(db, id))!;
}

/** The updated article and the image it let go of, or undefined when there is no such article. */
export async function updateNews(db: Db, by: string, id: string, fields: NewsFields, { version }: Versioned = {}) {
  const result = await updateWithImage(db, by, 'news', id, fields, { version });
  return result && { record: (await findNews(db, id))!, replaced: result.replaced };
}

/** The deleted article's image (to remove from disk), or undefined when there was no such article. */
export const deleteNews = (db: Db, by: string, id: string) => deleteWithImage(db, by, 'news', id);
