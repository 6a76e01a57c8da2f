import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * `news.description` is sanitized HTML, so searching it matched markup ('strong', 'href') and missed
 * words split by tags. `description_text` is its plain text, kept by the database itself (a stored
 * generated column, IMMUTABLE functions only): inline formatting tags vanish (`<b>K</b>ohli` is
 * 'Kohli'), every other tag becomes a space (`</p><p>` separates words), the entities sanitize-html
 * leaves (and the usual few more) are decoded, `&amp;` last so '&amp;lt;' reads '&lt;', and runs of
 * whitespace (no-break spaces included) become one space. Searches read it through its own trigram
 * index; the old one on the HTML is no longer used.
 */
const INLINE_TAGS = 'a|b|strong|em|i|u|s|code|span|mark';
const ENTITIES: Array<[string, string]> = [
  ['&nbsp;', ' '],
  ['&lt;', '<'],
  ['&gt;', '>'],
  ['&quot;', '"'],
  ['&#39;', "''"],
  ['&apos;', "''"],
  ['&amp;', '&'],
];

const withoutTags = String.raw`regexp_replace(regexp_replace(description, '</?(${INLINE_TAGS})(\s[^>]*)?/?>', '', 'gi'), '<[^>]*>', ' ', 'g')`;
const decoded = ENTITIES.reduce((expression, [entity, char]) => `replace(${expression}, '${entity}', '${char}')`, withoutTags);
const PLAIN_TEXT = String.raw`btrim(regexp_replace(${decoded}, '[\s\u00a0]+', ' ', 'g'))`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('news')
    .addColumn('description_text', 'text', (c) => c.notNull().generatedAlwaysAs(sql.raw(PLAIN_TEXT)).stored())
    .execute();
  await sql`create index news_description_text_trgm on news using gin (description_text gin_trgm_ops)`.execute(db);
  await sql`drop index if exists news_description_trgm`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists news_description_trgm on news using gin (description gin_trgm_ops)`.execute(db);
  await db.schema.alterTable('news').dropColumn('description_text').execute();
}
