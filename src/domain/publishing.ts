/**
 * Draft and scheduled publishing of news, videos and slides (entities declaring `publishing: true`):
 * the states, the words an admin sees, and the one rule of what a write leaves a record as, shared by
 * the server, the job that publishes on time and the fake provider.
 *
 * A record is a draft, scheduled or published (`status`), with the instants it goes live and comes
 * down (`publishAt`, `unpublishAt`: ISO text to the minute, UTC, or null). The fans' app sees it only
 * while it is published.
 */

export const PUBLISH_STATES = ['draft', 'scheduled', 'published'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

/** The publishing fields every record of a publishing entity answers. */
export interface Publishing {
  status: PublishState;
  /** When it goes (or went) live; null for one published at once, and for a draft. */
  publishAt: string | null;
  /** When it comes down (becomes a draft again); null when it stays up. */
  unpublishAt: string | null;
}

/** The publishing fields a write may send: each left out keeps its value (on create: none). */
export interface PublishingInput {
  status?: unknown;
  publishAt?: unknown;
  unpublishAt?: unknown;
}

/** The names the API reads and answers them under. */
export const PUBLISHING_FIELDS = ['status', 'publishAt', 'unpublishAt'] as const;

/** A scheduled item this long past its `publishAt` that did not go live is flagged overdue. */
export const OVERDUE_AFTER_MS = 60_000;

/** The words of publishing: chips, buttons, fields, the list's filter, the API's messages. */
export const PUBLISHING_TEXTS = {
  states: { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' } satisfies Record<PublishState, string>,
  overdue: 'Overdue',
  overdueHint: 'Its time has passed but it did not go live yet',
  saveAsDraft: 'Save as draft',
  schedule: 'Schedule',
  publishNow: 'Publish now',
  unpublish: 'Unpublish',
  status: 'Status',
  statusFilter: 'Status',
  overdueFilter: 'Overdue',
  publishAt: 'Publish at',
  unpublishAt: 'Unpublish at',
  timeHint: 'In your time zone; goes live within a minute of it',
  published: 'Published',
  unpublished: 'Taken down: now a draft',
  scheduled: 'Scheduled',
  savedAsDraft: 'Saved as draft',
  // The API's messages (400) and the form's.
  statusInvalid: 'Status must be one of: draft, scheduled, published',
  publishAtInvalid: 'Publish at must be a valid date and time',
  unpublishAtInvalid: 'Unpublish at must be a valid date and time',
  publishAtRequired: 'Choose when to publish it',
  unpublishAtNotAfter: 'Unpublish at must be after Publish at',
  unpublishAtPast: 'Unpublish at must be in the future',
  overdueInvalid: "overdue must be 'true' or 'false'",
  notPublishing: 'This record has no publishing state',
} as const;

/** An instant as stored: to the minute (seconds and milliseconds dropped), UTC, as ISO text. */
export const toPublishMinute = (at: Date | string | number): string => {
  const time = new Date(at).getTime();
  return new Date(Math.floor(time / 60_000) * 60_000).toISOString();
};

/** An instant as the activity log shows it: '2026-11-26 14:05 UTC'. */
export const publishTimeText = (at: string | Date | null | undefined): string | null =>
  at === null || at === undefined ? null : `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A scheduled record whose `publishAt` passed more than `OVERDUE_AFTER_MS` ago (it should have gone live). */
export const isOverdue = (record: Pick<Publishing, 'status' | 'publishAt'>, now: Date = new Date()): boolean =>
  record.status === 'scheduled' && record.publishAt !== null && Date.parse(record.publishAt) < now.getTime() - OVERDUE_AFTER_MS;

/** A blank value (absent, null, or only spaces, as a form sends an empty input) reads as none. */
const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A calendar year every database keeps (as the rules read dates). */
const readInstant = (value: unknown): string | undefined => {
  if (typeof value !== 'string' && !(value instanceof Date)) return undefined;
  const time = value instanceof Date ? value.getTime() : Date.parse(value.trim());
  if (Number.isNaN(time)) return undefined;
  const year = new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999 ? toPublishMinute(time) : undefined;
};

export type PublishingOutcome = { ok: true; value: Publishing } | { ok: false; errors: Partial<Record<(typeof PUBLISHING_FIELDS)[number], string>> };

/**
 * What a write leaves a record as, or the message of each field it refuses (then nothing changes).
 *
 * - Create with neither `status` nor `publishAt`: published at once (the create buttons, as before).
 * - `publishAt` in the future (sent, or kept with `status: 'scheduled'`): scheduled; at or before now: published.
 * - `status: 'published'` alone: published now (`publishAt` cleared, or kept where it already went live).
 * - `status: 'draft'`: a draft, both times cleared (a published record is taken down).
 * - `status: 'scheduled'` needs a `publishAt`; an edit clearing a scheduled record's `publishAt` leaves a draft.
 * - `unpublishAt` must come after `publishAt` and, when changed, lie in the future; one already past and
 *   not changed takes the record down.
 * - Times are kept to the minute, UTC. A blank value reads as none.
 *
 * `current` is the record before an edit, null on create.
 */
export function publishingAfterWrite(current: Publishing | null, sent: PublishingInput, now: Date): PublishingOutcome {
  const errors: Partial<Record<(typeof PUBLISHING_FIELDS)[number], string>> = {};
  const statusSent = !blank(sent.status);
  if (statusSent && !PUBLISH_STATES.includes(sent.status as PublishState)) errors.status = PUBLISHING_TEXTS.statusInvalid;
  const publishAtSent = sent.publishAt !== undefined;
  const publishAt = blank(sent.publishAt) ? null : readInstant(sent.publishAt);
  if (publishAt === undefined) errors.publishAt = PUBLISHING_TEXTS.publishAtInvalid;
  const unpublishAtSent = sent.unpublishAt !== undefined;
  const unpublishAt = blank(sent.unpublishAt) ? null : readInstant(sent.unpublishAt);
  if (unpublishAt === undefined) errors.unpublishAt = PUBLISHING_TEXTS.unpublishAtInvalid;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const nowTime = now.getTime();
  const nextPublishAt = publishAtSent ? (publishAt as string | null) : (current?.publishAt ?? null);
  const nextUnpublishAt = unpublishAtSent ? (unpublishAt as string | null) : (current?.unpublishAt ?? null);
  const intent: PublishState = statusSent
    ? (sent.status as PublishState)
    : publishAtSent && nextPublishAt !== null
      ? 'scheduled'
      : current === null
        ? 'published'
        : publishAtSent && current.status === 'scheduled'
          ? 'draft'
          : current.status;

  if (intent === 'draft') return { ok: true, value: { status: 'draft', publishAt: null, unpublishAt: null } };

  let status: PublishState;
  let resultPublishAt: string | null;
  if (intent === 'scheduled' || (intent === 'published' && publishAtSent && nextPublishAt !== null)) {
    if (nextPublishAt === null) return { ok: false, errors: { publishAt: PUBLISHING_TEXTS.publishAtRequired } };
    status = Date.parse(nextPublishAt) > nowTime ? 'scheduled' : 'published';
    resultPublishAt = nextPublishAt;
  } else {
    // Published now; a record already live keeps when it went live.
    status = 'published';
    resultPublishAt = current?.status === 'published' && !publishAtSent ? current.publishAt : null;
  }

  if (nextUnpublishAt !== null) {
    if (resultPublishAt !== null && Date.parse(nextUnpublishAt) <= Date.parse(resultPublishAt)) {
      return { ok: false, errors: { unpublishAt: PUBLISHING_TEXTS.unpublishAtNotAfter } };
    }
    if (Date.parse(nextUnpublishAt) <= nowTime) {
      if (unpublishAtSent && nextUnpublishAt !== (current?.unpublishAt ?? null)) return { ok: false, errors: { unpublishAt: PUBLISHING_TEXTS.unpublishAtPast } };
      // Its time to come down passed and the write did not move it: it comes down now.
      return { ok: true, value: { status: 'draft', publishAt: null, unpublishAt: null } };
    }
  }
  return { ok: true, value: { status, publishAt: resultPublishAt, unpublishAt: nextUnpublishAt } };
}

/** What the job does to a record at `now`: publish it (its time came), take it down, or nothing. */
export function dueTransition(record: Publishing, now: Date): 'publish' | 'unpublish' | null {
  const time = now.getTime();
  if (record.status === 'scheduled' && record.publishAt !== null && Date.parse(record.publishAt) <= time) {
    return record.unpublishAt !== null && Date.parse(record.unpublishAt) <= time ? 'unpublish' : 'publish';
  }
  if (record.status === 'published' && record.unpublishAt !== null && Date.parse(record.unpublishAt) <= time) return 'unpublish';
  return null;
}

/** A record after the job's transition: live keeping its times, or a draft with both cleared. */
export const afterTransition = (record: Publishing, transition: 'publish' | 'unpublish'): Publishing =>
  transition === 'publish' ? { ...record, status: 'published' } : { status: 'draft', publishAt: null, unpublishAt: null };

/** The instant a scheduled or published record next changes state by itself, if any. */
export const nextTransitionAt = (record: Publishing): string | null =>
  record.status === 'scheduled' ? record.publishAt : record.status === 'published' ? record.unpublishAt : null;

/** The list's `status` filter values, and whether a value is one. */
export const isPublishState = (value: unknown): value is PublishState => PUBLISH_STATES.includes(value as PublishState);

/**
 * How the activity log names an admin's change of a record's publishing: put live ('publish'), taken
 * down ('unpublish'), or given a time to go live or come down ('schedule'); null when the change left
 * its publishing as it was (a plain 'update').
 */
export function publishingAction(before: Publishing, after: Publishing): 'publish' | 'unpublish' | 'schedule' | null {
  if (before.status !== 'published' && after.status === 'published') return 'publish';
  if (before.status !== 'draft' && after.status === 'draft') return 'unpublish';
  if (after.status === 'scheduled' && (before.status !== 'scheduled' || before.publishAt !== after.publishAt)) return 'schedule';
  if (before.unpublishAt !== after.unpublishAt && after.unpublishAt !== null) return 'schedule';
  return null;
}

/** The publishing fields as the activity log lists them: the state, and each time readable ('2026-11-26 14:05 UTC'). */
export const loggedPublishing = (record: Publishing): Record<(typeof PUBLISHING_FIELDS)[number], string | null> => ({
  status: record.status,
  publishAt: publishTimeText(record.publishAt),
  unpublishAt: publishTimeText(record.unpublishAt),
});

/** A record's publishing as stored where a row may lack it (rows stored before publishing are published). */
export const publishingOf = (row: Record<string, unknown>): Publishing => ({
  status: isPublishState(row.status) ? row.status : 'published',
  publishAt: row.publishAt === null || row.publishAt === undefined ? null : new Date(row.publishAt as string).toISOString(),
  unpublishAt: row.unpublishAt === null || row.unpublishAt === undefined ? null : new Date(row.unpublishAt as string).toISOString(),
});

/** The changes of publishing between two versions, as the log lists them: by name, times readable. */
export function publishingChanges(before: Publishing | null, after: Publishing): { field: string; before: unknown; after: unknown }[] {
  const was: Record<string, unknown> = before ? loggedPublishing(before) : {};
  const now: Record<string, unknown> = loggedPublishing(after);
  return Object.keys(now)
    .sort()
    .filter((field) => (was[field] ?? null) !== (now[field] ?? null))
    .map((field) => ({ field, before: was[field] ?? null, after: now[field] }));
}

/**
 * How the log records a create: a plain creation (no changes listed) when it went live at once with
 * no time to come down, as before publishing existed; else the state and times it was given, as a
 * scheduling when it waits for its time.
 */
export function createdPublishingEntry(value: Publishing): { action: 'create' | 'schedule'; changes: { field: string; before: unknown; after: unknown }[] } | undefined {
  if (value.status === 'published' && value.publishAt === null && value.unpublishAt === null) return undefined;
  return { action: value.status === 'scheduled' ? 'schedule' : 'create', changes: publishingChanges(null, value) };
}
