import { sql, type SqlBool } from 'kysely';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else cannot name a record, so lookups answer "not found" without asking SQL. */
export const isId = (value: string) => UUID.test(value);

/** A list filter on a reference column: a malformed id names nothing, so an empty page rather than a uuid cast error. */
export const idFilter = (column: string) => (id: unknown) =>
  isId(String(id)) ? sql<SqlBool>`${sql.ref(column)} = ${String(id)}` : sql<SqlBool>`false`;

/** Search by a piece of an id: uuids are not text to ILIKE, so the piece is found in their (lowercase) text form. */
export const idContains = (column: string) => (text: string) => sql<SqlBool>`strpos(${sql.ref(column)}::text, lower(${text})) > 0`;
