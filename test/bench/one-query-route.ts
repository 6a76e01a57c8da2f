/**
 * The database-bound limit for `npm run bench:api`: a bare Fastify route over `pg` that answers the
 * videos and news lists with the same SQL work Crease does and nothing else (TechEmpower's "single
 * query" test on this data). One prepared query per call: the same columns, the uploader join, the
 * same order and the kept total (`list_counts`); a deep page is a plain OFFSET over the join, a
 * search an ILIKE with `count(*) over ()`. No auth, no validation, no hooks, no logging.
 *
 * Started by the bench as a process of its own: ONE_QUERY_PORT, and either ONE_QUERY_DATABASE_URL
 * (PostgreSQL, a pool of 10 as the server has) or ONE_QUERY_PGLITE_DIR (its own copy of a PGlite
 * data folder, reached through pg as the server reaches it).
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';

const LIMIT = 10;
const pool = process.env.ONE_QUERY_DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.ONE_QUERY_DATABASE_URL, max: 10 })
  : new pg.Pool({ ...createPgConfig(await PGlite.create({ dataDir: process.env.ONE_QUERY_PGLITE_DIR!, extensions: { pg_trgm } })), max: 1 });

const VIDEO_COLUMNS = `v.id, v.title, v.category, v.video_url, v.image, v.created_at, v.updated_at, v.is_featured, v.is_magic_moment,
  a.id as uploader_id, a.first_name as uploader_first_name, a.last_name as uploader_last_name, a.role as uploader_role`;
const NEWS_COLUMNS = 'n.id, n.title, n.description, n.small_description, n.tags, n.category, n.image, n.created_at, n.updated_at';
const keptTotal = (list: string) => `(select total from list_counts where list = '${list}' and filter = '' and value = '') as total`;

const QUERIES = {
  videos: {
    page: `select ${VIDEO_COLUMNS}, ${keptTotal('videos')} from videos v left join admins a on a.id = v.user_id
      order by v.created_at desc, v.id desc limit $1 offset $2`,
    search: `select ${VIDEO_COLUMNS}, count(*) over () as total from videos v left join admins a on a.id = v.user_id
      where v.title ilike $3 or v.category ilike $3 order by v.created_at desc, v.id desc limit $1 offset $2`,
  },
  news: {
    page: `select ${NEWS_COLUMNS}, ${keptTotal('news')} from news n order by n.created_at desc, n.id desc limit $1 offset $2`,
    search: `select ${NEWS_COLUMNS}, count(*) over () as total from news n
      where n.title ilike $3 or n.description_text ilike $3 order by n.created_at desc, n.id desc limit $1 offset $2`,
  },
};

type Row = Record<string, unknown> & { id: string; created_at: Date; updated_at: Date; total: string };

const DOCS: Record<'videos' | 'news', (row: Row) => object> = {
  videos: (row: Row) => ({
    _id: row.id,
    title: row.title,
    category: row.category,
    videoUrl: row.video_url,
    image: row.image,
    createdAt: row.created_at.toISOString(),
    user_id: row.uploader_id
      ? { _id: row.uploader_id, firstName: row.uploader_first_name ?? '', lastName: row.uploader_last_name ?? '', role: row.uploader_role ?? '' }
      : null,
    isFeatured: row.is_featured,
    isMagicMoment: row.is_magic_moment,
    updatedAt: row.updated_at.toISOString(),
  }),
  news: (row: Row) => ({
    _id: row.id,
    title: row.title,
    description: row.description,
    small_description: row.small_description,
    tags: row.tags,
    category: row.category,
    image: row.image,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }),
};

const app = Fastify({ logger: false });
for (const list of ['videos', 'news'] as const) {
  app.get(`/admin/${list}`, async (request) => {
    const query = request.query as { page?: string; search?: string };
    const page = Number(query.page ?? 1);
    const search = query.search ? `%${query.search}%` : undefined;
    const kind = search ? 'search' : 'page';
    const values: unknown[] = [LIMIT, (page - 1) * LIMIT];
    if (search) values.push(search);
    const { rows } = await pool.query<Row>({ name: `${list}_${kind}`, text: QUERIES[list][kind], values });
    const totalDocs = Number(rows[0]?.total ?? 0);
    const totalPages = Math.max(1, Math.ceil(totalDocs / LIMIT));
    return {
      success: true,
      data: {
        docs: rows.map(DOCS[list]),
        totalDocs,
        limit: LIMIT,
        page,
        totalPages,
        prevPage: page > 1 ? page - 1 : null,
        nextPage: page < totalPages ? page + 1 : null,
      },
      message: 'Fetched successfully',
    };
  });
}
await app.listen({ port: Number(process.env.ONE_QUERY_PORT), host: '127.0.0.1' });
console.log('one-query route ready');
