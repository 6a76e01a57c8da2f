/**
 * The fans' app's contract (/app/v1) as named schemas: each record the app reads derived from its
 * entity's declaration (the `app` key, src/domain/entities), so a field added there is a field in
 * the OpenAPI document (docs/openapi/app-v1.json), plus the shapes every answer shares (`Image`,
 * the pages and syncs, `Error`). Each is registered once by its `$id` (plugins/docs.ts) and routes
 * point at it with `appRef`, so the document names it under `components.schemas`.
 */
import { Type, type Static, type TObject, type TProperties, type TSchema, type TUnsafe } from 'typebox';
import { entityNamed } from '../../src/domain/declared';
import { appFieldsOf, lookupOf, type EntityDeclaration, type FieldDeclaration } from '../../src/domain/entity';
import type { LookupName } from '../../src/domain/lookups';
import { ErrorEnvelope } from './envelope';
import { LOOKUP_RECORDS } from './lookups';
import { NamedRef, Nullable } from './refs';

/** Every named schema of the app's document, by its `$id`. */
export const APP_SCHEMAS = new Map<string, TSchema & { $id: string }>();

/** `schema` named `name` in the app's document (a record: no property beyond those it lists). */
export function named<T extends TSchema>(name: string, schema: T): T & { $id: string } {
  if (APP_SCHEMAS.has(name)) throw new Error(`Two app schemas are named ${name}`);
  const closed = { ...closedDeep(schema), $id: name } as T & { $id: string };
  APP_SCHEMAS.set(name, closed);
  return closed;
}

/** A copy of `schema` whose objects take no property beyond those they list, unless they say otherwise. */
function closedDeep(schema: TSchema): TSchema {
  if (Array.isArray(schema)) return schema.map(closedDeep) as unknown as TSchema;
  if (!schema || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'examples' || key === 'const' || key === 'enum' ? value : closedDeep(value as TSchema)]));
  if (copy.type === 'object' && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy as TSchema;
}

/** The named schema `name`, built the first time it is asked for (each entity's are asked by its routes and the document). */
function once<T extends TSchema>(name: string, build: () => T): T & { $id: string } {
  return (APP_SCHEMAS.get(name) as (T & { $id: string }) | undefined) ?? named(name, build());
}

/** The name each route's own schema goes by in the document (the route keeps validating and serializing with it). */
const DOCUMENTED = new WeakMap<object, string>();

/**
 * `schema`, as a route uses it, named `name` in the document: a body or an answer's data, written
 * where its route is (an account's `Session`, a device's body). The document points at the name;
 * the named copy is closed (no property beyond those listed). `shown` documents it otherwise where
 * the route reads it more loosely than an app should send it (a multipart form's JSON part).
 */
export function documentAs<T extends TSchema>(name: string, schema: T, shown: TSchema = schema): T {
  // Its parts documented before it are pointed at by name (a Session's user is a Profile).
  named(name, withDocumentedNames(shown) as TSchema);
  DOCUMENTED.set(schema, name);
  return schema;
}

/** A copy of a route's schema with each documented part replaced by a pointer to its name. */
export function withDocumentedNames(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withDocumentedNames);
  if (!node || typeof node !== 'object') return node;
  const name = DOCUMENTED.get(node);
  if (name) return { $ref: name };
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withDocumentedNames(value)]));
}

/** A pointer to a named schema, typed as the schema it names (a route's answer keeps its static type). */
export const appRef = <T extends TSchema & { $id: string }>(schema: T): TUnsafe<Static<T>> => Type.Unsafe<Static<T>>({ $ref: schema.$id });

const closed = <T extends TProperties>(properties: T, options: { description?: string } = {}) => Type.Object(properties, { ...options, additionalProperties: false });

export const Image = named(
  'Image',
  Type.Object(
    {
      url: Type.String({ description: 'The original, absolute when the server knows its address (PUBLIC_URL, S3_PUBLIC_URL)' }),
      width: Nullable(Type.Integer({ description: 'Null for an image not uploaded through Crease' })),
      height: Nullable(Type.Integer()),
      sizes: Type.Array(closed({ width: Type.Integer(), url: Type.String() }), { description: 'Smaller WebP copies (320 and 960 px wide, never enlarged), narrowest first' }),
    },
    { description: 'An image as the app reads it: the original and its smaller copies' },
  ),
);

