/** How the activity log names and compares what a write changed, the same on the server and in the fake. */
import { entityNamed, loggedResourceLabel } from './declared';
import { columnOf, recordLabelOf, tableOf, type EntityDeclaration, type FieldDeclaration } from './entity';
import { lookupNamed } from './lookups';
import { DELETED_USER_LABEL } from './fans';
import { ACTIVITY_TEXTS } from './messages';
import type { ActivityChange, ActivityEntryRecord } from './records';

/** 'team_a_id' → 'teamA', 'video_url' → 'videoUrl': the name the forms give the field a column holds. */
export const loggedFieldName = (column: string) => column.replace(/_id$/, '').replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A value as the log keeps it: an instant as ISO text, none as null. */
export const loggedValue = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * Each field whose value differs between two versions of a record (values as `loggedValue` gives
 * them), with both values: the fields `order` names first, in its order (a declared entity's form
 * order), then any other by name. The same order wherever it is made.
 */
export function changesBetween(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  order: readonly string[] = [],
): ActivityChange[] {
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return Object.keys(after)
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

/** The logged names of a declared entity's fields, in its form's order. */
export const loggedFieldsOf = (entity: EntityDeclaration) => Object.entries(entity.fields).map(([name, field]) => loggedFieldName(columnOf(name, field)));

/** Where a reference's records are kept and how one is named: a declared entity's title, a lookup entry's. */
export interface ReferenceTarget {
  /** The resource its records are listed under (the fake keeps them so). */
  resource: string;
  table: string;
  /** The columns its name is read from, by the names the API answers them under. */
  columns: Readonly<Record<string, string>>;
  /** Its name, each value read by the name the API answers it under. */
  title: (valueOf: (name: string) => unknown) => string | null;
}

function referenceTargetOf(field: FieldDeclaration): ReferenceTarget | undefined {
  if (field.kind !== 'ref' || !field.to) return undefined;
  const entity = entityNamed(field.to);
  if (entity) {
    const named = [...(entity.titleParts ?? [entity.title]), ...(entity.titleFallback ? [entity.titleFallback] : [])];
    const columns = Object.fromEntries(named.map((name) => [name, columnOf(name, entity.fields[name])]));
    return { resource: entity.name, table: tableOf(entity), columns, title: (valueOf) => recordLabelOf(entity, valueOf) };
  }
  const lookup = lookupNamed(field.to);
  if (!lookup) return undefined;
  const parts = lookup.titleParts ?? [lookup.orderBy];
  const title = (valueOf: (name: string) => unknown) =>
    parts
      .map((name) => String(valueOf(name) ?? '').trim())
      .filter(Boolean)
      .join(' ') || null;
  return { resource: field.to, table: lookup.table, columns: Object.fromEntries(parts.map((name) => [name, lookup.fields[name]])), title };
}

/** A declared entity's references, by the name the log gives their field, each with what it names. */
export const loggedReferencesOf = (entity: EntityDeclaration): ReadonlyMap<string, ReferenceTarget> =>
  new Map(
    Object.entries(entity.fields).flatMap(([name, field]) => {
      const target = referenceTargetOf(field);
      return target ? [[loggedFieldName(columnOf(name, field)), target] as const] : [];
    }),
  );

/** A reference's change (the ids as `before` and `after`), its ids kept beside them: the names go in by `namedReference`. */
export const withReferenceIds = (change: ActivityChange): ActivityChange => ({
  ...change,
  beforeId: (change.before as string | null) ?? null,
  afterId: (change.after as string | null) ?? null,
});

/**
 * A reference's change as the log keeps it: each record by its name at this moment (by `nameOf`
 * its id; the id itself where it has none), so a later rename leaves the entry as it was.
 */
export function namedReference(change: ActivityChange, nameOf: (id: string) => string | null | undefined): ActivityChange {
  const name = (id: string | null | undefined) => (id === null || id === undefined ? null : (nameOf(id) ?? id));
  return { field: change.field, before: name(change.beforeId), after: name(change.afterId), beforeId: change.beforeId ?? null, afterId: change.afterId ?? null };
}

/** What Crease records of its own accord, with nobody signed in: a send's end, a record going live or coming down on schedule. */
const BY_CREASE: readonly string[] = ['sendEnded', 'autoPublish', 'autoUnpublish'];

/** A fan's own write: the fan as their account names them now, marked as the app's user; 'Deleted user' once they deleted it. */
const activityFan = (fan: NonNullable<ActivityEntryRecord['fan']>) => (fan.name ? ACTIVITY_TEXTS.byFan(fan.name) : DELETED_USER_LABEL);

/**
 * Who made an entry: an admin by name, a fan by theirs; Crease itself for its own work; nobody for a
 * sign-in with an e-mail no admin has. How the page and the CSV say it.
 */
export const activityAdmin = (entry: Pick<ActivityEntryRecord, 'admin' | 'action'> & Partial<Pick<ActivityEntryRecord, 'fan'>>) =>
  (entry.admin && [entry.admin.firstName, entry.admin.lastName].filter(Boolean).join(' ')) ||
  (entry.fan && activityFan(entry.fan)) ||
  (BY_CREASE.includes(entry.action) ? ACTIVITY_TEXTS.byCrease : ACTIVITY_TEXTS.nobody);
export const activityAction = (entry: Pick<ActivityEntryRecord, 'action'>) =>
  ACTIVITY_TEXTS.actions[entry.action as keyof typeof ACTIVITY_TEXTS.actions] ?? entry.action;
export const activityResource = (entry: Pick<ActivityEntryRecord, 'resource'>) => loggedResourceLabel(entry.resource);

/** A changed value as read: none as the empty mark, a list joined. */
export const activityValue = (value: unknown) => (value === null || value === undefined || value === '' ? ACTIVITY_TEXTS.empty : Array.isArray(value) ? value.join(', ') : String(value));
