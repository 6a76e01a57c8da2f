/** How the activity log names and compares what a write changed, the same on the server and in the fake. */
import { loggedResourceLabel } from './declared';
import { columnOf, type EntityDeclaration } from './entity';
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
