/**
 * Builds a request body schema from a form's rules in src/domain/rules.ts, so each rule
 * is written once: the schema gives the handler its types and the OpenAPI document its fields,
 * and the rules it was built from give every failing field its message (see plugins/forms.ts).
 */
import { Type, type TObject, type TProperties, type TUnsafe } from 'typebox';
import type { FieldRule, FormRules } from '../../src/domain/rules';
import { INTEGER_MAX } from './numbers';

/** What an image field holds once its upload is read: the bytes and the type detected from them (storage/images.ts). */
export interface UploadedImage {
  buffer: Buffer;
  ext: string;
  mime: string;
}

type FieldValue<F> = F extends { image: object }
  ? UploadedImage
  : F extends { min: unknown }
    ? number
    : F extends { oneOf: readonly [readonly (infer V)[], string] }
      ? V
      : string;
type FieldSchema<F> = F extends { required: string } ? TUnsafe<FieldValue<F>> : ReturnType<typeof Type.Optional<TUnsafe<FieldValue<F>>>>;
export type RulesProperties<R extends FormRules> = { [K in keyof R]: FieldSchema<R[K]> };

/**
 * What a route that takes files consumes: multipart, for its files (JSON is read too). Only a route
 * that declares it reads a multipart body; any other refuses one unread (plugins/uploads.ts).
 */
export const MULTIPART = ['multipart/form-data'];

/** Whether a route's schema declares that it takes files (`consumes: MULTIPART`). */
export const takesFiles = (schema: { consumes?: readonly string[] } | undefined): boolean => schema?.consumes?.includes(MULTIPART[0]) ?? false;

const rulesBySchema = new WeakMap<object, FormRules>();

/** The rules a body schema was built from, when it was built by `formBody`. */
export const rulesOf = (schema: unknown): FormRules | undefined =>
  schema && typeof schema === 'object' ? rulesBySchema.get(schema) : undefined;

function fieldSchema(rule: FieldRule): Record<string, unknown> {
  // No `type` for files: the value is the detected image object, and `format: binary` documents it.
  if (rule.image) return { format: 'binary', description: 'Image file (checked from its bytes, at most 5 MB)' };
  if (rule.min) return { type: 'integer', minimum: rule.min[0], maximum: INTEGER_MAX };
  const schema: Record<string, unknown> = { type: 'string' };
  if (rule.minLength) schema.minLength = rule.minLength[0];
  if (rule.oneOf) schema.enum = [...rule.oneOf[0]];
  // No `format` for addresses: the rule checks them trimmed (plugins/forms.ts) and the write stores
  // them trimmed, so a pasted ' name@example.in ' is taken, as the form's own check takes it.
  if (rule.url) schema.description = 'A web address (http or https)';
  if (rule.email) schema.description = 'An e-mail address';
  return schema;
}

/**
 * `formBody(rulesOf(videos, 'create'))` → a TypeBox object with one property per rule (required when the rule
 * has `required`); `extra` adds or overrides fields no form rule covers (e.g. `remember`).
 */
export function formBody<R extends FormRules, X extends TProperties = Record<never, never>>(
  rules: R,
  extra: X = {} as X,
): TObject<Omit<RulesProperties<R>, keyof X> & X> {
  const properties: TProperties = {};
  for (const [field, rule] of Object.entries(rules)) {
    const schema = Type.Unsafe(fieldSchema(rule));
    properties[field] = rule.required ? schema : Type.Optional(schema);
  }
  const body = Type.Object({ ...properties, ...extra }) as unknown as TObject<Omit<RulesProperties<R>, keyof X> & X>;
  rulesBySchema.set(body, rules);
  return body;
}
