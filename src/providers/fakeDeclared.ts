/**
 * The fake provider's calls for a declared entity (src/domain/entities), answered from its
 * declaration as the server answers them: search over the declared fields (trimmed), exact
 * filters, the sortable fields with the id breaking ties, the declared rules (the first failing
 * field's message), the write clean-up, references that must exist, the version check, the
 * not-found text, and 'Page not found' for an operation the entity does not declare.
 */
import type { GetListParams, Identifier, RaRecord } from 'react-admin';
import {
  EXACT_TOTAL_LIMIT,
  can,
  checkForm,
  cleanValues,
  defaultSortOf,
  CONFLICT,
  entityNamed,
  ENTITIES,
  htmlText,
  isBlankHtml,
  lookupNamed,
  inFieldOrder,
  lookupOf,
  messagesOf,
  naturalSortKey,
  nestedRefsOf,
  sortsNaturally,
  MAX_PAGE_SIZE,
  NOT_FOUND,
  rangeBound,
  rulesOf,
  splitTabOf,
  statTabsOf,
  sentValue,
  shownValue,
  sortFieldsOf,
  textsOf,
  VALIDATION,
  withAliases,
  type Creator,
  type EntityDeclaration,
  type StatCount,
  type FieldDeclaration,
  type Join,
  type Operation,
} from '../domain';
import { sanitizeRichText } from '../domain/sanitize';
import {
  afterTransition,
  createdPublishingEntry,
  dueTransition,
  isOverdue,
  isPublishState,
  nextTransitionAt,
  PUBLISHING_FIELDS,
  PUBLISHING_TEXTS,
  publishingAction,
  publishingAfterWrite,
  publishingOf,
  type Publishing,
  type PublishingInput,
} from '../domain/publishing';
import type { FakeActivity } from './fakeActivity';
import type { Row, Tables } from './fakeTables';
import { FAKE_OWN_CREATE } from './fakeOwnCreate';
import { FAKE_OWN_PARTS } from './fakeOwnParts';
import { failure, refuse } from './fakeRefusals';
import { fromApi } from './payload';


/** A declared entity's demo rows as the fake league holds them, the first the newest. */
export function demoRows(entity: EntityDeclaration, now = Date.now()): Row[] {
  return entity.demo.map((demo, i) => {
    const at = new Date(now - (i + 1) * 60_000).toISOString();
    return { ...cleanValues(entity, demo as Record<string, unknown>, 'create'), _id: `${entity.name}-demo-${i + 1}`, createdAt: at, updatedAt: at };
  });
}

/** What a row sorts by: text the way a person reads it (see naturalSortKey), as the server sorts it; anything else itself. */
const sortKey = (entity: EntityDeclaration, field: string, row: Row) => {
  const value = row[field];
  return field !== 'createdAt' && sortsNaturally(entity.fields[field]) && typeof value === 'string' ? naturalSortKey(value) : value;
};

/** Text as the database compares it by default: code point by code point. */
export const byCodePoint = (a: unknown, b: unknown) => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
};

/** A populated lookup's name: the field its list is read in order of. */
const labelOf = (field: FieldDeclaration, shown: Record<string, unknown>) => shown[lookupNamed(field.to!)!.orderBy] ?? null;

type Chosen = { rawFile?: File };
const isNewFile = (value: unknown) => (value as Chosen | null)?.rawFile instanceof Blob;

/**
 * Past EXACT_TOTAL_LIMIT hits the server answers a search's total as the planner's estimate, which
 * the pager shows as 'About N'. The fake flags it alike; its figure is the exact count.
 */
export const searchEstimate = (filter: Record<string, unknown>, total: number) =>
  String(filter.q ?? '').trim() && total > EXACT_TOTAL_LIMIT ? { meta: { totalIsEstimate: true } } : {};


/**
 * Whether a row holds what the list's filter by `name` asks (nothing asked: any row): the value, one
 * of a list's values, or none at all where the value asked is the field's `blankIs`.
 */
function filterHolds(entity: EntityDeclaration, name: string, row: Row, wanted: unknown): boolean {
  if (wanted === undefined || wanted === '') return true;
  const value = row[name];
  if (entity.fields[name].blankIs === wanted && !String(value ?? '').trim()) return true;
  return Array.isArray(value) ? value.includes(String(wanted)) : String(value) === String(wanted);
}

