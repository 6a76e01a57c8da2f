/**
 * Writes shared by the records that carry one image (news, teams, players, videos) and point at
 * other records: reference checks that answer field errors, updates that refuse a stale version,
 * and updates and deletes that report the file a record let go of so the route can remove it from disk.
 */
import { sql, type Updateable } from 'kysely';
import { CONFLICT } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import { badRequest, HttpError } from '../errors';
import { isId } from './ids';
import { missingReferences, type Reference } from './references';

type ImageTable = 'news' | 'teams' | 'players' | 'videos';
const IMAGE_COLUMN = { news: 'image', teams: 'logo', players: 'image', videos: 'image' } as const satisfies Record<ImageTable, string>;

/** Throws a 400 naming each field whose id names no record; run it with the write's transaction handle. */
export async function assertReferences(trx: Db, references: Record<string, Reference>): Promise<void> {
  const errors = await missingReferences(trx, references);
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

/**
 * The image values an edit writes, by field: the URL of a file it sent, null for a field named in
 * `removeImages` without a file (a sent file wins), and nothing (keep the current image) otherwise.
 */
export function imageUpdates<K extends string>(
  urls: Partial<Record<K, string>>,
  removeImages: readonly K[] = [],
): Partial<Record<K, string | null>> {
  const values: Partial<Record<K, string | null>> = { ...urls };
  for (const field of removeImages) values[field] ??= null;
  return values;
}

/**
 * An edit's version: the record's `updatedAt` as the client read it. Without one (older clients)
 * the edit applies whatever happened since.
 */
export interface Versioned {
  version?: Date;
}

/** The version a body's `updatedAt` names (its format is checked by the schema, see schemas/version.ts). */
export const versionOf = (updatedAt: string | undefined): Date | undefined => (updatedAt === undefined ? undefined : new Date(updatedAt));

/** Someone else saved the record after this edit read it: the edit must change nothing. */
export const staleEdit = () => new HttpError(409, CONFLICT.stale);

/**
 * Updates one row in a transaction and answers the image it let go of (the previous one, when
 * `values` brings a new one or null), or undefined when there is no such row. `check` runs inside with the
 * transaction's handle (PGlite has a single connection) and may throw to change nothing. With a
 * `version`, the UPDATE itself only matches the row while its `updated_at` is still that one, and a
 * stale edit throws a 409.
 */
export async function updateWithImage<T extends ImageTable>(
  db: Db,
  table: T,
  id: string,
  values: Updateable<Database[T]>,
  { check, version }: Versioned & { check?: (trx: Db) => Promise<void> } = {},
): Promise<{ replaced: string | null } | undefined> {
  if (!isId(id)) return undefined;
  const column = IMAGE_COLUMN[table];
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom(table as ImageTable)
      .select(sql<string | null>`${sql.ref(column)}`.as('image'))
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return undefined;
    await check?.(trx);
    const { numUpdatedRows } = await trx
      .updateTable(table as ImageTable)
      .set(values as never)
      .where('id', '=', id)
      .$if(version !== undefined, (update) => update.where('updated_at', '=', version!))
      .executeTakeFirstOrThrow();
    if (numUpdatedRows === 0n) throw staleEdit();
    // Undefined keeps the image; a new URL or null lets the current one go.
    const next = (values as Record<string, unknown>)[column];
    return { replaced: next !== undefined && next !== current.image ? current.image : null };
  });
}

/** Deletes one row and answers the image it held (to remove from disk), or undefined when there is no such row. */
export async function deleteWithImage(db: Db, table: ImageTable, id: string): Promise<{ image: string | null } | undefined> {
  if (!isId(id)) return undefined;
  return db
    .deleteFrom(table)
    .where('id', '=', id)
    .returning(sql<string | null>`${sql.ref(IMAGE_COLUMN[table])}`.as('image'))
    .executeTakeFirst();
}
