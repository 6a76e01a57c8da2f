/** The response envelope every /admin call answers with: `{ success, data, message }`. */
import { Type, type TSchema } from 'typebox';
import { ERROR_CODE_LIST } from '../../src/domain/error-codes';

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Boolean(), data, message: Type.String() });

/** Every error answer (schema `Error`): `code` is stable for a client to act on, `message` is for people. */
export const ErrorEnvelope = Type.Object(
  {
    success: Type.Boolean(),
    code: Type.Enum(ERROR_CODE_LIST, { description: 'What went wrong, stable across releases (README "Error codes"); new codes may be added' }),
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'Message per invalid field' })),
  },
  { $id: 'Error' },
);

/** A route's responses: its success body plus the shared error envelope for everything else. */
export const responses = <T extends TSchema>(success: T) =>
  ({ 200: Envelope(success), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope }) as const;

export const ok = <T>(data: T, message: string) => ({ success: true, data, message });