/** A filter asking a value its `filterChoices` do not list: refused, before anything is read, with the field's message. */
function refusedFilters(entity: EntityDeclaration, exact: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const name of entity.list.filters ?? []) {
    const { filterChoices } = entity.fields[name];
    const wanted = exact[name];
    if (filterChoices && wanted !== undefined && wanted !== '' && !filterChoices.includes(String(wanted))) errors[name] = messagesOf(entity.fields[name]).invalid;
  }
  return errors;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a row lies on the later side of the list's split at `now`: its split field at `now` or after. */
const isLater = (entity: EntityDeclaration, row: Row, now: number) => Date.parse(String(row[entity.list.split!.field])) >= now;

/** Like the database's trigger: a later `updatedAt` on every change, even two within one millisecond. */
export const later = (updatedAt: unknown) => new Date(Math.max(Date.now(), Date.parse(String(updatedAt)) + 1)).toISOString();

/** The publishing fields a write sent (each left out is not there), as the server reads them. */
const sentPublishing = (data: Record<string, unknown>): PublishingInput =>
  Object.fromEntries(PUBLISHING_FIELDS.filter((name) => data[name] !== undefined).map((name) => [name, data[name]]));

/** What a write leaves a record's publishing as, as the server's rule decides, or its 400. */
function publishingOrRefuse(current: Publishing | null, sent: PublishingInput): Publishing {
  const outcome = publishingAfterWrite(current, sent, new Date());
  if (!outcome.ok) refuse(outcome.errors as Record<string, string>);
  return (outcome as { value: Publishing }).value;
}

/** The list's publishing filters refused as the server's schema refuses them. */
function refusedPublishingFilters(exact: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (exact.status !== undefined && exact.status !== '' && !isPublishState(exact.status)) errors.status = PUBLISHING_TEXTS.statusInvalid;
  if (exact.overdue !== undefined && exact.overdue !== '' && ![true, false, 'true', 'false'].includes(exact.overdue as string)) errors.overdue = PUBLISHING_TEXTS.overdueInvalid;
  return errors;
}

