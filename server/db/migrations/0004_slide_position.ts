import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * Slides get an order: `position`, the place a slide has in the app's home-screen carousel (lowest
 * first). Existing slides are numbered 1, 2, 3… in their creation order. New slides take the next
 * number of a sequence, so they always come last, also after a reorder has renumbered the others
 * (the sequence only grows, and a reorder writes 1…n).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('slides').addColumn('position', 'integer').execute();
  await sql`
    update slides set position = ranked.n
    from (select id, row_number() over (order by created_at, id) as n from slides) as ranked
    where slides.id = ranked.id
  `.execute(db);
  await sql`create sequence slides_position_seq owned by slides.position`.execute(db);
  await sql`select setval('slides_position_seq', coalesce((select max(position) from slides), 0) + 1, false)`.execute(db);
  await sql`alter table slides alter column position set default nextval('slides_position_seq'), alter column position set not null`.execute(db);
  await sql`create index slides_position on slides (position, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('slides').dropColumn('position').execute();
}
