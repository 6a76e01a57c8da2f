/**
 * `removeImages` on an edit form: the image fields whose current file the edit clears. Multipart
 * sends it as repeated `removeImages[]=image` parts (one `removeImages=image` is read as a list of
 * one), JSON as `{ "removeImages": ["image"] }`. A file sent for the same field in the same request
 * wins: it replaces the current one (see `imageUpdates` in repositories/writes.ts).
 */
import { Type } from 'typebox';

/** Readable messages for body properties whose validator text would not be (see plugins/errors.ts). */
const messages = new WeakMap<object, string>();

/** The message for an invalid value of `body`'s property `field`, when the property was built with one. */
export function invalidMessageOf(body: unknown, field: string): string | undefined {
  const properties = body && typeof body === 'object' ? (body as { properties?: Record<string, unknown> }).properties : undefined;
  const property = properties?.[field];
  return property && typeof property === 'object' ? messages.get(property) : undefined;
}

/** `schema` as a body property whose invalid value is answered with `message` (e.g. a status outside its list). */
export function withInvalidMessage<T extends object>(schema: T, message: string): T {
  messages.set(schema, message);
  return schema;
}

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
  messages.set(schema, `removeImages may only name: ${names}`);
  return schema;
}
