import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * The large lists' 'Total Item', kept by the database itself: COUNT(*) over 100,000 rows on every
 * list call cost more than everything else the call does. A row per list (`filter` and `value`
 * empty) and per value of each enumerated filter; statement triggers move them in the same
 * transaction as the write, so a count is right the moment the write is acknowledged, whichever
 * server or code path wrote.
 *
 * Each counted filter is given as an expression over the row `r` answering the text values the
 * row counts under (a text array: news count once under each of their tags).
 */
const COUNTED: Record<string, Record<string, string>> = {
  videos: { category: 'array[r.category]' },
  news: { tags: 'r.tags' },
  app_users: { isActive: 'array[r.is_active::text]' },
  // A missing (null or blank) status is pending, as the list's filter reads it.
  registrations: { status: `array[case when coalesce(btrim(r.status), '') = '' then 'pending' else r.status end]` },
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table list_counts (
      list text not null,
      filter text not null default '',
      value text not null default '',
      total bigint not null,
      primary key (list, filter, value)
    )
  `.execute(db);

  // Arguments: the list, then (filter, values expression) pairs. Counters are upserted in key order,
  // so concurrent writers lock them in the same order and never deadlock.
  await sql`
    create function count_list_rows() returns trigger language plpgsql as $$
    declare
      changes text;
      i int;
    begin
      changes := case tg_op
        when 'INSERT' then 'select r.*, 1 as n from new_rows r'
        when 'DELETE' then 'select r.*, -1 as n from old_rows r'
        else 'select r.*, 1 as n from new_rows r union all select r.*, -1 as n from old_rows r'
      end;
      if tg_op <> 'UPDATE' then
        execute format(
          'insert into list_counts as c (list, total) select %L, sum(r.n) from (%s) r having sum(r.n) <> 0
           on conflict (list, filter, value) do update set total = c.total + excluded.total',
          tg_argv[0], changes);
      end if;
      for i in 1 .. (tg_nargs - 1) / 2 loop
        execute format(
          'insert into list_counts as c (list, filter, value, total)
           select %L, %L, v.value, sum(r.n) from (%s) r cross join lateral (select distinct unnest(%s) as value) v
           where v.value is not null group by v.value having sum(r.n) <> 0 order by v.value
           on conflict (list, filter, value) do update set total = c.total + excluded.total',
          tg_argv[0], tg_argv[2 * i - 1], changes, tg_argv[2 * i]);
      end loop;
      return null;
    end
    $$
  `.execute(db);

  for (const [table, filters] of Object.entries(COUNTED)) {
    const args = [table, ...Object.entries(filters).flat()].map((arg) => sql.lit(arg));
    for (const [event, tables] of [
      ['insert', sql`new table as new_rows`],
      ['delete', sql`old table as old_rows`],
      ['update', sql`new table as new_rows old table as old_rows`],
    ] as const) {
      await sql`
        create trigger ${sql.id(`${table}_count_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        referencing ${tables} for each statement execute function count_list_rows(${sql.join(args)})
      `.execute(db);
    }
    await sql`insert into list_counts (list, total) select ${table}, count(*) from ${sql.table(table)}`.execute(db);
    for (const [filter, values] of Object.entries(filters)) {
      await sql`
        insert into list_counts (list, filter, value, total)
        select ${table}, ${filter}, v.value, count(*) from ${sql.table(table)} r cross join lateral (select distinct unnest(${sql.raw(values)}) as value) v
        where v.value is not null group by v.value
      `.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(COUNTED)) {
    for (const event of ['insert', 'delete', 'update']) await sql`drop trigger ${sql.id(`${table}_count_${event}`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function count_list_rows()`.execute(db);
  await sql`drop table list_counts`.execute(db);
}
