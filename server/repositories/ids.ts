const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else cannot name a record, so lookups answer "not found" without asking SQL. */
export const isId = (value: string) => UUID.test(value);
