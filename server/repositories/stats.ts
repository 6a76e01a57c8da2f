/**
 * `GET /admin/<resource>/stats` of every entity declaring `list.stats` (src/domain/entity.ts): `total`
 * and each figure in one query over the records the stats count, each an aggregate read back as an
 * integer (PostgreSQL answers `count` as a bigint string). The fake counts the same declaration
 * (src/providers/fakeDeclared.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import { columnOf, statTabsOf, tableOf, type EntityDeclaration, type StatCount } from '../../src/domain/entity';
import type { Db } from '../db/connection';
import { listedRecords, listSpecOf } from './declared';
import { splitWhere } from './shape';
import { countedTotal, filterCondition, type ListParams } from './list';

const DAY_MS = 24 * 60 * 60 * 1000;

type Figures = { total: number } & Record<string, number>;

/** A figure's aggregate over the records the stats count. */
function aggregateOf(entity: EntityDeclaration, counts: StatCount, now: Date): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(`${tableOf(entity)}.${columnOf(name, entity.fields[name])}`);
  if ('filter' in counts) return sql`count(*) filter (where ${filterCondition(listSpecOf(entity).filters![counts.filter], counts.value)})`;
  if ('split' in counts) return sql`count(*) filter (where ${splitWhere(entity, counts.split)})`;
  if ('filled' in counts) return sql`count(nullif(btrim(${column(counts.filled)}), ''))`;
  if ('distinct' in counts) return sql`count(distinct nullif(btrim(${column(counts.distinct)}), ''))`;
  // A rolling window back from now, as the dashboard counts.
  return sql`count(*) filter (where ${sql.ref(`${tableOf(entity)}.created_at`)} > ${new Date(now.getTime() - counts.createdInLastDays * DAY_MS)})`;
}

/**
 * The entity's figures: over every record, or for `listed` stats over those the list's search and
 * filters in `params` select (its tabs left out). A total alone over every record of a list whose
 * totals the database keeps (`list.counted`) is read, not counted.
 */
export async function statsOf(db: Db, entity: EntityDeclaration, params: ListParams, now: Date): Promise<Figures> {
  const { listed, figures = {} } = entity.list.stats!;
  if (!listed && Object.keys(figures).length === 0 && entity.list.counted) return { total: await countedTotal(db, { list: tableOf(entity) }) };
  const counted = listed ? { ...params, ...Object.fromEntries(statTabsOf(entity).map((tab) => [tab, undefined])) } : {};
  const aggregates = { total: sql`count(*)`, ...Object.fromEntries(Object.entries(figures).map(([name, { counts }]) => [name, aggregateOf(entity, counts, now)])) };
  return listedRecords(db, entity, counted)
    .select(Object.entries(aggregates).map(([name, aggregate]) => sql<number>`(${aggregate})::int`.as(name)))
    .executeTakeFirstOrThrow() as Promise<Figures>;
}
