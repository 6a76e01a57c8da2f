/**
 * `updatedAt` on a record and in its update body: the version an edit was made on. The API answers
 * it with every record the admin app edits; an edit that sends it back is refused with a 409 when
 * someone saved the record in between (see repositories/writes.ts). Leaving it out skips the check.
 */
import { Type } from 'typebox';
import { CONFLICT } from '../../src/domain/messages';
import { withInvalidMessage } from './invalid-message';

export const UpdatedAt = Type.String({ format: 'date-time', description: 'Changes with every update (millisecond precision)' });

export const VersionField = {
  updatedAt: withInvalidMessage(
    Type.Optional(
      Type.String({
        format: 'date-time',
        description: "The record's updatedAt as read; a 409 answers when it changed since. Leave out to overwrite whatever is there.",
      }),
    ),
    CONFLICT.badVersion,
  ),
};
