/** The in-memory provider's tables: rows by resource name, each with the id and creation time the API gives every record. */
export type Row = Record<string, unknown> & { _id: string; createdAt: string };
export type Tables = Record<string, Row[]>;
