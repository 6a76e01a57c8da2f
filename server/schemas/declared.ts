/**
 * The API's shapes for a declared entity (src/domain/entities), derived from its declaration: the
 * record, the list query and the create and update bodies, with their OpenAPI descriptions.
 */
import { Type, type TProperties, type TSchema } from 'typebox';
import { entityNamed } from '../../src/domain/declared';
import { formFields, imageFields, lookupOf, messagesOf, rulesOf, sortFieldsOf, type EntityDeclaration, type FieldDeclaration } from '../../src/domain/entity';
import type { LookupName } from '../../src/domain/lookups';
import { formBody } from './form';
import { withInvalidMessage } from './invalid-message';
import { LOOKUP_RECORDS } from './lookups';
import { DayOrInstant, ListQuery } from './list';
import { INTEGER_MAX } from './numbers';
import { OrBlank } from './or-blank';
import { OWN_PROPERTIES } from './own-parts';
import { Nullable } from './refs';
import { RemoveImages } from './remove-images';
import { PublishingBody, PublishingFilters, PublishingProperties } from './publishing';
import { UpdatedAt, VersionField } from './version';

function valueSchema(field: FieldDeclaration): TSchema {
  const description = field.label;
  switch (field.kind) {
    case 'number':
      return Type.Integer({ description });
    case 'boolean':
      return Type.Boolean({ description });
    case 'choice':
      return Type.Enum(field.choices ?? [], { description });
    case 'date':
      return Type.String({ description: `${description} (YYYY-MM-DD)` });
    case 'datetime':
      return Type.String({ format: 'date-time', description });
    case 'ref':
      return Type.String({ description: `${description}: the _id of a ${field.to} record` });
    case 'image':
      return Type.String({ description: `${description}: /uploads/… URL` });
    default:
      return Type.String({ description });
  }
}

/** A reference answered populated: a lookup's record, or `{ _id }` with the `populate` fields of a declared entity's. */
function populatedSchema(field: FieldDeclaration): TSchema | undefined {
  if (lookupOf(field)) return LOOKUP_RECORDS[field.to as LookupName];
  const target = field.kind === 'ref' && field.populate ? entityNamed(field.to ?? '') : undefined;
  if (!target) return undefined;
  const shown: TProperties = { _id: Type.String() };
  for (const name of field.populate!) {
    const inner = target.fields[name];
    shown[name] = Nullable(populatedSchema(inner) ?? valueSchema(inner));
    if (inner.nameAs) shown[inner.nameAs] = Type.Object({ name: Nullable(Type.String()) }, { description: `The ${name}'s name again` });
  }
  return Type.Object(shown, { description: `${field.label}: the ${field.to} record it names` });
}

/** The admin who added a record. */
const Creator = Type.Object(
  { _id: Type.String(), firstName: Type.String(), lastName: Type.String(), role: Type.String() },
  { description: 'The admin who added it (null once their account is gone)' },
);

/** A record as the API answers it: a reference to a lookup populated, a join's count beside the fields. */
export function recordSchema(entity: EntityDeclaration) {
  const properties: TProperties = { _id: Type.String() };
  for (const [name, field] of Object.entries(entity.fields)) {
    const value = populatedSchema(field) ?? valueSchema(field);
    properties[name] = field.many ? Type.Array(value) : field.kind === 'boolean' ? value : Nullable(value);
    if (field.alias) properties[field.alias] = Nullable(field.kind === 'ref' ? value : Type.String({ description: `The same as ${name}` }));
  }
  properties.createdAt = Type.String({ format: 'date-time' });
  if (entity.versioned) properties.updatedAt = UpdatedAt;
  if (entity.creator) properties[entity.creator] = Nullable(Creator);
  if (entity.publishing) Object.assign(properties, PublishingProperties);
  for (const join of Object.values(entity.joins ?? {})) if (join.count) properties[join.count] = Type.Integer({ description: `How many ${join.of} records name it` });
  if (entity.ownParts) Object.assign(properties, OWN_PROPERTIES[entity.ownParts]);
  return Type.Object(properties);
}