/** A field's value as the app reads it: an image with its sizes, a reference populated as its declaration says. */
function appValue(field: FieldDeclaration): TSchema {
  const description = field.label;
  switch (field.kind) {
    case 'image':
      return appRef(Image);
    case 'number':
      return Type.Integer({ description });
    case 'boolean':
      return Type.Boolean({ description });
    case 'choice':
      return Type.Unsafe<string>({ type: 'string', enum: [...(field.choices ?? [])], description });
    case 'date':
      return Type.String({ format: 'date', description: `${description} (YYYY-MM-DD)` });
    case 'datetime':
      return Type.String({ format: 'date-time', description: `${description} (ISO 8601, UTC)` });
    case 'url':
      return Type.String({ description: `${description} (a web address)` });
    case 'richtext':
      return Type.String({ description: `${description} (sanitized HTML)` });
    case 'ref':
      return refValue(field);
    default:
      return Type.String({ description });
  }
}

/** A reference: a lookup's record, a declared entity's `{ _id }` and its `populate` fields, or the bare id. */
function refValue(field: FieldDeclaration): TSchema {
  if (lookupOf(field)) {
    const record = LOOKUP_RECORDS[field.to as LookupName] as TObject;
    return closed(record.properties, { description: field.label });
  }
  const target = field.populate ? entityNamed(field.to ?? '') : undefined;
  if (!target) return Type.String({ description: `${field.label}: the _id of a ${field.to} record` });
  const shown: TProperties = { _id: Type.String() };
  for (const name of field.populate!) {
    const inner = target.fields[name];
    shown[name] = slot(inner, appValue(inner));
    if (inner.nameAs) shown[inner.nameAs] = closed({ name: Nullable(Type.String()) }, { description: `The ${name}'s name again` });
  }
  return closed(shown, { description: `${field.label}: the ${field.to} record it names` });
}

/** A field's place in a record: a list, a boolean or a required field (never null), or the value or null. */
const slot = (field: FieldDeclaration, value: TSchema) => (field.many ? Type.Array(value) : field.kind === 'boolean' || field.required ? value : Nullable(value));

const STAMPS: Record<string, TSchema> = {
  createdAt: Type.String({ format: 'date-time', description: 'When it was added (ISO 8601, UTC)' }),
  updatedAt: Type.String({ format: 'date-time', description: 'When it last changed (ISO 8601, UTC)' }),
};

/**
 * App fields the app reads otherwise than their declaration says, or that are no declared field (the
 * server computes them for the app), by entity and name: each such field's schema is given here, or
 * the document would lie about it (the answer check in tests tells).
 */
export const APP_FIELD_SCHEMAS: Record<string, TProperties> = {};

/** A record's properties as the app reads them: `_id` and the declared app fields (derived ones too), in their order. */
function appProperties(entity: EntityDeclaration): TProperties {
  const properties: TProperties = { _id: Type.String({ description: 'Its id (a UUID)' }) };
  for (const name of appFieldsOf(entity.app!)) {
    const field = entity.fields[name];
    // A derived field (a match's startsAt, a target) says what it holds in its declaration.
    const derived = entity.app!.derived?.[name];
    const schema = APP_FIELD_SCHEMAS[entity.name]?.[name] ?? (derived ? Type.Unsafe(derived.schema) : field ? slot(field, appValue(field)) : STAMPS[name]);
    if (!schema) throw new Error(`${entity.name}'s app field ${name} is no declared field: give its schema in APP_FIELD_SCHEMAS (server/schemas/app.ts)`);
    properties[name] = schema;
  }
  return properties;
}

/** The schema name of an entity's app record: its label, one word (`News`, `Match`). */
export const appSchemaName = (entity: EntityDeclaration) => entity.label.one.replace(/[^A-Za-z0-9]/g, '');

/** An entity's app record, named by its label (`News`, `Video`, `Match`…). */
export const appRecordSchema = (entity: EntityDeclaration) =>
  once(appSchemaName(entity), () => Type.Object(appProperties(entity), { description: `${entity.label.one} as the app reads it (the \`app\` fields of its declaration)` }));

/** One record as its detail route answers it: with its declared joins (a team's players), else the record itself. */
export function appDetailSchema(entity: EntityDeclaration) {
  const joins = entity.app!.joins ?? [];
  if (joins.length === 0) return appRecordSchema(entity);
  return once(`${appSchemaName(entity)}Detail`, () => {
    const properties: TProperties = { ...appProperties(entity) };
    for (const join of joins) properties[join] = Type.Array(appRef(appRecordSchema(entityNamed(entity.joins![join].of)!)), { description: `Its ${join} the app sees` });
    return Type.Object(properties, { description: `One ${entity.label.one.toLowerCase()} with its ${joins.join(', ')}` });
  });
}

