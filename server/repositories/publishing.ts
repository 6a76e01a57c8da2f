/**
 * Draft and scheduled publishing in SQL (entities declaring `publishing: true`; the rules are
 * src/domain/publishing.ts): the columns a record keeps it in, the job that changes it on time, the
 * admin's publish, unpublish and schedule calls, and the job's own step.
 *
 * Each record with a time to come (a scheduled one's `publish_at`, a live one's `unpublish_at`) has one
 * job in the queue, keyed by its entity and id and due at that time, written by the same transaction
 * as the record. A write that moves the time moves the job; the job re-reads the row, locked, and
 * changes only what is due by the server's clock, so a record rescheduled meanwhile is left alone.
 */
import { sql, type SqlBool } from 'kysely';
import type { ActivityChange } from '../../src/domain/records';
import { tableOf, type EntityDeclaration } from '../../src/domain/entity';
import {
  afterTransition,
  createdPublishingEntry,
  publishingChanges as changesOf,
  dueTransition,
  nextTransitionAt,
  OVERDUE_AFTER_MS,
  publishingAction,
  publishingAfterWrite,
  PUBLISHING_FIELDS,
  type Publishing,
  type PublishingInput,
} from '../../src/domain/publishing';
import type { Db } from '../db/connection';
import { badRequest } from '../errors';
import { enqueue, removeJob, type JobKind } from './jobs';
import { AUDITED, lockedRow, recordActivity, type ActivityEntry, type AuditedTable } from './activity';
import { isId } from './ids';

type Row = Record<string, unknown>;

/** The record a publishing job is about (one job per record). */
export type PublishPayload = { entity: string; id: string };

/** A write's time, and the kind of job that publishes on time (jobs/publish.ts): whoever writes passes both. */
export interface PublishingWrite {
  now: Date;
  job: JobKind<PublishPayload>;
}

/** A row's publishing, from its columns. */
export const publishingOfRow = (row: Row): Publishing => ({
  status: (row.status as Publishing['status']) ?? 'published',
  publishAt: row.publish_at ? new Date(row.publish_at as string).toISOString() : null,
  unpublishAt: row.unpublish_at ? new Date(row.unpublish_at as string).toISOString() : null,
});

/** A record's publishing as the columns store it. */
export const publishingColumns = (value: Publishing): Row => ({
  status: value.status,
  publish_at: value.publishAt && new Date(value.publishAt),
  unpublish_at: value.unpublishAt && new Date(value.unpublishAt),
});

/** The publishing fields a write sent (each left out is not there). */
export const sentPublishing = (body: Row): PublishingInput =>
  Object.fromEntries(PUBLISHING_FIELDS.filter((name) => body[name] !== undefined).map((name) => [name, body[name]]));

/** What a write leaves the record's publishing as, or a 400 with each refused field's message. */
export function publishingOrRefuse(current: Publishing | null, sent: PublishingInput, now: Date): Publishing {
  const outcome = publishingAfterWrite(current, sent, now);
  if (!outcome.ok) throw badRequest(outcome.errors);
  return outcome.value;
}

/** Puts the record's job at its next time to change by itself, or removes it when it has none. */
export async function planPublishing(trx: Db, job: JobKind<PublishPayload>, entity: EntityDeclaration, id: string, value: Publishing): Promise<void> {
  const at = nextTransitionAt(value);
  const payload = { entity: entity.name, id };
  if (at) await enqueue(trx, job, payload, new Date(at));
  else await removeJob(trx, job, payload);
}

/** The changes of publishing between two versions, as the log lists them (times readable). */
export const publishingChanges = (before: Publishing | null, after: Publishing): ActivityChange[] => changesOf(before, after);

/** How the log records a create (see `createdPublishingEntry`). */
export const createdEntry = createdPublishingEntry;

/** The action an edit is logged as: a change of publishing names it, else a plain update. */
export const editedAction = (before: Publishing, after: Publishing): ActivityEntry['action'] => publishingAction(before, after) ?? 'update';

