import { Type } from 'typebox';

/**
 * The featured and magic-moment calls: `{ value: true }` or `{ value: false }` sets the flag, so two
 * quick clicks cannot cancel each other out; an empty body flips it, as the original panel's toggle sends it.
 */
// Fastify validates an absent body as null.
export const FlagBody = Type.Union([Type.Object({ value: Type.Optional(Type.Boolean({ description: 'The flag as it should be' })) }), Type.Null()]);
