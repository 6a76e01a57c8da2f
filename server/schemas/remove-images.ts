/**
 * `removeImages` on an edit form: the image fields whose current file the edit clears. Multipart
 * sends it as repeated `removeImages[]=image` parts (one `removeImages=image` is read as a list of
 * one), JSON as `{ "removeImages": ["image"] }`. A file sent for the same field in the same request
 * wins: it replaces the current one (see `imageUpdates` in repositories/writes.ts).
 */
import { Type } from 'typebox';
import { withInvalidMessage } from './invalid-message';

/** `removeImages: RemoveImages(['image'])` in an update body: an optional list of the route's image field names. */
export function RemoveImages<const K extends string>(fields: readonly [K, ...K[]]) {
  const names = fields.join(', ');
  const schema = Type.Optional(
    Type.Array(Type.Enum(fields), {
      description:
        `Image fields whose current image this edit removes (any of: ${names}). Multipart: repeat \`removeImages[]\`; ` +
        'JSON: a list. A file sent for the same field replaces the image instead.',
    }),
  );
  return withInvalidMessage(schema, `removeImages may only name: ${names}`);
}
