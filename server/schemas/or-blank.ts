/**
 * A multipart form cannot send null: an optional field left empty arrives as ''. This lets such a
 * non-text field (a number, a choice, a URL) pass validation as '' meaning "none".
 */
import { Type, type TSchema } from 'typebox';

export const OrBlank = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Literal('')]);