/** A page of a list: `{ docs, next, cursor }`. */
export function appPageSchema(entity: EntityDeclaration) {
  const record = appRef(appRecordSchema(entity));
  return once(`${appSchemaName(entity)}Page`, () =>
    Type.Object(
      {
        docs: Type.Array(record),
        next: Nullable(Type.String({ description: 'Send as `after` for the next page; null at the end' })),
        cursor: Type.String({ description: 'Send as `since` to hear what changed after this answer' }),
      },
      { description: `A page of ${entity.label.many.toLowerCase()} (the list without \`since\`)` },
    ),
  );
}

/** A page of a sync: `{ changed, removed, more, cursor }`. */
export function appSyncSchema(entity: EntityDeclaration) {
  const record = appRef(appRecordSchema(entity));
  return once(`${appSchemaName(entity)}Sync`, () =>
    Type.Object(
      {
        changed: Type.Array(record, { description: 'Added or changed since, and seen now' }),
        removed: Type.Array(Type.String(), { description: 'Ids no longer seen (unpublished, deactivated or deleted) since' }),
        more: Type.Boolean({ description: 'More changes remain: send `cursor` as `since` at once for the next page' }),
        cursor: Type.String({ description: 'Send as `since`: the next page while `more`, else the next sync' }),
      },
      { description: `What changed in ${entity.label.many.toLowerCase()} since a cursor, a page at a time (the list with \`since\`)` },
    ),
  );
}

/** Every entity's named schemas: its record, and its page and sync or its detail as its routes answer them. */
export function appEntitySchemas(entities: readonly EntityDeclaration[]) {
  for (const entity of entities.filter((declared) => declared.app)) {
    appRecordSchema(entity);
    const routes = entity.app!.routes ?? ['list', 'one'];
    if (routes.includes('list')) {
      appPageSchema(entity);
      appSyncSchema(entity);
    }
    if (routes.includes('one')) appDetailSchema(entity);
  }
}

/** Every error answer: the message to show, and each invalid field's own message. */
export const AppError = named('Error', Type.Object(ErrorEnvelope.properties, { description: 'An error: `success` is false' }));

const EXAMPLE_ID = '3f0c2a9e-8d4b-4c71-9a55-0e6f3b2d1c84';
const EXAMPLE_INSTANT = '2026-11-28T10:00:00.000Z';
const EXAMPLE_IMAGE = {
  url: 'https://league.example.org/uploads/7b1e0c3a-5f2d-4e8a-9c61-2d4b8f0a7e15.webp',
  width: 1200,
  height: 800,
  sizes: [
    { width: 320, url: 'https://league.example.org/uploads/7b1e0c3a-5f2d-4e8a-9c61-2d4b8f0a7e15-320w.webp' },
    { width: 960, url: 'https://league.example.org/uploads/7b1e0c3a-5f2d-4e8a-9c61-2d4b8f0a7e15-960w.webp' },
  ],
};

/**
 * A value `schema` takes, for the document's examples: its own example, else the first choice, a
 * fixed id, instant or image, and text for text; a record's `demo` row fills its fields (see appExample).
 */
export function exampleOf(schema: TSchema, name?: string): unknown {
  const node = schema as Record<string, unknown>;
  if (typeof node.$ref === 'string') return node.$ref === 'Image' ? EXAMPLE_IMAGE : exampleOf(APP_SCHEMAS.get(node.$ref)!);
  if (Array.isArray(node.examples)) return node.examples[0];
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum)) return node.enum[0];
  if (Array.isArray(node.anyOf)) {
    const members = node.anyOf as TSchema[];
    return exampleOf(members.find((member) => (member as { type?: string }).type !== 'null') ?? members[0], name);
  }
  switch (node.type) {
    case 'object':
      return Object.fromEntries(Object.entries(node.properties as TProperties).map(([key, value]) => [key, exampleOf(value, key)]));
    case 'array':
      return [exampleOf(node.items as TSchema, name)];
    case 'integer':
    case 'number':
      return (node.minimum as number | undefined) ?? 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      if (name === '_id' || name === 'id') return EXAMPLE_ID;
      if (node.format === 'date-time') return EXAMPLE_INSTANT;
      if (node.format === 'date') return EXAMPLE_INSTANT.slice(0, 10);
      return name ?? 'text';
    default:
      return null;
  }
}

/** An example of an entity's app record: its first demo row's values where it has them. */
export function appExample(entity: EntityDeclaration, schema: TSchema = appRecordSchema(entity)): Record<string, unknown> {
  const example = exampleOf(schema) as Record<string, unknown>;
  const demo = (entity.demo?.[0] ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(demo)) {
    if (name in example && value !== null && typeof value === typeof example[name]) example[name] = value;
  }
  return example;
}

/** A state, district or city: what the registration's form chooses from, and what a registration names. */
documentAs('Place', NamedRef);