/** One record as its detail, a create and an edit answer it: the record with each join's records. */
export function detailSchema(entity: EntityDeclaration) {
  const record = recordSchema(entity);
  const joins = Object.entries(entity.joins ?? {});
  if (joins.length === 0) return record;
  return Type.Object({ ...record.properties, ...Object.fromEntries(joins.map(([name, join]) => [name, Type.Array(recordSchema(entityNamed(join.of)!))])) });
}

/**
 * The list's filters beside search: one exact filter per declared filter field (a list: records
 * holding that value) and the range's `from` and `to`; figures counted over the list take these.
 */
export function filtersSchema(entity: EntityDeclaration): TProperties {
  const filters: TProperties = {};
  for (const name of entity.list.filters ?? []) filters[name] = entity.fields[name].filterChoices ? choiceFilter(entity.fields[name]) : Type.Optional(valueSchema(entity.fields[name]));
  if (entity.publishing) Object.assign(filters, PublishingFilters);
  const { range } = entity.list;
  if (range) {
    const label = entity.fields[range].label.toLowerCase();
    filters.from = DayOrInstant(`Records whose ${label} is on or after this instant (a day alone: from its start, UTC)`);
    filters.to = DayOrInstant(`Records whose ${label} is on or before this instant (a day alone: to its end, UTC)`);
  }
  return filters;
}

/** `page`, `limit`, `search`, `sort`, `order`, the list's filters, and the split's tab. */
export function listQuerySchema(entity: EntityDeclaration) {
  const filters = filtersSchema(entity);
  const { split } = entity.list;
  if (split) {
    const tabs = [split.later, split.earlier];
    const description = `${tabs.map((tab) => `${tab.value}: ${tab.description}`).join('; ')} (each the default sort when none is asked)`;
    filters[split.param] = Type.Optional(Type.Enum(tabs.map((tab) => tab.value), { description }));
  }
  return ListQuery(sortFieldsOf(entity), filters);
}

/** A filter taking only its `filterChoices`, refused with the field's `invalid` message otherwise. */
function choiceFilter(field: FieldDeclaration) {
  const blank = field.blankIs ? `; ${field.blankIs} also finds records without a ${field.label.toLowerCase()}` : '';
  return withInvalidMessage(Type.Optional(Type.Enum(field.filterChoices ?? [], { description: `${field.label}${blank}` })), messagesOf(field).invalid);
}

/**
 * The create or update form: the declared rules (checked first, with their messages), an optional
 * non-text field also taking the empty string a cleared form field sends (meaning none), booleans,
 * an image under its alias too, and on update `updatedAt` (when versioned) and `removeImages` (when it has optional images).
 */
export function bodySchema(entity: EntityDeclaration, mode: 'create' | 'update', own: TProperties = {}) {
  const extra: TProperties = { ...own };
  for (const [name, field] of formFields(entity)) {
    if (field.kind === 'boolean') extra[name] = Type.Optional(valueSchema(field));
    // Multipart repeats the part (`tags[]`); one part alone is read as a list of one.
    else if (field.many) extra[name] = Type.Optional(Type.Array(valueSchema(field)));
    else if (!field.required && ['number', 'choice', 'url', 'email', 'date', 'datetime', 'ref'].includes(field.kind)) {
      extra[name] = Type.Optional(OrBlank(field.kind === 'number' ? Type.Integer({ minimum: -INTEGER_MAX, maximum: INTEGER_MAX }) : field.kind === 'choice' ? valueSchema(field) : Type.String()));
    }
  }
  if (entity.publishing) Object.assign(extra, PublishingBody);
  if (mode === 'update') {
    if (entity.versioned) Object.assign(extra, VersionField);
    // A required image can be replaced, never removed.
    const images = imageFields(entity).filter((name) => !entity.fields[name].required);
    if (images.length > 0) extra.removeImages = RemoveImages(images as [string, ...string[]]);
  }
  return formBody(rulesOf(entity, mode), extra);
}
