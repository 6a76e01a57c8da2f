import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */

/**
 * Image sizes: each stored original's width and height and the smaller WebP copies made of it
 * (storage/image-sizes.ts), keyed by its stored name, so the fans' app API answers an image's sizes
 * without asking the store. `sizes` is `[{ "width": 320, "name": "<stored name of the copy>" }, …]`,
 * narrowest first. Images stored before this change get their row from `npm run admin -- images:sizes`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('image_sizes')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('sizes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('image_sizes').execute();
}
