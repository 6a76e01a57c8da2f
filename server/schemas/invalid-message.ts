/**
 * A body or query property's own message for an invalid value, where the validator's would not read
 * well (see plugins/errors.ts).
 */
const messages = new WeakMap<object, string>();

/** The message for an invalid value of `schema`'s property `field`, when the property was built with one. */
export function invalidMessageOf(schema: unknown, field: string): string | undefined {
  const properties = schema && typeof schema === 'object' ? (schema as { properties?: Record<string, unknown> }).properties : undefined;
  const property = properties?.[field];
  return property && typeof property === 'object' ? messages.get(property) : undefined;
}

/** `schema` as a body or query property whose invalid value is answered with `message` (e.g. a status outside its list). */
export function withInvalidMessage<T extends object>(schema: T, message: string): T {
  messages.set(schema, message);
  return schema;
}
