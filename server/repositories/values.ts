import { sql } from 'kysely';

/**
 * A form's optional text to its column value. On update an absent field (undefined) leaves the
 * column as it is (Kysely skips undefined values), while a field sent blank clears it.
 */
export const optionalText = (value: string | undefined): string | null | undefined =>
  value === undefined ? undefined : value.trim() || null;

/** A joined lookup row as the populated `{ _id, name }` reference, or null when there is none. */
export const namedRef = (id: string | null, name: string | null) => (id ? { _id: id, name: name ?? '' } : null);

/** A date column as its calendar day, 'YYYY-MM-DD' text, never read through a time zone. */
export const dayText = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
