/**
 * An entity declared once: its fields, rules, texts, list, versioning, API path, menu entry and
 * demo rows. The server derives its schemas, routes and repository from it; the admin app its
 * resource, menu entry, sort labels, standard form inputs and the fake provider's behaviour.
 * What only one entity does (a workflow, a preview, a sanitizer) stays in that entity's own module.
 */
import { CONTENT_ACCESS, type Access } from './access';
import type { Publishing } from './publishing';
import type { FieldRule, FormRules } from './rules';
import { lookupNamed, type LookupName } from './lookups';
import { maskIdNumber } from './masking';
import { SHARED_TEXTS, UPLOAD, VALIDATION } from './messages';

export const FIELD_KINDS = ['text', 'longtext', 'richtext', 'url', 'email', 'number', 'date', 'datetime', 'boolean', 'choice', 'image', 'ref'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** The messages a field's rules answer; each has a default worded from the field's label. */
export interface FieldMessages {
  required: string;
  /** An edit's required message, where it is worded apart from the create's. */
  requiredOnUpdate: string;
  minLength: string;
  min: string;
  invalid: string;
  /** Image: the file is over the size limit. */
  tooLarge: string;
  /** Ref with `within`: the record it names lies outside the one the other reference names. */
  notWithin: string;
}

export interface FieldDeclaration<K extends FieldKind = FieldKind> {
  kind: K;
  /** The column header, the sort label, and the form's label unless `formLabel` words it otherwise. */
  label: string;
  /** The form's label where it is worded apart from the column ('Video Title' over 'Title'). */
  formLabel?: string;
  /** The list filter's label where it is worded apart from the column ('Tag' over 'Tags'). */
  filterLabel?: string;
  /** The list's column header where it is worded apart from the label ('Video Details' over 'Title'). */
  columnLabel?: string;
  required?: boolean;
  /** Text: at least this many visible characters. */
  minLength?: number;
  /** Number: at least this (whole numbers only). */
  min?: number;
  /** Choice: the values offered, in order. */
  choices?: readonly string[];
  /**
   * Choice: a list of the values, none or several (kept once each, in the order sent). A form sends
   * no part for an empty list, so a write without it stores none.
   */
  many?: true;
  /**
   * Rich text: the database keeps its plain text in `<column>_text` (a generated column its
   * migration adds, computed as `htmlText` computes it); search and the activity log read that.
   */
  plainText?: true;
  /**
   * Ref: the resource a value names by its id: a declared entity (answered as the id) or a lookup
   * of src/domain/lookups.ts (answered populated, `{ _id, name }` for a sport).
   */
  to?: string;
  /**
   * Ref to a declared entity: answered populated, as `{ _id }` and these of its fields, rather than
   * as the id (a reference among them answered populated in turn, as its own field declares).
   */
  populate?: readonly string[];
  /**
   * Ref to a lookup, in a record another one populates: its name answered again under this name, as
   * `{ name }` (null inside when none), for clients that read it so (a match's team's `sportDetails`).
   */
  nameAs?: string;
  /** The column that holds it, where history named it otherwise than the field (`team_id`, not `team_id_id`). */
  column?: string;
  /** Stored on create when the form sends nothing. */
  default?: string | number | boolean;
  /** Overrides of the default messages, where a form words a rule its own way. */
  messages?: Partial<FieldMessages>;
  /**
   * A second name the API takes the value under and answers it with as well, for clients that
   * send and read it so (the app's notification form sends its picture as `logo`).
   */
  alias?: string;
  /**
   * `false`: kept by the server alone; no form shows or sends it (it takes its default).
   * `'api'`: API clients may send it, but the admin app's form does not offer it (a news category).
   */
  form?: false | 'api';
  /**
   * Text: a personal number (a government ID) the admin API answers masked, as `maskIdNumber` masks
   * it, and the activity log keeps masked; the whole value leaves the server only through the
   * entity's own reveal call and its CSV export. Declared with `form: false`, so an edit sending the
   * mask back changes nothing.
   */
  masked?: true;
  /**
   * Who may read the field's whole value where it leaves the server whole (a masked number's
   * reveal, the CSV export); the entity's own read access still decides who sees the record.
   */
  access?: Pick<Access, 'read'>;
  /** Number: each new record takes the next one, after every number given before (a slide goes last). */
  sequence?: true;
  /**
   * Ref to a lookup that lies in another (a district in its state): the record's field naming that
   * one. A write is refused (`notWithin`) unless the value lies in the record's value of that field,
   * as the record will be stored (a field not sent keeps its value).
   */
  within?: string;
  /**
   * The only values the list's filter by this field takes, refused with `messages.invalid`
   * otherwise, where the records may hold others (a status another app writes).
   */
  filterChoices?: readonly string[];
  /** A record without a value (none, or only spaces) is found by the list's filter asking for this one. */
  blankIs?: string;
  /**
   * Text: the id of a record of the declared entity that the choice `field` names by its value (a
   * target's `targetType` 'match' → matches). A write naming no such record is refused with
   * `VALIDATION.targetNotFound` by the server and the fake; another value of `field` leaves it unchecked.
   */
  refBy?: { field: string; to: Readonly<Record<string, string>> };
}

export type Fields = Record<string, FieldDeclaration>;

/** The value a field holds in a record as the API answers it. */
export type FieldValue<F extends FieldDeclaration> = FieldKind extends F['kind']
  ? string | number | boolean | readonly string[] | null
  : F['kind'] extends 'number'
    ? number | null
    : F['kind'] extends 'boolean'
      ? boolean
      : F extends { choices: readonly (infer C)[]; many: true }
        ? C[]
        : F extends { choices: readonly (infer C)[] }
        ? C | null
        : string | null;

export type Operation = 'list' | 'show' | 'create' | 'update' | 'delete';
export type SortOrder = 'asc' | 'desc';
export const ALL_OPERATIONS: readonly Operation[] = ['list', 'show', 'create', 'update', 'delete'];

/** Every text the standard screens and the API answer for an entity; defaults come from its label. */
export interface EntityTexts {
  listTitle: string;
  addNew: string;
  searchPlaceholder: string;
  loading: string;
  emptyTitle: string;
  emptyHint: string;
  createTitle: string;
  createSubmit: string;
  createBusy: string;
  createSuccess: string;
  createFailure: string;
  detailTitle: string;
  loadingDetail: string;
  backToList: string;
  fetchFailure: string;
  notFound: string;
  editTitle: string;
  editLoading: string;
  editLoadFailure: string;
  editSubmit: string;
  editBusy: string;
  editSuccess: string;
  editFailure: string;
  deleteTitle: string;
  deleteConfirm: string;
  deleting: string;
  deleteSuccess: string;
  deleteFailure: string;
  columnCreated: string;
  /** The empty list's title while searching or filtering (the `emptyTitle` unless given). */
  emptySearchTitle: string;
  /** The empty list's button to add the first record ('Add First News'); none unless given. */
  emptyAction?: string;
  /** The list's first stat card ('Total News'), where it has `list.stats`. */
  statTotal: string;
}

export interface SplitTab {
  /** The tab's value of the split's parameter ('upcoming'). */
  value: string;
  order: SortOrder;
  /** What the tab holds, for the API's description. */
  description: string;
}

/**
 * What a stat figure counts among the records its `total` counts: those the list's filter by `filter`
 * selects asked `value` (a tab's count), those on one side of the list's split (see `split`), those
 * whose text field holds more than spaces, the distinct values of a text field (none is no value), or
 * those created in the last `createdInLastDays` days before now.
 */
export type StatCount<K extends string = string> =
  | { filter: K; value: string | boolean }
  | { split: 'later' | 'earlier' }
  | { filled: K }
  | { distinct: K }
  | { createdInLastDays: number };

export interface StatFigure<K extends string = string> {
  /** What it holds, for the API's document. */
  about: string;
  /** Its stat card's label; a figure without one has no card (a tab shows it). */
  label?: string;
  counts: StatCount<K>;
}

export interface StatsDeclaration<K extends string = string> {
  /** What `total` holds, for the API's document ('All teams'). */
  total: string;
  /**
   * Counted over the records the list's search and filters select, rather than over every record:
   * the tabs' counts, so the filters the figures count by (the tabs themselves) are left out.
   */
  listed?: true;
  /** The figures after `total`, by their key in the answer, in order. */
  figures?: Readonly<Record<string, StatFigure<K>>>;
}

/** The list filters a stats' figures count by (its tabs): a `listed` stats' query leaves them out. */
export const statTabsOf = (entity: EntityDeclaration): string[] => [
  ...new Set(
    Object.values(entity.list.stats?.figures ?? {}).flatMap(({ counts }) => ('filter' in counts ? [counts.filter] : 'split' in counts ? [entity.list.split!.param] : [])),
  ),
];

export interface Join {
  /** The joined resource: a declared entity. */
  of: string;
  /** Its reference field naming this entity's record. */
  on: string;
  /** The field every record answers the number of joined records under. */
  count?: string;
  orderBy: string;
}

/** What a derived app field is worked out with besides the record: the present moment and the league's time zone (IANA). */
export interface AppContext {
  now: Date;
  timeZone: string;
}

/** A JSON Schema, as the API's document describes a value (TypeBox schemas are these too). */
export type JsonSchema = { [key: string]: unknown };

/**
 * A field the app reads that no column holds: worked out from the record as the admin API answers it
 * (a match's `startsAt`), or a field's value as the app sees it (an upcoming match's `result`: null).
 */
export interface AppDerived {
  value: (record: Record<string, unknown>, context: AppContext) => unknown;
  /** What it holds, for the API's document. */
  schema: JsonSchema;
}

/**
 * What the fans' app reads of an entity, at `/app/v1/<path>` (its list) and `/app/v1/<path>/{id}`
 * (one). Nothing else of a record leaves the server on that surface.
 */
export interface AppDeclaration<K extends string = string> {
  /** The path under /app/v1; the admin API's path unless given. */
  path?: string;
  /** The fields each record answers, besides `_id`, in this order (`createdAt`, `updatedAt` by name). */
  fields: readonly (K | 'createdAt' | 'updatedAt')[];
  /** Fields the list filters by exact value (choice, boolean). */
  filters?: readonly K[];
  /** The list's order, the keyset it pages by with the id; the split's tabs order by their own. */
  order: { field: K | 'createdAt'; order: SortOrder };
  /** The routes that exist: both unless listed. */
  routes?: readonly ('list' | 'one')[];
  /** The list takes the declared `list.split` (`?when=upcoming`), each tab in its own order. */
  split?: true;
  /** Only records holding this value of a boolean field are seen (an inactive team is not). */
  visibleWhen?: { field: K; value: boolean };
  /** Only notifications whose send reached phones are seen (the app's inbox). */
  sentOnly?: true;
  /** One record also answers these joins (see `joins`), each record of them seen as its own `app` declares. */
  joins?: readonly string[];
  /**
   * Fields worked out rather than read (see AppDerived): one named in `fields` takes its place there
   * (its value replaced), the others follow `fields` in this order.
   */
  derived?: Readonly<Record<string, AppDerived>>;
}

/** The names of the fields a record answers the app, in order: the declared ones, then the derived ones not among them. */
export const appFieldsOf = (app: AppDeclaration): string[] => [...app.fields, ...Object.keys(app.derived ?? {}).filter((name) => !(app.fields as readonly string[]).includes(name))];

/** A record as the app reads it: `_id`, then each of its app fields (a derived one worked out from the record). */
export function appValues(app: AppDeclaration, record: Record<string, unknown>, context: AppContext): Record<string, unknown> {
  const shown: Record<string, unknown> = { _id: record._id };
  for (const name of appFieldsOf(app)) {
    const derived = app.derived?.[name];
    shown[name] = derived ? derived.value(record, context) : (record[name] ?? null);
  }
  return shown;
}

/**
 * The parts an entity's own code adds to its records, beyond what its fields declare: a
 * registration's players, sender and decision notice; a notification's push delivery.
 */
export type OwnPartsName = 'registrationParts' | 'notificationDelivery';
/** The entities' own steps in their creation (a notification's send), each run by the server and the fake. */
export type OwnCreateName = 'notificationSend';

export interface EntityDeclaration<F extends Fields = Fields> {
  /** The resource name: the admin app's route (`/sponsors`), the activity log's resource. */
  name: string;
  /** The database table; the resource name unless history says otherwise. */
  table?: string;
  label: { one: string; many: string };
  fields: F;
  /** The field that names a record (its title in lists, the activity log, reference pickers). */
  title: keyof F & string;
  /**
   * Where one field does not name a record (a person's first and last name): the fields whose
   * values, joined by a space, do ('Asha Patil'). The activity log and the admin app name records
   * so, and the list's search matches the joined text too.
   */
  titleParts?: readonly (keyof F & string)[];
  list: {
    /** Fields `search` matches, case-insensitively, any of them. */
    search: readonly (keyof F & string)[];
    /** Fields the list filters by exact value (choice, boolean, ref). */
    filters?: readonly (keyof F & string)[];
    /**
     * Fields the list sorts by; `createdAt` (newest first) is always there, first unless listed
     * elsewhere (the order the API's message for a bad sort names them in).
     */
    sort?: readonly ((keyof F & string) | 'createdAt')[];
    /** The order a list comes in when none is asked for; newest first unless given. */
    defaultSort?: { field: keyof F & string; order: SortOrder };
    /** `search` also matches a piece of the record's id. */
    searchId?: true;
    /** The database keeps the totals (list_counts) for the whole list and per value of these filters. */
    counted?: readonly (keyof F & string)[];
    /**
     * A datetime field the list takes `from` and `to` over: records on or after, and on or before,
     * an instant (a day alone: from its start, to its end, UTC).
     */
    range?: keyof F & string;
    /**
     * Tabs splitting the list at the present moment by a datetime field: `<param>=<later.value>` the
     * records at now or later, `<param>=<earlier.value>` those before; each tab's own order is the
     * list's when none is asked. Figures of the list count both.
     */
    split?: { param: string; field: keyof F & string; later: SplitTab; earlier: SplitTab };
    /**
     * The table's columns, in order: the title's only where named, an image named its own column (the
     * state of a `publishing` entity and Created follow, unless `createdAt` places Created among them).
     * Unless given: the title with the first image beside it, then every short field.
     */
    columns?: readonly ((keyof F & string) | 'createdAt')[];
    /**
     * The figures of `GET /<name>/stats`, which the server's query and the fake count alike: `total`,
     * then each figure. The list's stat cards show the total (labelled `texts.statTotal`) and each
     * figure with a label.
     */
    stats?: StatsDeclaration<keyof F & string>;
  };
  /**
   * The detail page's facts, in order (`createdAt` by name). Unless given: every field but the
   * title, then Created.
   */
  show?: { facts?: readonly ((keyof F & string) | 'createdAt')[] };
  /**
   * The field a record without a title is named by in the activity log (a datetime by its day).
   */
  titleFallback?: keyof F & string;
  /**
   * The entity's own rule across fields, over a write's cleaned values once each reference is
   * found: the message of each field it refuses (a field already refused keeps its own).
   */
  check?: (values: Record<string, unknown>) => Record<string, string>;
  /**
   * Records keep the admin who added them, answered under this name as `{ _id, firstName, lastName,
   * role }` (null once that admin's account is gone) and kept in the column of that name; no form
   * sends it, and an edit by another admin leaves it as it was.
   */
  creator?: string;
  /**
   * What only this entity adds to each record, named here so that the server's repository and
   * schema and the fake each read it from their own table of parts (a missing one does not compile).
   */
  ownParts?: OwnPartsName;
  /**
   * Its own step in its creation, by name: the server's OWN_CREATE (routes/admin/declared.ts) and the
   * fake's FAKE_OWN_CREATE (fakeOwnCreate.ts) each hold one for every name, or it does not compile.
   */
  ownCreate?: OwnCreateName;
  /**
   * Records of another resource that name this one through their `on` reference (a team's
   * players): every record answers how many under `count`, and the detail lists them under the
   * join's own name, in order of `orderBy`.
   */
  joins?: Record<string, Join>;
  /** Records carry `updatedAt`, and an edit naming an older one is refused with a 409. */
  versioned: boolean;
  /** Which admin roles may read and write it (src/domain/access.ts); the league's content (editors write, all read) unless given. */
  access?: Access;
  /** The routes that exist; every one unless listed. */
  operations?: readonly Operation[];
  /** Where admins add one: a page of its own (`/<name>/create`, the default) or a dialog over the list. */
  createIn?: 'page' | 'dialog';
  /** The add page's address, where it is elsewhere than `/<name>/create` ('/create/player'). */
  createPath?: string;
  /**
   * The side menu: its label, and whether it opens a group with an 'Add …' link. Where it stands is
   * its module's place in RESOURCES (src/resources/index.ts).
   */
  menu: { label: string; addLabel?: string };
  texts?: Partial<EntityTexts>;
  /**
   * Operations whose failure the screens toast with the entity's own text alone ('Failed to delete
   * news'), where the screen words it so; others show the server's message when it gives one.
   */
  fixedFailures?: readonly ('create' | 'update' | 'delete')[];
  /**
   * Records are drafts, scheduled or published (`status`, `publishAt`, `unpublishAt`; see
   * src/domain/publishing.ts): the fans' app sees only the published ones.
   */
  publishing?: true;
  /** What the fans' app reads of it (/app/v1); an entity without it has no app route. */
  app?: AppDeclaration<keyof F & string>;
  /** Rows the demo league and the fake provider start with (the newest first). */
  demo: readonly Partial<{ [K in keyof F]: FieldValue<F[K]> }>[];
}

/** Declares an entity; the identity function that keeps its name, table, versioning, creator, field names and list (its stat labels) as types. */
export const defineEntity = <
  const F extends Fields,
  const N extends string,
  const V extends boolean,
  const T extends string = N,
  const C extends string = never,
  const J extends Record<string, Join> = never,
  const L extends EntityDeclaration<F>['list'] = EntityDeclaration<F>['list'],
>(
  entity: EntityDeclaration<F> & { name: N; versioned: V; table?: T; creator?: C; joins?: J; list: L },
) => entity;

/** The admin who added a record, as a record names them (see `creator`). */
export interface Creator {
  _id: string;
  firstName: string;
  lastName: string;
  role: string;
}

/** A field's value as the API answers it: a reference to a lookup, or one declared `populate`, as the record it names. */
type AnsweredValue<F extends FieldDeclaration> = [F] extends [{ kind: 'ref'; to: LookupName } | { kind: 'ref'; populate: readonly string[] }]
  ? ({ _id: string } & Record<string, unknown>) | null
  : FieldValue<F>;

/** Each join's number of records, under its `count`. */
type JoinCounts<E> = E extends { joins: Record<string, { count: infer C extends string }> } ? { [K in C]: number } : unknown;

/** The admin who added the record, under the `creator` name (when one is declared). */
type CreatorOf<E> = E extends { creator?: infer C extends string } ? (string extends C ? unknown : { [K in C]: Creator | null }) : unknown;

type PublishingOf<E> = E extends { publishing: true } ? Publishing : unknown;

/** A record of an entity as the API answers it: its fields, its joins' counts, its creator and its publishing state where it has them. */
export type RecordOf<E extends EntityDeclaration> = { _id: string; createdAt: string; updatedAt?: string } & {
  [K in keyof E['fields']]: AnsweredValue<E['fields'][K]>;
} & JoinCounts<E> &
  CreatorOf<E> &
  PublishingOf<E>;

/** The API path under /admin: the resource name. */
export const apiPathOf = (entity: EntityDeclaration) => entity.name;
export const tableOf = (entity: EntityDeclaration) => entity.table ?? entity.name;
export const operationsOf = (entity: EntityDeclaration) => entity.operations ?? ALL_OPERATIONS;
export const can = (entity: EntityDeclaration, operation: Operation) => operationsOf(entity).includes(operation);

/** A field's value as a form sent it: under its alias when sent so, else under its name. */
export const sentValue = (values: Record<string, unknown>, name: string, field: FieldDeclaration) =>
  field.alias && values[field.alias] !== undefined ? values[field.alias] : values[name];

/** A record as the API answers it: each aliased field's value under its alias too. */
export function withAliases<R extends Record<string, unknown>>(entity: EntityDeclaration, record: R): R {
  for (const [name, field] of Object.entries(entity.fields)) if (field.alias) (record as Record<string, unknown>)[field.alias] = record[name];
  return record;
}

/** 'isActive' → 'is_active'. */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The column that holds a field: snake case, and `_id` after a reference (`team` → `team_id`). */
export const columnOf = (name: string, field: FieldDeclaration) => field.column ?? snakeCase(name) + (field.kind === 'ref' ? '_id' : '');

/** The admin app's page for adding one. */
export const createPathOf = (entity: EntityDeclaration) => entity.createPath ?? `/${entity.name}/create`;

/** The column of each field, by field name. */
export const columnsOf = (entity: EntityDeclaration): Record<string, string> =>
  Object.fromEntries(Object.entries(entity.fields).map(([name, field]) => [name, columnOf(name, field)]));

/** The lookup a reference field names, if it names one rather than a declared entity. */
export const lookupOf = (field: FieldDeclaration) => (field.kind === 'ref' ? lookupNamed(field.to) : undefined);

export const imageFields = (entity: EntityDeclaration) => Object.keys(entity.fields).filter((name) => entity.fields[name].kind === 'image');

/** The tab of the list's split its filter asks for, if any. */
export const splitTabOf = (entity: EntityDeclaration, filter: Record<string, unknown>): SplitTab | undefined => {
  const { split } = entity.list;
  return split && [split.later, split.earlier].find((tab) => tab.value === filter[split.param]);
};

/** The order of a list no one asked an order of: a split tab's own, else the declared one, else newest first. */
export const defaultSortOf = (entity: EntityDeclaration, filter: Record<string, unknown> = {}): { field: string; order: SortOrder } => {
  const tab = splitTabOf(entity, filter);
  if (tab) return { field: entity.list.split!.field, order: tab.order };
  return entity.list.defaultSort ?? { field: 'createdAt', order: 'desc' };
};

/** The instant a range filter's bound names: a day alone counts from its start (`from`) or to its last millisecond (`to`), UTC. */
export const rangeBound = (value: string, bound: 'from' | 'to') =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T${bound === 'to' ? '23:59:59.999' : '00:00:00.000'}Z`) : Date.parse(value);

/** Sortable fields, `createdAt` first unless the declaration lists it elsewhere. */
export const sortFieldsOf = (entity: EntityDeclaration): string[] => {
  const sort = entity.list.sort ?? [];
  return sort.includes('createdAt') ? [...sort] : ['createdAt', ...sort];
};

/** A list's `split` as tabs: every record first (newest first), then the later and the earlier ones ('Upcoming', 'Played'), each in its own order. */
export function splitTabsOf(entity: EntityDeclaration) {
  const split = entity.list.split;
  if (!split) return undefined;
  const field = entity.fields[split.field];
  type Tab = { label: string; value?: string; sort: { field: string; order: 'ASC' | 'DESC' } };
  const tab = ({ value, order }: SplitTab): Tab => ({ label: value.charAt(0).toUpperCase() + value.slice(1), value, sort: { field: split.field, order: order === 'asc' ? 'ASC' : 'DESC' } });
  const all: Tab = { label: SHARED_TEXTS.allTab, sort: { field: 'createdAt', order: 'DESC' } };
  return {
    source: split.param,
    label: `${entity.label.many} by ${field.kind === 'date' || field.kind === 'datetime' ? 'date' : lower(field.label)}`,
    tabs: [all, tab(split.later), tab(split.earlier)],
  };
}

/** A list's `range` as its two filters' labels ('Match date from', 'Match date to'). */
export function rangeLabelsOf(entity: EntityDeclaration) {
  if (!entity.list.range) return undefined;
  const words = lower(entity.fields[entity.list.range].label);
  const sentence = words.charAt(0).toUpperCase() + words.slice(1);
  return { from: `${sentence} from`, to: `${sentence} to` };
}

/** A label inside a sentence: its words in lower case, a letter or an acronym as it is ('Team A Flag': 'team A flag'). */
const lower = (text: string) => text.replace(/\b[A-Z][a-z]+\b/g, (word) => word.toLowerCase());

/** The smallest whole number a number field stores (the database's integer). */
const SMALLEST_NUMBER = -2_147_483_647;

export function messagesOf(field: FieldDeclaration): FieldMessages {
  const invalid =
    field.kind === 'url'
      ? VALIDATION.videoUrlInvalid
      : field.kind === 'email'
        ? VALIDATION.emailInvalid
        : field.kind === 'choice'
          ? `Please choose one of the listed ${lower(field.label)} values`
          : field.kind === 'date' || field.kind === 'datetime'
            ? `Please enter a valid ${lower(field.label)}`
            : field.kind === 'ref'
              ? VALIDATION.referenceNotFound
              : VALIDATION.wholeNumber;
  const required = field.messages?.required ?? `${field.label} is required`;
  return {
    notWithin: `The selected ${lower(field.label)} is not in the selected ${lower(field.within ?? '')}`,
    required,
    requiredOnUpdate: required,
    minLength: `${field.label} must be at least ${field.minLength} characters`,
    min: `${field.label} must be at least ${field.min}`,
    invalid,
    tooLarge: UPLOAD.tooLarge,
    ...field.messages,
  };
}

/** A field's rule, as the server's schemas and the forms' validators read rules. */
export function ruleOf(field: FieldDeclaration, mode: 'create' | 'update'): FieldRule {
  const messages = messagesOf(field);
  const rule: FieldRule = {};
  // An image already stored stays when an edit sends none.
  if (field.required && !(field.kind === 'image' && mode === 'update') && field.kind !== 'boolean') {
    rule.required = mode === 'update' ? messages.requiredOnUpdate : messages.required;
  }
  if (field.minLength !== undefined) rule.minLength = [field.minLength, messages.minLength];
  if (field.kind === 'number') rule.min = [field.min ?? SMALLEST_NUMBER, field.min === undefined ? VALIDATION.wholeNumber : messages.min];
  if (field.kind === 'choice') rule.oneOf = [field.choices ?? [], messages.invalid];
  if (field.kind === 'url') rule.url = messages.invalid;
  if (field.kind === 'email') rule.email = messages.invalid;
  if (field.kind === 'date' || field.kind === 'datetime') rule.date = messages.invalid;
  if (field.kind === 'image') rule.image = { tooLarge: messages.tooLarge, notAnImage: UPLOAD.notAnImage };
  return rule;
}

/** A record's name (see recordLabelOf), read from the record as the API answers it. */
export const titleOf = (entity: EntityDeclaration, record: Record<string, unknown>) => recordLabelOf(entity, (name) => record[name]);

/** Each field's message in the order of the declaration's fields (a write's first failing field first). */
export const inFieldOrder = (entity: EntityDeclaration, errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.keys(entity.fields).flatMap((name) => (errors[name] ? [[name, errors[name]]] : [])));

/** Each reference field that must lie within another, with that field (see `within`). */
export const nestedRefsOf = (entity: EntityDeclaration) =>
  Object.entries(entity.fields).flatMap(([name, field]) => (field.kind === 'ref' && field.within ? [{ name, field, within: field.within }] : []));

export const formLabelOf = (field: FieldDeclaration) => field.formLabel ?? field.label;

/** The column the database keeps a rich-text field's plain text in (see `plainText`). */
export const plainTextColumnOf = (name: string, field: FieldDeclaration) => `${columnOf(name, field)}_text`;

/** A field's value as the admin API answers it and the activity log keeps it: masked where declared `masked`, else as stored. */
export const shownValue = (field: FieldDeclaration, value: unknown) => (field.masked ? maskIdNumber(value) : value);

/** The fields a form sends: all but those the server keeps alone. */
export const formFields = (entity: EntityDeclaration) => Object.entries(entity.fields).filter(([, field]) => field.form !== false);

/** The fields the admin app's form offers: those a form sends, less the ones left to API clients. */
export const adminFormFields = (entity: EntityDeclaration) => formFields(entity).filter(([, field]) => field.form !== 'api');

/** The rules of an entity's form, an alias under its field's rule (booleans have none: unchecked is a value). */
export function rulesOf(entity: EntityDeclaration, mode: 'create' | 'update'): FormRules {
  const rules: FormRules = {};
  for (const [name, field] of formFields(entity)) {
    if (field.kind === 'boolean') continue;
    rules[name] = ruleOf(field, mode);
    if (field.alias) rules[field.alias] = rules[name];
  }
  return rules;
}

/** The entity's texts: its own, over defaults worded from its label. */
export function textsOf(entity: EntityDeclaration): EntityTexts {
  const { one, many } = entity.label;
  const a = lower(one);
  const all = lower(many);
  const searched = entity.list.search.map((name) => lower(entity.fields[name].label));
  return {
    listTitle: many,
    addNew: `Add New ${one}`,
    searchPlaceholder: `Search ${all}${searched.length ? ` by ${[searched.slice(0, -1).join(', '), searched.at(-1)].filter(Boolean).join(' or ')}` : ''}...`,
    loading: `Loading ${all}...`,
    emptyTitle: `No ${all} found`,
    emptyHint: SHARED_TEXTS.tryAnotherSearch,
    createTitle: `Create ${one}`,
    createSubmit: `Create ${one}`,
    createBusy: SHARED_TEXTS.creating,
    createSuccess: `${one} created successfully!`,
    createFailure: `Failed to create ${a}`,
    detailTitle: `${one} Details`,
    loadingDetail: `Loading ${a} details...`,
    backToList: `Back to ${many}`,
    fetchFailure: `Failed to fetch ${a} details.`,
    notFound: `${one} not found`,
    editTitle: `Edit ${one}`,
    editLoading: `Loading ${a} data...`,
    editLoadFailure: `Failed to load ${a} data`,
    editSubmit: `Update ${one}`,
    editBusy: SHARED_TEXTS.updating,
    editSuccess: `${one} updated successfully!`,
    editFailure: `Failed to update ${a}`,
    deleteTitle: `Delete ${one}`,
    deleteConfirm: `Are you sure you want to delete this ${a}? This action cannot be undone.`,
    deleting: SHARED_TEXTS.deleting,
    deleteSuccess: `${one} deleted successfully!`,
    deleteFailure: `Failed to delete ${a}`,
    columnCreated: SHARED_TEXTS.createdAt,
    emptySearchTitle: entity.texts?.emptyTitle ?? `No ${all} found`,
    statTotal: `Total ${many}`,
    ...entity.texts,
  };
}

/** The toast of a failed create, update or delete: the server's message, else the entity's text (see `fixedFailures`). */
export const failureTextOf = (entity: EntityDeclaration, operation: 'create' | 'update' | 'delete') => {
  const text = textsOf(entity)[operation === 'create' ? 'createFailure' : operation === 'update' ? 'editFailure' : 'deleteFailure'];
  return (error: unknown) => (entity.fixedFailures?.includes(operation) ? text : (error as { message?: string } | null)?.message || text);
};

/** An edit's hint under an image input: an empty one keeps the stored image. */
export const keepImageHint = (field: FieldDeclaration) => `Leave empty to keep current ${lower(field.label)}`;

/** Text as a label shows it: trimmed, none when blank. */
const labelText = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text || null;
};

/**
 * A record's name, from the value of each field: its `titleParts` joined by a space, else its
 * title; when that is blank, its `titleFallback` (an instant by its day, as stored: the day in UTC).
 */
export function recordLabelOf(entity: EntityDeclaration, valueOf: (name: string) => unknown): string | null {
  const title = (entity.titleParts ?? [entity.title]).map((name) => labelText(valueOf(name))).filter(Boolean).join(' ') || null;
  const fallback = entity.titleFallback;
  if (title !== null || !fallback) return title;
  const value = valueOf(fallback);
  if (entity.fields[fallback].kind !== 'datetime' || value === null || value === undefined) return labelText(value);
  return new Date(value as string | Date).toISOString().slice(0, 10);
}

/** Characters that show nothing, as the rules read them (see rules.ts). */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;

/**
 * The one clean-up of a write, on the server and in the fake: text trimmed, a blank optional value
 * stored as none, a number read from its text, a boolean from a form's 'true'/'false', a list as
 * its distinct values (none when absent), an instant as its ISO text, and on create the declared defaults for what the form
 * left out. Images and unknown keys are left alone.
 */
export function cleanValues(entity: EntityDeclaration, values: Record<string, unknown>, mode: 'create' | 'update'): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind === 'image') continue;
    // What the server keeps alone is never read from a form.
    let value = field.form === false ? undefined : values[name];
    if (field.many) {
      const sent = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
      clean[name] = [...new Set(sent.map((item) => String(item).trim()))];
      continue;
    }
    if (value === undefined) {
      // What the server keeps alone without a default, the database gives (a slide's next position).
      if (mode === 'create' && !(field.form === false && field.default === undefined)) clean[name] = field.default ?? (field.kind === 'boolean' ? false : null);
      continue;
    }
    if (typeof value === 'string') value = value.trim();
    if (value === null || (typeof value === 'string' && value.replace(INVISIBLE, '') === '')) {
      clean[name] = field.kind === 'boolean' ? false : null;
      continue;
    }
    if (field.kind === 'number') value = Number(value);
    // An instant as one text the same everywhere (a day alone: its start, UTC).
    if (field.kind === 'datetime') value = new Date(value as string).toISOString();
    if (field.kind === 'boolean') value = value === true || value === 'true';
    clean[name] = value;
  }
  return clean;
}

/**
 * The key text is sorted by, the way a person reads it and the same on every database and in the
 * fake: A–Z lower-cased (nothing else), each run of digits written after its length, so that
 * comparing keys code point by code point sorts 'apple' before 'Zebra' and '#2' before '#10'. The
 * database's `natural_sort_key` (migration 0011) computes the same.
 */
export const naturalSortKey = (value: string) =>
  value.replace(/[A-Z]/g, (letter) => letter.toLowerCase()).replace(/[0-9]+/g, (digits) => String(digits.length).padStart(4, '0') + digits);

/** Whether a field's values sort as text, in natural order (see `naturalSortKey`). */
export const sortsNaturally = (field: FieldDeclaration) => ['text', 'longtext', 'url', 'email', 'choice'].includes(field.kind) && !field.many;

/** The roles that may read and write an entity: its own declaration, else the league's content's. */
export const accessOf = (entity: Pick<EntityDeclaration, 'access'>): Access => entity.access ?? CONTENT_ACCESS;
