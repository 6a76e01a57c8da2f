/** Shapes shared by records that point at other records. */
import { Type, type TSchema } from 'typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A populated reference to a named lookup record (stadium, sport, state…). */
export const NamedRef = Type.Object({ _id: Type.String(), name: Type.String() });

/** A plain lookup list: `data` is the records themselves, not a page. */
export const NamedList = Type.Array(NamedRef);
