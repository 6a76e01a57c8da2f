import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * The order lists sort text in, the way a person reads it and the same on every database: A–Z
 * case-insensitively and numbers by value ('#2' before '#10', 'apple' before 'Zebra'). The key
 * lower-cases A–Z alone and writes each run of digits after its length, and is compared byte by
 * byte (collate "C"), so PGlite, a PostgreSQL of any locale and the fake provider's `naturalSortKey`
 * all give one order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function natural_sort_key(value text) returns text
    language sql immutable strict parallel safe as $$
      select coalesce(string_agg(case when part[1] ~ '^[0-9]' then lpad(length(part[1])::text, 4, '0') || part[1] else part[1] end, '' order by n), '')
      from regexp_matches(translate(value, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '[0-9]+|[^0-9]+', 'g') with ordinality as m(part, n)
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function natural_sort_key(text)`.execute(db);
}
