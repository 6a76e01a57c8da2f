import { Type } from 'typebox';

/** PostgreSQL's `integer` maximum: a larger number sent by a client is refused (400), not a database error (500). */
export const INTEGER_MAX = 2_147_483_647;

/** A whole number a client may send for an integer column or a page number, from `minimum` up. */
export const WholeNumber = (minimum: number, options: { default?: number; description?: string } = {}) =>
  Type.Integer({ minimum, maximum: INTEGER_MAX, ...options });
