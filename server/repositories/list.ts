/**
 * The one paged-list query every resource uses: search, exact filters, sort and paging over a
 * select the repository prepares (joins and columns included), answering a `Page`, the shape the
 * original panel's lists read.
 */
import { CompiledQuery, sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { DEFAULT_PAGE_SIZE, EXACT_TOTAL_LIMIT, MAX_PAGE_SIZE } from '../../src/domain/limits';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';

/** The row a repository's select (`(db) => db.selectFrom(…)…`) answers, for its mapping to the API shape. */
export type RowOf<Select extends (...args: never[]) => { executeTakeFirstOrThrow(): Promise<unknown> }> = Awaited<
  ReturnType<ReturnType<Select>['executeTakeFirstOrThrow']>
>;

/** A column as SQL sees it, qualified with its table when the select joins others: 'videos.title'. */
type Column = string;

export interface ListSpec {
  /**
   * Columns `search` matches case-insensitively (any of them), or a condition built from the
   * trimmed search text where a plain ILIKE does not fit (e.g. a text array).
   */
  search: readonly (Column | ((text: string) => Expression<SqlBool>))[];
  /** API field name → column for `sort`; `createdAt` is the default sort. */
  sort: Readonly<Record<string, Column>> & { createdAt: Column };
  /** Sort fields holding text, sorted the way a person reads (`natural_sort_key`, migration 0011). */
  naturalSort?: readonly string[];
  /** API field name → column compared with `=`, or a condition built from the value (e.g. array membership). */
  filters?: Readonly<Record<string, Column | ((value: unknown) => Expression<SqlBool>)>>;
  /** The primary key, the tie-breaker that keeps pages stable when sort values repeat. */
  id: Column;
  /**
   * A large list whose totals the database keeps (`list_counts`, migration 0006): its name there, and
   * the filters counted per value. Unfiltered, or filtered by one of these alone, its total is read, not counted.
   */
  counted?: { list: string; filters: readonly string[] };
  /**
   * The list's own table, for a select that joins others while its search and filters read this
   * table's columns only: a page's ids are then found without the joins, so a deep page's offset
   * walks the sort index alone (page 5,000 of the videos read 50,000 rows for their uploader).
   */
  table?: keyof Database;
}

/** A text column's sort key: the way a person reads it, the same on every database (migration 0011). */
export const naturalKey = (column: Column) => sql`natural_sort_key(${sql.ref(column)}) collate "C"`;

export interface ListParams {
  page?: number;
  limit?: number;
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  [filter: string]: unknown;
}

export interface Page<T> {
  docs: T[];
  totalDocs: number;
  /** Present, and true, when totalDocs is the planner's estimate of a search's hits (more than EXACT_TOTAL_LIMIT). */
  totalIsEstimate?: true;
  limit: number;
  page: number;
  totalPages: number;
  prevPage: number | null;
  nextPage: number | null;
}

/** `text` anywhere in a value, its own `%`, `_` and `\\` matched literally (for ILIKE). */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The select narrowed to what `search` and the exact filters of `params` ask for (no sort, no
 * paging): the list's rows, and what a resource's figures count (e.g. a list's per-tab counts).
 */
export function whereListed<TB extends keyof Database, O>(
  select: SelectQueryBuilder<Database, TB, O>,
  spec: Pick<ListSpec, 'search' | 'filters'>,
  params: ListParams,
): SelectQueryBuilder<Database, TB, O> {
  let query = select;
  const search = params.search?.trim();
  if (search && spec.search.length > 0) {
    const pattern = likePattern(search);
    const matches = spec.search.map((column) =>
      typeof column === 'function' ? column(search) : sql<SqlBool>`${sql.ref(column)} ilike ${pattern}`,
    );
    query = query.where(sql<SqlBool>`(${sql.join(matches, sql` or `)})`);
  }
  for (const [field, filter] of Object.entries(spec.filters ?? {})) {
    const value = params[field];
    if (value === undefined || value === '') continue;
    query = query.where(filterCondition(filter, value));
  }
  return query;
}

/** What a list's filter asks of a record given `value`: the column equal to it, or the filter's own condition. */
export const filterCondition = (filter: NonNullable<ListSpec['filters']>[string], value: unknown): Expression<SqlBool> =>
  typeof filter === 'function' ? filter(value) : sql<SqlBool>`${sql.ref(filter)} = ${value}`;

/**
 * A page of the list `spec` describes. `select` answers the list's select (joins and columns), the
 * same one on every call for a given spec: the page's SQL is compiled once per shape of call.
 */
export async function listPage<TB extends keyof Database, O, T>(
  db: Db,
  select: () => SelectQueryBuilder<Database, TB, O>,
  spec: ListSpec,
  params: ListParams,
  toDoc: (row: O) => T,
): Promise<Page<T>> {
  const limit = Math.min(params.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const page = params.page ?? 1;
  const kept = keptTotalFor(spec, params);
  let totalDocs: number;
  let estimated = false;
  let rows: O[];
  if (kept) {
    // The kept total rides along with the page's rows: one round trip instead of two. An empty
    // page (past the end, or an empty list) has no row to carry it, and asks for it alone.
    const { rows: withTotal } = await db.executeQuery<O & { kept_total: number }>(pageQuery(db, select, spec, params, limit, page, kept));
    totalDocs = withTotal[0]?.kept_total ?? (await countedTotal(db, kept));
    rows = withTotal;
  } else {
    [{ total: totalDocs, estimated }, { rows }] = await Promise.all([
      countTotal(db, whereListed(select(), spec, params), params),
      db.executeQuery<O>(pageQuery(db, select, spec, params, limit, page)),
    ]);
  }

  const totalPages = Math.max(1, Math.ceil(totalDocs / limit));
  return {
    docs: rows.map(toDoc),
    totalDocs,
    ...(estimated && { totalIsEstimate: true }),
    limit,
    page,
    totalPages,
    prevPage: page > 1 ? Math.min(page - 1, totalPages) : null,
    nextPage: page < totalPages ? page + 1 : null,
  };
}

/** The page's rows in order (with the kept total alongside when there is one), as Kysely builds it. */
function buildPageQuery<TB extends keyof Database, O>(
  db: Db,
  select: SelectQueryBuilder<Database, TB, O>,
  spec: ListSpec,
  params: ListParams,
  limit: unknown,
  offset: unknown,
  deep: boolean,
  kept?: KeptTotal,
) {
  const query = whereListed(select, spec, params);
  const order = sql.raw(params.order === 'asc' ? 'asc' : 'desc');
  const sortField = spec.sort[params.sort ?? 'createdAt'] ? (params.sort ?? 'createdAt') : 'createdAt';
  const sortKey = spec.naturalSort?.includes(sortField) ? naturalKey(spec.sort[sortField]) : sql.ref(spec.sort[sortField]);
  const sorted = <Q extends SelectQueryBuilder<Database, TB, unknown>>(q: Q) =>
    q.orderBy(sql`${sortKey} ${order}`).orderBy(sql`${sql.ref(spec.id)} ${order}`) as Q;
  // A deep page skips its offset over ids alone (the sort index covers them), and only the page's
  // own rows pay for joins and JSON building: page 5,000 of 100,000 is several times faster. The
  // first pages skip too few rows for that to pay: there the plain query is cheaper for the database.
  let pageRows;
  if (deep) {
    const idsFrom = spec.table ? whereListed(db.selectFrom(spec.table), spec, params) : query;
    const pageIds = sorted(idsFrom.clearSelect().select(sql.ref(spec.id).as('page_id')) as typeof query)
      .limit(limit as number)
      .offset(offset as number);
    pageRows = sorted(query.where(sql<SqlBool>`${sql.ref(spec.id)} in (${pageIds})`));
  } else {
    pageRows = sorted(query)
      .limit(limit as number)
      .offset(offset as number);
  }
  return kept ? pageRows.select(keptTotalQuery(db, kept).as('kept_total')) : pageRows;
}

/** Up to this many rows skipped, a page is read with its joins straight away (see buildPageQuery). */
const SHALLOW_OFFSET = 100;

/**
 * Building and compiling the query through Kysely cost about a tenth of a page-1 call's CPU, so a
 * call whose SQL depends only on its shape (which sort and order, which filters, whether a kept
 * total rides along) reuses the SQL compiled for the first call of that shape, with its own
 * values. Searches, and filters that build their condition from the value, are built every time.
 */
const compiledShapes = new WeakMap<ListSpec, Map<string, CompiledQuery>>();
/** Marks where a call's own value goes in a shape's compiled parameters. */
const SLOT = '\u0000slot:';

function pageQuery<TB extends keyof Database, O>(
  db: Db,
  select: () => SelectQueryBuilder<Database, TB, O>,
  spec: ListSpec,
  params: ListParams,
  limit: number,
  page: number,
  kept?: KeptTotal,
): CompiledQuery {
  const filtered = Object.keys(spec.filters ?? {}).filter((field) => params[field] !== undefined && params[field] !== '');
  const byShape = !params.search?.trim() && filtered.every((field) => typeof spec.filters![field] === 'string');
  const offset = (page - 1) * limit;
  const deep = offset > SHALLOW_OFFSET;
  if (!byShape) return buildPageQuery(db, select(), spec, params, limit, offset, deep, kept).compile();

  const values: Record<string, unknown> = { limit, offset, kept: kept?.value };
  for (const field of filtered) values[field] = params[field];
  const shape = [spec.sort[params.sort ?? 'createdAt'] ?? spec.sort.createdAt, params.order === 'asc', deep, kept?.filter, ...filtered].join('|');
  let shapes = compiledShapes.get(spec);
  if (!shapes) compiledShapes.set(spec, (shapes = new Map()));
  let compiled = shapes.get(shape);
  if (!compiled) {
    const slotted: ListParams = { sort: params.sort, order: params.order };
    for (const field of filtered) slotted[field] = SLOT + field;
    compiled = buildPageQuery(db, select(), spec, slotted, SLOT + 'limit', SLOT + 'offset', deep, kept && { ...kept, value: SLOT + 'kept' }).compile();
    shapes.set(shape, compiled);
  }
  const parameters = compiled.parameters.map((value) => (typeof value === 'string' && value.startsWith(SLOT) ? values[value.slice(SLOT.length)] : value));
  return { ...compiled, parameters };
}

/** A total in `list_counts`: a whole list's (no filter), or that of one filter's value. */
interface KeptTotal {
  list: string;
  filter?: string;
  value?: string;
}

/** The total the database keeps for this call (unfiltered, or one counted filter alone), if it keeps one. */
function keptTotalFor(spec: ListSpec, params: ListParams): KeptTotal | undefined {
  if (!spec.counted || params.search?.trim()) return undefined;
  const filtered = Object.keys(spec.filters ?? {}).filter((field) => params[field] !== undefined && params[field] !== '');
  if (filtered.length > 1 || !filtered.every((field) => spec.counted!.filters.includes(field))) return undefined;
  const [filter] = filtered;
  return { list: spec.counted.list, filter, value: filter && String(params[filter]) };
}

const keptTotalQuery = (db: Db, { list, filter = '', value = '' }: KeptTotal) =>
  db.selectFrom('list_counts').select('total').where('list', '=', list).where('filter', '=', filter).where('value', '=', value);

/** A total the database keeps (migration 0006), e.g. `{ list: 'videos', filter: 'category', value: 'Practice' }`. */
export async function countedTotal(db: Db, kept: KeptTotal): Promise<number> {
  return (await keptTotalQuery(db, kept).executeTakeFirst())?.total ?? 0;
}

interface Total {
  total: number;
  estimated: boolean;
}

/** A total the database does not keep: a search's, counted up to EXACT_TOTAL_LIMIT hits and estimated beyond; any other, counted. */
async function countTotal<TB extends keyof Database, O>(db: Db, query: SelectQueryBuilder<Database, TB, O>, params: ListParams): Promise<Total> {
  if (params.search?.trim()) return searchTotal(db, query.clearSelect().select(sql`1`.as('hit')));
  const { total } = await query.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  return { total, estimated: false };
}

/**
 * Counting every hit of a broad search cost more than the rest of the call (23,000 news rechecked
 * one by one), so past EXACT_TOTAL_LIMIT the planner's estimate stands in. When the planner
 * expects at least twice the limit the counting is skipped; otherwise it stops at the limit.
 */
async function searchTotal<TB extends keyof Database, O>(db: Db, rows: SelectQueryBuilder<Database, TB, O>): Promise<Total> {
  const planned = rows.compile();
  const { rows: plan } = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    CompiledQuery.raw(`explain (format json) ${planned.sql}`, [...planned.parameters]),
  );
  const estimate = Math.round(plan[0]['QUERY PLAN'][0].Plan['Plan Rows']);
  if (estimate >= 2 * EXACT_TOTAL_LIMIT) return { total: estimate, estimated: true };
  const { total } = await db
    .selectFrom(rows.limit(EXACT_TOTAL_LIMIT + 1).as('hits'))
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return total > EXACT_TOTAL_LIMIT ? { total: Math.max(estimate, total), estimated: true } : { total, estimated: false };
}
