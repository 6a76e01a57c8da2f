import { Type } from 'typebox';

/** Any string: a malformed id is simply not found (404), never a validation error. */
export const IdParams = Type.Object({ id: Type.String({ description: 'Record id (_id)' }) });
