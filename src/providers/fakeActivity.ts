/**
 * The activity log in the fake, written as the server writes it: one entry per record created,
 * changed or deleted (a change listing each field whose stored value differs, by the name and in
 * the order the server gives it), per slide order saved, per password reset or change and per
 * sign-in (accepted or refused), with the admin as named at that moment. Newest first; entries are
 * never changed or deleted.
 */
import {
  changesBetween,
  columnOf,
  entityNamed,
  htmlText,
  loggedFieldName,
  loggedFieldsOf,
  loggedValue,
  titleOf,
  loggedPublishing,
  loggedReferencesOf,
  namedReference,
  publishingOf,
  shownValue,
  withReferenceIds,
  type ActivityAction,
  type ActivityChange,
  type ReferenceTarget,
} from '../domain';
import type { Row, Tables } from './fakeTables';

/** The id a reference holds, whether stored as the id or populated. */
const idOf = (value: unknown) => (value && typeof value === 'object' ? ((value as Row)._id ?? null) : value || null);
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const name = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' ') || null;

/** How a hand-written resource's record reads in the log: its label, and each logged field's value. */
interface Audited {
  label: (row: Row) => string | null;
  /** Logged field name → the record's field holding it. */
  fields: Record<string, string>;
}

const WRITTEN: Record<string, Audited> = {
  admins: {
    label: (row) => name(row.firstName, row.lastName) ?? text(row.email),
    fields: { firstName: 'firstName', lastName: 'lastName', email: 'email', role: 'role', isActive: 'isActive' },
  },
};

/** A record's label and logged values, and the order its changes are listed in. */
function audited(resource: string, row: Row): { label: string | null; values: Record<string, unknown>; order?: readonly string[] } {
  const entity = entityNamed(resource);
  if (entity) {
    const values: Record<string, unknown> = {};
    for (const [field, declared] of Object.entries(entity.fields)) {
      const value = declared.kind === 'ref' ? idOf(row[field]) : declared.plainText ? htmlText(String(row[field] ?? '')) : shownValue(declared, row[field]);
      values[loggedFieldName(columnOf(field, declared))] = loggedValue(value);
    }
    // Publishing, as the server logs its columns: the state, and each time readable.
    if (entity.publishing) Object.assign(values, loggedPublishing(publishingOf(row)));
    return { label: titleOf(entity, row), values, order: loggedFieldsOf(entity) };
  }
  const { label, fields } = WRITTEN[resource];
  const values = Object.fromEntries(Object.entries(fields).map(([logged, field]) => [logged, loggedValue(row[field])]));
  return { label: label(row), values };
}

export interface FakeEntry {
  action: ActivityAction;
  resource: string;
  recordId: string | null;
  recordLabel: string | null;
  changes: ActivityChange[];
}

/** The log kept in `tables.activity`, written for the admin `signedIn()` names at the moment of each entry. */
export function fakeActivity(tables: Tables, signedIn: () => { _id: string; firstName: string; lastName: string }) {
  const log = () => (tables.activity ??= []);
  let last = log().length;
  /** An entry made by the admin signed in, or by `by` (null: nobody, as for a sign-in with an unknown e-mail). */
  const write = (entry: FakeEntry, by: { _id: string; firstName: string; lastName: string } | null = signedIn()) => {
    last += 1;
    const at = new Date().toISOString();
    const admin = by && { _id: by._id, firstName: by.firstName, lastName: by.lastName };
    // The fake has no app: no entry is a fan's own write.
    log().unshift({ _id: String(last), seq: last, createdAt: at, at, admin, fan: null, ...entry });
  };
  /** A change as the server logs it: a reference's by the records' names as they are now, with their ids. */
  const named = (resource: string) => {
    const entity = entityNamed(resource);
    const references: ReadonlyMap<string, ReferenceTarget> = entity ? loggedReferencesOf(entity) : new Map();
    return (change: ActivityChange): ActivityChange => {
      const target = references.get(change.field);
      if (!target) return change;
      const nameOf = (id: string) => {
        const row = (tables[target.resource] ?? []).find((item) => item._id === id);
        return row ? target.title((name) => row[name]) : undefined;
      };
      return namedReference(withReferenceIds(change), nameOf);
    };
  };
  /** An entry for a record created, changed (with what changed) or deleted; a change of nothing is still an entry. */
  const entry = (resource: string, action: ActivityAction, before: Row | undefined, after: Row | undefined): FakeEntry => {
    const row = (after ?? before)!;
    const then = after && audited(resource, after);
    const changes = before && after ? changesBetween(audited(resource, before).values, then!.values, then!.order).map(named(resource)) : [];
    return { action, resource, recordId: String(row._id), recordLabel: (then ?? audited(resource, row)).label, changes };
  };
  return {
    write,
    entry,
    created: (resource: string, row: Row) => write(entry(resource, 'create', undefined, row)),
    updated: (resource: string, before: Row, after: Row) => write(entry(resource, 'update', before, after)),
    deleted: (resource: string, row: Row) => write(entry(resource, 'delete', row, undefined)),
  };
}

export type FakeActivity = ReturnType<typeof fakeActivity>;