export function declaredFake(
  tables: Tables,
  storeFile: (file: File, field: string) => string,
  nextId: () => string,
  /** The id of the admin signed in: the creator of what they add. */
  signedIn: () => string,
  activity: FakeActivity,
) {
  const table = (entity: EntityDeclaration) => (tables[entity.name] ??= []);
  /** A reference as the API answers it: a lookup's row or the `populate` fields of a record, else the id. */
  const referenced = (field: FieldDeclaration, id: unknown): unknown => {
    const shown = lookupOf(field) ? Object.keys(lookupNamed(field.to!)!.fields) : field.populate && ['_id', ...field.populate];
    if (!shown) return id ?? null;
    const row = id ? (tables[field.to!] ?? []).find((item) => item._id === id) : undefined;
    if (!row) return null;
    const record: Record<string, unknown> = {};
    const target = entityNamed(field.to!);
    for (const name of shown) {
      // A reference of the record populated in turn, its name again under `nameAs` where declared.
      const inner = target?.fields[name];
      if (inner?.kind !== 'ref') {
        record[name] = row[name] ?? null;
        continue;
      }
      const value = referenced(inner, row[name]) as Record<string, unknown> | null;
      record[name] = value;
      if (inner.nameAs) record[inner.nameAs] = { name: value ? labelOf(inner, value) : null };
    }
    return record;
  };
  /** The admin who added a record, as named now (an admin may rename themselves), like the server's join. */
  const creator = (stored: unknown): Creator | null => {
    const id = stored && typeof stored === 'object' ? (stored as Creator)._id : stored;
    const admin = id ? (tables.admins ?? []).find((row) => row._id === id) : undefined;
    return admin ? { _id: admin._id, firstName: String(admin.firstName), lastName: String(admin.lastName), role: String(admin.role) } : null;
  };
  /** The joined resource's rows naming `id`: counted on every record, listed (in the join's order) on the detail. */
  const joinedRows = (join: Join, id: string) => table(entityNamed(join.of)!).filter((row) => row[join.on] === id);
  const joinedRecords = (join: Join, rows: Row[]): Record<string, unknown>[] => {
    const target = entityNamed(join.of)!;
    const key = (row: Row) => sortKey(target, join.orderBy, row);
    return [...rows].sort((a, b) => byCodePoint(key(a), key(b)) || byCodePoint(a._id, b._id)).map((row) => apiRecord(target, row));
  };
  /** A row as the API answers it: references to lookups populated, each join's count, and on the detail its records. */
  const apiRecord = (entity: EntityDeclaration, row: Row, detail = false): Record<string, unknown> => {
    const record: Record<string, unknown> = { _id: row._id };
    for (const [name, field] of Object.entries(entity.fields)) {
      record[name] = field.kind === 'ref' ? referenced(field, row[name]) : (shownValue(field, row[name]) ?? (field.many ? [] : null));
    }
    record.createdAt = row.createdAt;
    if (entity.versioned) record.updatedAt = row.updatedAt;
    if (entity.creator) record[entity.creator] = creator(row[entity.creator]);
    if (entity.publishing) Object.assign(record, publishingOf(row));
    if (entity.ownParts) Object.assign(record, FAKE_OWN_PARTS[entity.ownParts](row, tables));
    for (const [name, join] of Object.entries(entity.joins ?? {})) {
      const rows = joinedRows(join, row._id);
      if (join.count) record[join.count] = rows.length;
      if (detail) record[name] = joinedRecords(join, rows);
    }
    return withAliases(entity, record);
  };
  /** A record as the real provider hands it to react-admin (`id` beside `_id`); joined records stay as the API nests them. */
  const present = (entity: EntityDeclaration, row: Row, detail = false): RaRecord => fromApi(apiRecord(entity, row, detail));
  // A row a test league gives without a version was last changed when it was made.
  for (const entity of ENTITIES) if (entity.versioned) for (const row of table(entity)) row.updatedAt ??= row.createdAt;
  const allowed = (entity: EntityDeclaration, operation: Operation) => {
    if (!can(entity, operation)) throw failure(404, NOT_FOUND.route);
  };
  const find = (entity: EntityDeclaration, id: Identifier) => {
    const row = table(entity).find((item) => item._id === String(id));
    if (!row) throw failure(404, textsOf(entity).notFound);
    return row;
  };
  /** Like the real provider, a populated reference a form sends back goes as its id. */
  const asIds = (entity: EntityDeclaration, sent: Record<string, unknown>) => {
    const data = { ...sent };
    for (const [name, field] of Object.entries(entity.fields)) {
      const value = data[name] as { _id?: unknown; id?: unknown } | null | undefined;
      if (field.kind === 'ref' && value && typeof value === 'object') data[name] = value._id ?? value.id;
    }
    return data;
  };
  /**
   * The form's values as stored, in the server's order: the rules, rich text that shows nothing,
   * then the files (a file that is no image refused); the references come after (assertReferences).
   */
  const written = (entity: EntityDeclaration, sent: Record<string, unknown>, mode: 'create' | 'update') => {
    const data = asIds(entity, sent);
    const rules = rulesOf(entity, mode);
    refuse(checkForm(rules, data));
    const values: Record<string, unknown> = cleanValues(entity, data, mode);
    const fields = Object.entries(entity.fields);
    // Rich text is stored cleaned; a required story that then shows nothing (a script, an empty editor's `<p></p>`) is no story.
    for (const [name, field] of fields) {
      if (field.kind !== 'richtext' || typeof values[name] !== 'string') continue;
      values[name] = sanitizeRichText(values[name] as string);
      if (field.required && isBlankHtml(values[name] as string)) refuse({ [name]: rules[name].required! });
    }
    const removed = new Set(Array.isArray(data.removeImages) ? data.removeImages.map(String) : []);
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.kind !== 'image') continue;
      const sent = sentValue(data, name, field);
      // A refused file is named as the server names it: by the part it was sent as (the alias, when sent so).
      const part = field.alias && data[field.alias] !== undefined ? field.alias : name;
      if (isNewFile(sent)) values[name] = storeFile((sent as Required<Chosen>).rawFile, part);
      else if (removed.has(name) && !field.required) values[name] = null;
      else if (mode === 'create') values[name] = null;
    }
    return values;
  };
  /**
   * Like the server, inside its write once the record is found: each reference names a record (one
   * `within` another lies in it), and the entity's own check passes (a field already refused keeps
   * its message); the errors in the order of the fields.
   */
  const assertReferences = (entity: EntityDeclaration, sent: Record<string, unknown>, current: Row = {} as Row) => {
    const data = asIds(entity, sent);
    const errors: Record<string, string> = {};
    for (const [name, field] of Object.entries(entity.fields)) {
      // A declared entity's or a lookup's rows, both kept under their resource name.
      if (field.kind !== 'ref' || !field.to || !(entityNamed(field.to) || lookupOf(field))) continue;
      const rows = tables[field.to] ?? [];
      const id = data[name];
      if (typeof id === 'string' && id.trim() && !rows.some((row) => row._id === id.trim())) errors[name] = VALIDATION.referenceNotFound;
    }
    /** A reference's id as the record will hold it (a field not sent keeps its value). */
    const valueOf = (name: string) => {
      const value = data[name] === undefined ? current[name] : data[name];
      return typeof value === 'string' && value.trim() ? value.trim() : null;
    };
    for (const { name, field, within } of nestedRefsOf(entity)) {
      const value = valueOf(name);
      const parent = lookupOf(field)?.parent;
      if (!value || errors[name] || !parent) continue;
      const place = (tables[field.to!] ?? []).find((row) => row._id === value);
      if (!place) errors[name] = VALIDATION.referenceNotFound;
      else if ((place[parent] ?? null) !== valueOf(within)) errors[name] = messagesOf(field).notWithin;
    }
    for (const [name, field] of Object.entries(entity.fields)) {
      // A reference whose entity another field names (a target): unchecked when that field names none of them.
      const target = field.refBy && entityNamed(field.refBy.to[String(valueOf(field.refBy.field))] ?? '');
      const value = target && valueOf(name);
      if (target && value && !errors[name] && !table(target).some((row) => row._id === value)) errors[name] = VALIDATION.targetNotFound;
    }
    for (const [name, message] of Object.entries(entity.check?.(cleanValues(entity, data, 'update')) ?? {})) errors[name] ??= message;
    refuse(inFieldOrder(entity, errors));
  };

  // Like a database sequence: the next number after every one given before, never one given again.
  const sequences = new Map<string, number>();
  const sequenced = (entity: EntityDeclaration) => {
    const values: Record<string, number> = {};
    for (const [name, field] of Object.entries(entity.fields)) {
      if (!field.sequence) continue;
      const key = `${entity.name}.${name}`;
      const next = sequences.get(key) ?? Math.max(0, ...table(entity).map((row) => Number(row[name]) || 0)) + 1;
      values[name] = next;
      sequences.set(key, next + 1);
    }
    return values;
  };

  const select = (entity: EntityDeclaration, filter: Record<string, unknown>) => {
    const { q, ...exact } = filter;
    const { range, split } = entity.list;
    // Conditions beside the exact filters: the range's bounds and the split's tab.
    const conditions: ((row: Row) => boolean)[] = [];
    const at = (row: Row, name: string) => Date.parse(String(row[name]));
    if (range && exact.from) conditions.push((row) => at(row, range) >= rangeBound(String(exact.from), 'from'));
    if (range && exact.to) conditions.push((row) => at(row, range) <= rangeBound(String(exact.to), 'to'));
    const tab = splitTabOf(entity, exact);
    if (split && tab) {
      const now = Date.now();
      conditions.push((row) => isLater(entity, row, now) === (tab === split.later));
    }
    refuse(refusedFilters(entity, exact));
    if (entity.publishing) {
      refuse(refusedPublishingFilters(exact));
      if (exact.status !== undefined && exact.status !== '') conditions.push((row) => publishingOf(row).status === exact.status);
      if (exact.overdue !== undefined && exact.overdue !== '') {
        const wanted = exact.overdue === true || exact.overdue === 'true';
        const now = new Date();
        conditions.push((row) => isOverdue(publishingOf(row), now) === wanted);
      }
    }
    let rows = table(entity).filter(
      (row) => (entity.list.filters ?? []).every((name) => filterHolds(entity, name, row, exact[name])) && conditions.every((holds) => holds(row)),
    );
    const needle = String(q ?? '').trim().toLowerCase();
    // What search reads of a field: rich text's plain text, each value of a list.
    const texts = (row: Row, name: string): unknown[] => {
      const value = row[name];
      const field = entity.fields[name];
      if (field.plainText) return [htmlText(String(value ?? ''))];
      // A lookup is searched by its name, as it reads now.
      if (lookupOf(field)) {
        const shown = referenced(field, value) as Record<string, unknown> | null;
        return [shown && labelOf(field, shown)];
      }
      return Array.isArray(value) ? value : [value];
    };
    const searched = (row: Row) => [
      ...entity.list.search.flatMap((name) => texts(row, name)),
      ...(entity.list.searchId ? [row._id] : []),
      // The name joined from its parts, as the server's concat_ws joins them (a missing part left out).
      ...(entity.titleParts ? [entity.titleParts.map((name) => row[name]).filter((value) => value !== null && value !== undefined).join(' ')] : []),
    ];
    if (needle) rows = rows.filter((row) => searched(row).some((value) => String(value ?? '').toLowerCase().includes(needle)));
    return rows;
  };

  /**
   * Like POST /admin/{path}/{id}/publish, /unpublish and /schedule: the rule applied to the record as
   * it is, its entry (by the action the change is), and the record as its detail reads it.
   */
  const changePublishing = (entity: EntityDeclaration, id: Identifier, sent: PublishingInput) => {
    if (!entity.publishing) throw failure(404, NOT_FOUND.route);
    const row = find(entity, id);
    const before = { ...row };
    const after = publishingOrRefuse(publishingOf(row), sent);
    Object.assign(row, after);
    if (entity.versioned) row.updatedAt = later(row.updatedAt);
    activity.write(activity.entry(entity.name, publishingAction(publishingOf(before), after) ?? 'update', before, row));
    return present(entity, row, true);
  };

  /**
   * Like the server's job, at the fake's clock: every scheduled record whose time came goes live, and
   * every live one whose unpublishAt came goes down, logged as Crease's own. Run before each call.
   * Taken in the order of their times, as the server's queue claims its jobs (by `run_at`).
   */
  const publishDue = () => {
    const now = new Date();
    const due = ENTITIES.filter((entity) => entity.publishing).flatMap((entity) =>
      table(entity).flatMap((row) => {
        const transition = dueTransition(publishingOf(row), now);
        return transition ? [{ entity, row, transition, at: Date.parse(nextTransitionAt(publishingOf(row))!) }] : [];
      }),
    );
    for (const { entity, row, transition } of due.sort((a, b) => a.at - b.at)) {
      const before = { ...row };
      Object.assign(row, afterTransition(publishingOf(row), transition));
      if (entity.versioned) row.updatedAt = later(row.updatedAt);
      activity.write(activity.entry(entity.name, transition === 'publish' ? 'autoPublish' : 'autoUnpublish', before, row), null);
    }
  };

  return {
    publishDue,
    publish: (entity: EntityDeclaration, id: Identifier) => changePublishing(entity, id, { status: 'published' }),
    unpublish: (entity: EntityDeclaration, id: Identifier) => changePublishing(entity, id, { status: 'draft' }),
    /** Without publishAt the record keeps its time (none: refused); with only unpublishAt, its state. */
    schedule: (entity: EntityDeclaration, id: Identifier, { publishAt, unpublishAt }: { publishAt?: unknown; unpublishAt?: unknown }) =>
      changePublishing(entity, id, {
        ...((publishAt !== undefined || unpublishAt === undefined) && { status: 'scheduled', publishAt }),
        ...(unpublishAt !== undefined && { unpublishAt }),
      }),
    /** The rows the list's search and filters select, unsorted, for an entity's own figures and exports. */
    rows: select,
    /**
     * Like `GET /admin/{resource}/stats`: the figures the entity declares (`list.stats`), counted as
     * the server counts them, over every row or, for listed stats, over those the list's search and
     * filters select (its tabs left out).
     */
    stats: (entity: EntityDeclaration, filter: Record<string, unknown> = {}, now = new Date()): Record<string, number> => {
      const { listed, figures = {} } = entity.list.stats!;
      const counted = listed ? { ...filter, ...Object.fromEntries(statTabsOf(entity).map((tab) => [tab, undefined])) } : {};
      const rows = select(entity, counted);
      // The server stores a blank text as none, and trims the rest.
      const textOf = (row: Row, name: string) => String(row[name] ?? '').trim();
      const count = (counts: StatCount): number => {
        if ('filter' in counts) return select(entity, { ...counted, [counts.filter]: counts.value }).length;
        if ('split' in counts) return rows.filter((row) => isLater(entity, row, now.getTime()) === (counts.split === 'later')).length;
        if ('filled' in counts) return rows.filter((row) => textOf(row, counts.filled) !== '').length;
        if ('distinct' in counts) return new Set(rows.map((row) => textOf(row, counts.distinct)).filter(Boolean)).size;
        return rows.filter((row) => Date.parse(String(row.createdAt)) > now.getTime() - counts.createdInLastDays * DAY_MS).length;
      };
      return { total: rows.length, ...Object.fromEntries(Object.entries(figures).map(([name, figure]) => [name, count(figure.counts)])) };
    },
    /** A row as the API answers it (its detail). */
    record: (entity: EntityDeclaration, row: Row) => present(entity, row, true),
    getList: async (entity: EntityDeclaration, { pagination, sort, filter = {} }: Partial<GetListParams>) => {
      allowed(entity, 'list');
      // No order asked for (react-admin's `id`): the entity's own.
      const asked = sort?.field && sort.field !== 'id' ? sort : undefined;
      const preferred = defaultSortOf(entity, filter);
      const field = asked?.field ?? preferred.field;
      if (!sortFieldsOf(entity).includes(field)) {
        const message = VALIDATION.sortInvalid(sortFieldsOf(entity));
        throw failure(400, message, { sort: message });
      }
      const sign = (asked ? asked.order === 'ASC' : preferred.order === 'asc') ? 1 : -1;
      const key = (row: Row) => sortKey(entity, field, row);
      const rows = [...select(entity, filter)].sort((a, b) => sign * (byCodePoint(key(a), key(b)) || byCodePoint(a._id, b._id)));
      const perPage = Math.min(pagination?.perPage ?? rows.length, MAX_PAGE_SIZE);
      const page = pagination?.page ?? 1;
      return {
        data: rows.slice((page - 1) * perPage, page * perPage).map((row) => present(entity, row)),
        total: rows.length,
        ...searchEstimate(filter, rows.length),
      };
    },
    getOne: async (entity: EntityDeclaration, { id }: { id: Identifier }) => {
      allowed(entity, 'show');
      return { data: present(entity, find(entity, id), true) };
    },
    // Like the real provider, which reads each record: in the order asked, and refused when one is missing.
    getMany: async (entity: EntityDeclaration, { ids }: { ids: Identifier[] }) => {
      allowed(entity, 'show');
      return { data: ids.map((id) => present(entity, find(entity, id), true)) };
    },
    create: async (entity: EntityDeclaration, { data }: { data: Record<string, unknown> }) => {
      allowed(entity, 'create');
      const at = new Date().toISOString();
      const values = written(entity, data, 'create');
      // Published at once unless the write asks otherwise, as the server decides it.
      const publishing = entity.publishing ? publishingOrRefuse(null, sentPublishing(data)) : undefined;
      assertReferences(entity, data);
      const row = { ...values, ...publishing, ...sequenced(entity), _id: `${entity.name}-${nextId()}`, createdAt: at, updatedAt: at } as Row;
      if (entity.creator) row[entity.creator] = signedIn();
      const own = (entity.ownCreate && FAKE_OWN_CREATE[entity.ownCreate](row, data)) ?? (publishing && createdPublishingEntry(publishing));
      table(entity).unshift(row);
      activity.write({ ...activity.entry(entity.name, 'create', undefined, row), ...own });
      return { data: present(entity, row, true) };
    },
    update: async (entity: EntityDeclaration, { id, data, previousData }: { id: Identifier; data: Record<string, unknown>; previousData?: RaRecord }) => {
      allowed(entity, 'update');
      // In the server's order: the form, the record, its references, then its version.
      const values = written(entity, data, 'update');
      const row = find(entity, id);
      assertReferences(entity, data, row);
      const publishing = entity.publishing ? publishingOrRefuse(publishingOf(row), sentPublishing(data)) : undefined;
      const version = data.updatedAt ?? previousData?.updatedAt;
      if (entity.versioned && version !== undefined && version !== row.updatedAt) throw failure(409, CONFLICT.stale);
      const before = { ...row };
      Object.assign(row, values, publishing);
      // A change of publishing names the entry (a publish, an unpublish, a schedule), as on the server.
      const action = (publishing && publishingAction(publishingOf(before), publishing)) || 'update';
      activity.write(activity.entry(entity.name, action, before, row));
      row.updatedAt = later(row.updatedAt);
      return { data: present(entity, row, true) };
    },
    delete: async (entity: EntityDeclaration, { id, previousData }: { id: Identifier; previousData?: RaRecord }) => {
      allowed(entity, 'delete');
      const row = find(entity, id);
      tables[entity.name] = table(entity).filter((item) => item !== row);
      activity.deleted(entity.name, row);
      // Like the foreign keys (on delete set null): records that named it stay, without it, and a
      // versioned one is a new version (the database's trigger runs on that update too).
      for (const other of ENTITIES) {
        for (const [name, field] of Object.entries(other.fields)) {
          if (field.kind !== 'ref' || field.to !== entity.name) continue;
          for (const item of table(other)) {
            if (item[name] !== row._id) continue;
            item[name] = null;
            if (other.versioned) item.updatedAt = later(item.updatedAt);
          }
        }
      }
      // The API answers a delete with no record: the real provider hands back what the screen had.
      return { data: previousData ?? { id } };
    },
  };
}
