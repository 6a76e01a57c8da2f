import { VALIDATION } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import { isId } from './ids';

/** A form field that names a record: the table it must exist in, and the id sent. */
export type Reference = readonly [table: keyof Database, id: string | null | undefined];

/**
 * Checks that every id sent names a row of its table and answers `{ field: message }` for those
 * that do not (unknown or malformed), so a stale dropdown choice is a field error, not a 500.
 * Empty ids are left to the form rules (required or not).
 */
export async function missingReferences(db: Db, references: Record<string, Reference>): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  for (const [field, [table, id]] of Object.entries(references)) {
    if (!id) continue;
    const row = isId(id) ? await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) errors[field] = VALIDATION.referenceNotFound;
  }
  return errors;
}