/**
 * The list's publishing filters: `status` by its value, and `overdue` (a scheduled record whose time
 * passed `OVERDUE_AFTER_MS` before `now` without going live, or, false, any other).
 */
export function publishingFilters(entity: EntityDeclaration) {
  const table = tableOf(entity);
  return {
    status: `${table}.status`,
    overdue: (value: unknown) => {
      const { asked, now } = value as OverdueFilter;
      const before = new Date(now.getTime() - OVERDUE_AFTER_MS);
      const condition = sql<SqlBool>`(${sql.ref(`${table}.status`)} = 'scheduled' and ${sql.ref(`${table}.publish_at`)} < ${before})`;
      return asked === true || asked === 'true' ? condition : sql<SqlBool>`not ${condition}`;
    },
  };
}

/** The list's `overdue` filter as the route passes it: what was asked, and the server's clock's time. */
export interface OverdueFilter {
  asked: unknown;
  now: Date;
}

/** The publishing columns a record's select reads, under the names its record answers them by. */
export const publishingSelect = (entity: EntityDeclaration) => {
  const table = tableOf(entity);
  return [sql.ref(`${table}.status`).as('status'), sql.ref(`${table}.publish_at`).as('publishAt'), sql.ref(`${table}.unpublish_at`).as('unpublishAt')];
};

/** An activity entry of a record's publishing change. */
function publishingEntry(entity: EntityDeclaration, row: Row, action: ActivityEntry['action'], before: Publishing, after: Publishing): ActivityEntry {
  const table = tableOf(entity) as AuditedTable;
  return { action, resource: entity.name, recordId: String(row.id), recordLabel: AUDITED[table].label(row), changes: publishingChanges(before, after) };
}

/**
 * An admin's publish (`status: 'published'`), unpublish (`status: 'draft'`) or schedule (`publishAt`,
 * `unpublishAt`) of one record: the rules applied to the row as it is, locked; the job moved; the
 * entry written; all in one transaction. Undefined when there is no such record; a 400 changes nothing.
 */
export async function changePublishing(db: Db, by: string, entity: EntityDeclaration, id: string, sent: PublishingInput, { now, job }: PublishingWrite): Promise<boolean> {
  if (!isId(id)) return false;
  const table = tableOf(entity) as AuditedTable;
  return db.transaction().execute(async (trx) => {
    const row = await lockedRow(trx, table, id);
    if (!row) return false;
    const before = publishingOfRow(row);
    const after = publishingOrRefuse(before, sent, now);
    const updated = (await trx
      .updateTable(table)
      .set(publishingColumns(after) as never)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()) as Row;
    await planPublishing(trx, job, entity, id, after);
    await recordActivity(trx, by, [publishingEntry(entity, updated, publishingAction(before, after) ?? 'update', before, after)]);
    return true;
  });
}

/**
 * The job's step for one record: what is due by `now` (publish, or take down) on the row as it is
 * now, locked, logged as Crease's own; and the time of its next change, if it has one. A record
 * gone, rescheduled or already changed by an admin is left as it is.
 */
export async function publishDue(db: Db, entity: EntityDeclaration, id: string, now: Date): Promise<Date | undefined> {
  if (!isId(id)) return undefined;
  const table = tableOf(entity) as AuditedTable;
  return db.transaction().execute(async (trx) => {
    const row = await lockedRow(trx, table, id);
    if (!row) return undefined;
    const before = publishingOfRow(row);
    const transition = dueTransition(before, now);
    if (!transition) {
      const next = nextTransitionAt(before);
      return next ? new Date(next) : undefined;
    }
    const after = afterTransition(before, transition);
    const updated = (await trx
      .updateTable(table)
      .set(publishingColumns(after) as never)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()) as Row;
    await recordActivity(trx, null, [publishingEntry(entity, updated, transition === 'publish' ? 'autoPublish' : 'autoUnpublish', before, after)]);
    const next = nextTransitionAt(after);
    return next ? new Date(next) : undefined;
  });
}
