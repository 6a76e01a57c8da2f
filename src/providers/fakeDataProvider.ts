/**
 * An in-memory stand-in for the API with the same behaviour as the real provider: paging, `q`
 * search over the fields the server searches, exact filters, the forms' validation messages as
 * field errors, 404s naming the entity, file fields and the video flags.
 * Tests swap it in; `VITE_FAKE_API=1` runs the whole app on it.
 */
import { type DataProvider, type Identifier, type RaRecord } from 'react-admin';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_TEXTS,
  ADMIN_TEXTS,
  AUTH,
  DASHBOARD_RECENT_COUNT,
  MAX_BULK_IDS,
  MAX_IMAGE_BYTES,
  NOT_FOUND,
  PUSH_TEXTS,
  PUBLISHING_TEXTS,
  SESSION_TEXTS,
  REGISTRATION_STATUSES,
  REGISTRATION_TEXTS,
  SLIDE_TEXTS,
  UPLOAD,
  VALIDATION,
  VIDEO_TEXTS,
  ROLES,
  activityCsvCells,
  dashboardFor,
  rolesFor,
  csvLine,
  entityNamed,
  naturalSortKey,
  rangeBound,
  registrationCsvCells,
  registrationExportChanges,
  titleOf,
  LOGGED_RESOURCES,
  lookupNamed,
  operationsOf,
  textsOf,
  type EntityDeclaration,
  type Operation,
  type ActivityEntryRecord,
  type RegistrationCsvFields,
  type AccessRule,
  type Role,
} from '../domain';
import type { CreaseDataProvider } from './dataProvider';
import { fakeActivity } from './fakeActivity';
import { adminRecord, FAKE_ADMIN_ACCOUNT, fakeAccounts, fakeSession } from './fakeAdmins';
import { fakeTwoFactor } from './fakeTwoFactor';
import { registrations as registrationEntity } from '../domain/entities/registrations';
import { USER_TEXTS } from '../domain/entities/users';
import { byCodePoint, declaredFake, later, searchEstimate } from './fakeDeclared';
import { failure, refuse } from './fakeRefusals';
import type { DashboardVideo } from './dashboard';
import { fakeDashboard } from './fakeDashboard';
import { fakeDecisionNotice, fakePush } from './fakePush';
import { createLeague, FAKE_ADMIN, FAKE_ADMIN_PASSWORD } from './fakeLeague';
import type { Row, Tables } from './fakeTables';
import type { Credentials, LoginAnswer } from './authProvider';
import { fromApi } from './payload';
import { isLookup, LOOKUP_RESOURCES } from './resources';

type FakeSignIn = (credentials: Credentials) => Promise<LoginAnswer>;

/** 'Asha Rao' finds Asha Rao. */
const fullName = (row: Row) => [row.firstName, row.lastName].filter(Boolean).join(' ');

/** A searched field, or how to read a row's searchable text where the field is not plain text. */
type Searched = string | ((row: Row) => string);

const SEARCHED: Record<string, Searched[]> = {
  admins: ['firstName', 'lastName', fullName, 'email'],
  activity: ['recordLabel'],
};

const NOT_FOUND_BY_RESOURCE: Record<string, string> = {
  admins: ADMIN_TEXTS.notFound,
};

type Call = (resource: string, params: never) => Promise<unknown>;
type DeclaredCall = (entity: EntityDeclaration, params: never) => Promise<unknown>;

/** The operation of each data-provider call, as the API's routes are named. */
const OPERATION_OF: Record<string, Operation> = {
  getList: 'list',
  getManyReference: 'list',
  getOne: 'show',
  getMany: 'show',
  create: 'create',
  update: 'update',
  updateMany: 'update',
  delete: 'delete',
  deleteMany: 'delete',
};

/** The operations the API has routes for, by hand-written resource; any other call is 'Page not found'. */
const WRITTEN_ROUTES: Record<string, readonly Operation[]> = {
  admins: ['list', 'show', 'create', 'update'],
  activity: ['list'],
  // Beside the declared list and detail: PUT /admin/users/{id} sets isActive (and nothing else).
  users: ['update'],
  ...Object.fromEntries(LOOKUP_RESOURCES.map((resource) => [resource, ['list']])),
};

/** The field a registration's reveal and CSV answer whole: its own read access is needed too. */
const GOVERNMENT_ID = 'GovernmentIdNumber';

/** What a call to `resource` needs, as its route's rule says: lookups are one resource; reads read, the rest write. */
const ruleOf = (resource: string, action: AccessRule['action'], field?: string): AccessRule => ({
  resource: isLookup(resource) ? 'lookups' : resource,
  action,
  ...(field !== undefined && { field }),
});
const READ_CALLS = new Set(['getList', 'getOne', 'getMany', 'getManyReference']);

/** Filters the server reads as conditions rather than equality (the activity log's admin and time range). */
const CONDITIONS: Record<string, Record<string, (row: Row, value: unknown) => boolean>> = {
  activity: {
    adminId: (row, value) => (row.admin as Row | null)?._id === value,
    from: (row, value) => Date.parse(String(row.at)) >= rangeBound(String(value), 'from'),
    to: (row, value) => Date.parse(String(row.at)) <= rangeBound(String(value), 'to'),
  },
};

/** Filters that take one of a list of values, refused (400, before anything is read) with their message otherwise. */
const FILTER_CHOICES: Record<string, Record<string, [readonly unknown[], string]>> = {
  admins: { role: [ROLES, ADMIN_TEXTS.roleInvalid] },
  activity: { resource: [LOGGED_RESOURCES, ACTIVITY_TEXTS.resourceInvalid], action: [ACTIVITY_ACTIONS, ACTIVITY_TEXTS.actionInvalid] },
};

/** The server's own order when the list asks none: the activity log's as written, anything else newest first. */
const defaultSort = (resource: string) => (resource === 'activity' ? { field: 'seq', order: 'DESC' } : { field: 'createdAt', order: 'DESC' });

const text = (value: unknown): string =>
  Array.isArray(value) ? value.map(text).join(' ') : typeof value === 'object' && value ? text((value as Row).name) : String(value ?? '');

const matchesFilter = (row: Row, field: string, wanted: unknown) => {
  const value = row[field];
  const actual = typeof value === 'object' && value && !Array.isArray(value) ? (value as Row)._id : value;
  return Array.isArray(actual) ? actual.map(String).includes(String(wanted)) : String(actual) === String(wanted);
};

/** Fields holding an instant: sorted as time. Any other text sorts the way a person reads it, as on the server. */
const INSTANTS = new Set(['createdAt', 'updatedAt']);

/** In the order asked, the id breaking ties in the same direction, as the server sorts. */
const compare = (field: string, order: string) => {
  const key = (row: Row) => (INSTANTS.has(field) ? text(row[field]) : naturalSortKey(text(row[field])));
  const sign = order === 'ASC' ? 1 : -1;
  return (a: Row, b: Row) => sign * (byCodePoint(key(a), key(b)) || byCodePoint(a._id, b._id));
};

/** The header of each CSV export the API has, and the order of its rows (newest first). */
const CSV_COLUMNS: Record<string, readonly string[]> = {
  registrations: REGISTRATION_TEXTS.csvColumns,
  activity: ACTIVITY_TEXTS.csvColumns,
};
const CSV_ORDER: Record<string, [field: string, order: string]> = { registrations: ['createdAt', 'DESC'], activity: ['seq', 'DESC'] };

/** Uploaded files become object URLs in a browser and a fake upload path where none exist (jsdom). */
function storeFile(file: File, field: string) {
  if (file.size > MAX_IMAGE_BYTES) throw failure(413, UPLOAD.tooLarge, { [field]: UPLOAD.tooLarge }, 'upload.too_large');
  if (!file.type.startsWith('image/')) throw failure(415, UPLOAD.notAnImage, { [field]: UPLOAD.notAnImage }, 'upload.not_an_image');
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : `/uploads/fake/${file.name}`;
}

function touch(row: Row) {
  row.updatedAt = later(row.updatedAt ?? row.createdAt);
}

/** The fake data provider, with the sign-in of its own league (recorded in its activity log, as the server's). */
/** Its sign-in never asks for a second step: the fake league's accounts have no second factor. */
export type FakeDataProvider = CreaseDataProvider & { signIn: FakeSignIn };

export function createFakeDataProvider(tables: Tables = createLeague()): FakeDataProvider {
  let nextId = 1000;
  const table = (resource: string) => (tables[resource] ??= []);
  const admins = fakeAccounts(() => table('admins'), () => `admin-${nextId++}`, () => activity);
  const twoFactor = fakeTwoFactor(admins.me, () => activity);
  const activity = fakeActivity(tables, () => admins.me() as unknown as { _id: string; firstName: string; lastName: string });
  const declared = declaredFake(tables, storeFile, () => String(nextId++), () => admins.me()._id, activity);
  const notFound = (resource: string) => {
    const entity = entityNamed(resource);
    const message = entity ? textsOf(entity).notFound : (NOT_FOUND_BY_RESOURCE[resource] ?? NOT_FOUND.route);
    return failure(404, message);
  };
  const unrouted = () => {
    throw failure(404, NOT_FOUND.route);
  };
  /** Like the server's guard on a route that exists: the role must be one its rule lets through. */
  const mayCall = (rule: AccessRule) => {
    if (rolesFor(rule)) admins.assertMay(rule);
  };
  const find = (resource: string, id: Identifier) => {
    const row = table(resource).find((item) => item._id === String(id));
    if (!row) throw notFound(resource);
    return row;
  };
  /** The rows `q` (over the fields the server searches) and the filters select, unsorted; a declared entity's as its declaration says. */
  const select = (resource: string, filter: Record<string, unknown>) => {
    const entity = entityNamed(resource);
    if (entity) return declared.rows(entity, filter);
    const { q, ...exact } = filter;
    for (const [field, [choices, message]] of Object.entries(FILTER_CHOICES[resource] ?? {})) {
      if (exact[field] !== undefined && exact[field] !== '' && !choices.includes(exact[field])) refuse({ [field]: message });
    }
    const holds = (row: Row, field: string, wanted: unknown) => {
      if (wanted === undefined || wanted === '') return true;
      const condition = CONDITIONS[resource]?.[field];
      return condition ? condition(row, wanted) : matchesFilter(row, field, wanted);
    };
    let found = table(resource).filter((row) => Object.entries(exact).every(([field, wanted]) => holds(row, field, wanted)));
    // Like the server, the search is trimmed; only spaces is no search.
    const needle = String(q ?? '').trim().toLowerCase();
    if (needle) {
      const fields = SEARCHED[resource] ?? ['name'];
      const searchable = (row: Row, field: Searched) => (typeof field === 'function' ? field(row) : text(row[field]));
      found = found.filter((row) => fields.some((field) => searchable(row, field).toLowerCase().includes(needle)));
    }
    return found;
  };
  /** A registration's CSV cells, from the record as the API answers it (its places by name), its government ID whole. */
  const registrationCsvRow = (row: Row) => {
    const record = declared.record(registrationEntity, row) as unknown as Row;
    const name = (place: unknown) => ((place as Row | null)?.name as string | undefined) ?? null;
    return registrationCsvCells({
      ...record,
      state: name(record.state),
      district: name(record.district),
      city: name(record.city),
      // Whole, as stored: the record answers it masked.
      GovernmentIdType: row.GovernmentIdType ?? null,
      GovernmentIdNumber: row.GovernmentIdNumber ?? null,
    } as unknown as RegistrationCsvFields);
  };
  const activityRecord = ({ _id, at, admin, fan, action, resource, recordId, recordLabel, changes }: Row) => ({ _id, at, admin, fan, action, resource, recordId, recordLabel, changes }) as unknown as Row;
  const csvCells: Record<string, (row: Row) => unknown[]> = {
    registrations: registrationCsvRow,
    activity: (row) => activityCsvCells(activityRecord(row) as unknown as ActivityEntryRecord),
  };
  const RECORDS: Record<string, (row: Row) => Row> = { admins: adminRecord, activity: activityRecord };
  const present = (resource: string, row: Row): RaRecord => {
    const entity = entityNamed(resource);
    return entity ? declared.record(entity, row) : fromApi(RECORDS[resource]?.(row) ?? { ...row });
  };
  /**
   * Like PUT /admin/registrations/{id}/status and /status: a listed status for every id, or none when
   * any id is unknown (404 naming them) or the status is not listed (400).
   */
  const setStatus = (resource: string, ids: Identifier[], data: { status?: unknown }, bulk = false) => {
    if (bulk && (ids.length === 0 || ids.length > MAX_BULK_IDS)) refuse({ ids: VALIDATION.idsInvalid });
    if (!(REGISTRATION_STATUSES as readonly unknown[]).includes(data.status)) {
      const message = VALIDATION.statusInvalid;
      throw failure(400, message, { status: message });
    }
    const missing = ids.map(String).filter((id) => !table(resource).some((row) => row._id === id));
    if (missing.length > 0) {
      if (ids.length === 1) throw notFound(resource);
      const message = REGISTRATION_TEXTS.notFoundIds(missing);
      throw failure(404, message);
    }
    return ids.map((id) => {
      const row = find(resource, id);
      const before = { ...row };
      row.status = data.status;
      touch(row);
      activity.updated(resource, before, row);
      fakeDecisionNotice(row, before);
      return present(resource, row);
    });
  };
  // Like the flag routes: the video as its list and detail read it, and what the server says of the change.
  const toggle = (flag: 'isFeatured' | 'isMagicMoment', on: string, off: string) =>
    async (resource: string, { id, value }: { id: Identifier; value?: boolean }) => {
      mayCall(ruleOf(resource, 'write'));
      const row = find(resource, id);
      const before = { ...row };
      row[flag] = value ?? !row[flag];
      touch(row);
      activity.updated(resource, before, row);
      const { data } = (await routed.getOne(resource, { id } as never)) as { data: RaRecord };
      return { data, message: row[flag] ? on : off };
    };

  /**
   * A lookup as its route answers it: the whole list (no paging, no search), a district's or city's
   * of the parent asked for, in the lookup's own order with the id breaking ties, its fields only.
   */
  const lookupList = (resource: string, filter: Record<string, unknown>) => {
    const { orderBy: order, fields: shape, parent } = lookupNamed(resource)!;
    const fields = Object.keys(shape).filter((field) => field !== '_id');
    const rows = select(resource, parent && filter[parent] !== undefined ? { [parent]: filter[parent] } : {});
    const sorted = [...rows].sort((a, b) => byCodePoint(a[order], b[order]) || byCodePoint(a._id, b._id));
    return sorted.map((row) => fromApi(Object.fromEntries(['_id', ...fields].map((field) => [field, row[field] ?? null]))));
  };

  const provider: DataProvider = {
    getList: async (resource, { pagination, sort, filter = {} }) => {
      if (isLookup(resource)) {
        const records = lookupList(resource, filter);
        return { data: records as never, total: records.length };
      }
      let found = select(resource, filter);
      // The activity log reads in the order it was written, whatever the sort asked.
      const order = sort && sort.field !== 'id' && resource !== 'activity' ? sort : defaultSort(resource);
      found = [...found].sort(compare(order.field, order.order));
      const { page, perPage } = pagination ?? { page: 1, perPage: found.length };
      return {
        data: found.slice((page - 1) * perPage, page * perPage).map((row) => present(resource, row)) as never,
        total: found.length,
        ...searchEstimate(filter, found.length),
      };
    },
    getOne: async (resource, { id }) => ({ data: present(resource, find(resource, id)) as never }),
    getMany: async (resource, { ids }) => {
      // Like the real provider: a lookup's records are the ones of its whole list that were asked for.
      if (isLookup(resource)) return { data: lookupList(resource, {}).filter((record) => ids.map(String).includes(String(record.id))) as never };
      return { data: ids.map((id) => present(resource, find(resource, id))) as never };
    },
    getManyReference: async (resource, params) =>
      routed.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } } as never) as never,
    // The hand-written resources a form writes: admins (a registration's status is its own route).
    create: async (_resource, { data }) => ({ data: admins.create(data) as never }),
    update: async (resource, { id, data, meta }) => {
      if (meta?.path === 'status') return { data: setStatus(resource, [id], data)[0] as never };
      if (resource === 'users') return { data: (await own.setUserActive({ id, value: (data as { isActive?: boolean }).isActive as boolean })).data as never };
      return { data: admins.update(String(id), data) as never };
    },
    updateMany: async (resource, { ids, data, meta }) => {
      if (meta?.path === 'status') {
        setStatus(resource, ids, data, true);
        return { data: ids };
      }
      await Promise.all(ids.map((id) => routed.update(resource, { id, data, previousData: {} as RaRecord } as never)));
      return { data: ids };
    },
    // No hand-written resource has a delete route: the router answers 'Page not found' before this.
    delete: async () => unrouted(),
    deleteMany: async () => unrouted(),
  };

  // A declared entity's calls are answered from its declaration (fakeDeclared.ts); a hand-written
  // resource's only where the API has a route for them.
  const calls = declared as unknown as Record<string, DeclaredCall>;
  const routed: Record<string, Call> = {};
  for (const [call, written] of Object.entries(provider) as [string, Call][]) {
    routed[call] = async (resource, params) => {
      admins.assertOwnPassword();
      // What the server's queue would have published or taken down by now.
      declared.publishDue();
      const entity = entityNamed(resource);
      const ownPath = (params as { meta?: { path?: string } }).meta?.path;
      // Lookups are read whole: the real provider picks a few from the list.
      const operation = isLookup(resource) && call === 'getMany' ? 'list' : OPERATION_OF[call];
      const routes = entity ? [...operationsOf(entity), ...(WRITTEN_ROUTES[resource] ?? [])] : WRITTEN_ROUTES[resource];
      // The role is checked where the server has a route (an entity's own path too), as its guard does.
      if (routes?.includes(operation) || (entity && ownPath)) mayCall(ruleOf(resource, READ_CALLS.has(call) ? 'read' : 'write'));
      // A call to an entity's own route (`meta.path`, a registration's status) is answered below.
      const writtenRoute = WRITTEN_ROUTES[resource]?.includes(OPERATION_OF[call]);
      if (entity && calls[call] && !writtenRoute && !ownPath) return calls[call](entity, params);
      if (!routes?.includes(operation)) throw failure(404, NOT_FOUND.route);
      return written(resource, params);
    };
  }

  const push = fakePush(tables, activity);
  /** A resource with publishing calls; any other has no such route. */
  const publishingEntity = (resource: string) => {
    const entity = entityNamed(resource);
    if (!entity?.publishing) throw failure(404, NOT_FOUND.route);
    mayCall(ruleOf(resource, 'write'));
    return entity;
  };
  // Like the notification routes: the notification as its detail reads it, and what the server says.
  const notificationAnswer = async (id: Identifier, message: string) => {
    const { data } = (await routed.getOne('notifications', { id } as never)) as { data: RaRecord };
    return { data, message };
  };

  const own: Pick<
    CreaseDataProvider,
    | 'setFeatured' | 'setMagicMoment' | 'setUserActive' | 'getDashboard' | 'reorder' | 'exportCsv' | 'revealGovernmentId' | 'saveProfile' | 'getStats'
    | 'cancelNotification' | 'rescheduleNotification' | 'retryNotification' | 'getPushSetup'
    | 'publishRecord' | 'unpublishRecord' | 'scheduleRecord' | 'getSessions' | 'endSession' | 'endOtherSessions' | 'endAdminSessions'
    | 'getTotp' | 'startTotp' | 'confirmTotp' | 'turnOffTotp' | 'getSecondFactorPolicy' | 'setSecondFactorPolicy'
  > = {
    ...twoFactor,
    setFeatured: toggle('isFeatured', VIDEO_TEXTS.featuredOn, VIDEO_TEXTS.featuredOff),
    setMagicMoment: toggle('isMagicMoment', VIDEO_TEXTS.magicOn, VIDEO_TEXTS.magicOff),
    // Like PUT /admin/users/{id}: isActive alone, strictly true or false; the user as the detail reads them.
    setUserActive: async ({ id, value }) => {
      mayCall(ruleOf('users', 'write'));
      if (typeof value !== 'boolean') throw failure(400, USER_TEXTS.isActiveInvalid, { isActive: USER_TEXTS.isActiveInvalid });
      const row = find('users', id);
      const before = { ...row };
      row.isActive = value;
      activity.updated('users', before, row);
      const { data } = (await routed.getOne('users', { id } as never)) as { data: RaRecord };
      return { data, message: value ? USER_TEXTS.activated : USER_TEXTS.deactivated };
    },
    // The newest videos as the video list answers them.
    getDashboard: async () => {
      mayCall(ruleOf('dashboard', 'read'));
      const newest = { pagination: { page: 1, perPage: DASHBOARD_RECENT_COUNT }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} };
      const { data: recentVideos } = (await routed.getList('videos', newest as never)) as { data: DashboardVideo[] };
      return { data: dashboardFor(admins.me().role as Role, fakeDashboard(tables, new Date(), recentVideos)) };
    },
    // Like PUT /admin/slides/order: every current id exactly once, or 400 and nothing changes.
    reorder: async (resource, { ids }) => {
      mayCall(ruleOf(resource, 'write'));
      const rows = table(resource);
      const wanted = ids.map(String);
      const exact = new Set(wanted).size === wanted.length && wanted.length === rows.length && rows.every((row) => wanted.includes(row._id));
      if (!exact) throw failure(400, SLIDE_TEXTS.orderMismatch, { ids: SLIDE_TEXTS.orderMismatch });
      const before = [...rows].sort((a, b) => Number(a.position) - Number(b.position) || byCodePoint(a.createdAt, b.createdAt)).map((row) => row._id);
      for (const row of rows) row.position = wanted.indexOf(row._id) + 1;
      if (wanted.length > 0) activity.write({ action: 'reorder', resource, recordId: null, recordLabel: null, changes: [{ field: 'order', before, after: wanted }] });
      return { data: ids };
    },
    // Like GET /admin/{resource}/export.csv: every row the list's search and filters select, newest first.
    exportCsv: async (resource, { filter = {} }) => {
      // The registrations' file holds every government ID whole: that field's access too.
      mayCall(ruleOf(resource, 'read', resource === registrationEntity.name ? GOVERNMENT_ID : undefined));
      const columns = CSV_COLUMNS[resource];
      if (!columns) throw notFound(resource);
      const rows = select(resource, filter).sort(compare(...CSV_ORDER[resource])).map(csvCells[resource]);
      // The registrations' file holds every government ID whole: each export is logged, as on the server.
      if (resource === 'registrations') {
        const { q, ...filters } = filter as Record<string, unknown>;
        activity.write({ action: 'export', resource, recordId: null, recordLabel: REGISTRATION_TEXTS.exportFileName, changes: registrationExportChanges({ ...filters, search: q }, rows.length) });
      }
      return { data: new Blob([`\uFEFF${[columns, ...rows].map(csvLine).join('')}`], { type: 'text/csv;charset=utf-8' }) };
    },
    // Like POST /admin/registrations/{id}/government-id: the number as stored, the reveal logged.
    revealGovernmentId: async (resource, { id }) => {
      if (resource !== registrationEntity.name) unrouted();
      mayCall(ruleOf(resource, 'read', GOVERNMENT_ID));
      const row = find(resource, id);
      activity.write({ action: 'reveal', resource, recordId: row._id, recordLabel: titleOf(registrationEntity, row), changes: [] });
      return { data: { GovernmentIdType: (row.GovernmentIdType as string | undefined) ?? null, GovernmentIdNumber: (row.GovernmentIdNumber as string | undefined) ?? null } };
    },
    saveProfile: async (names) => (mayCall(ruleOf('profile', 'write')), { data: admins.saveProfile(names) }),
    getSessions: async () => (mayCall(ruleOf('profile', 'read')), { data: admins.listSessions() }),
    endSession: async ({ id }) => (mayCall(ruleOf('profile', 'write')), admins.endSession(id), { message: SESSION_TEXTS.ended }),
    endOtherSessions: async () => (mayCall(ruleOf('profile', 'write')), { data: admins.endOtherSessions() }),
    endAdminSessions: async ({ id }) => (mayCall(ruleOf('admins', 'write')), { data: admins.endAdminSessions(String(id)) }),
    // Like the server, where `/{resource}/stats` of a resource without figures is read as an unknown id.
    getStats: async (resource, { filter } = {}) => {
      mayCall(ruleOf(resource, 'read'));
      const entity = entityNamed(resource);
      if (!entity?.list.stats) throw notFound(resource);
      return { data: declared.stats(entity, filter) };
    },
    cancelNotification: async ({ id }) => (mayCall(ruleOf('notifications', 'write')), notificationAnswer(push.cancel(id), PUSH_TEXTS.cancelled)),
    rescheduleNotification: async ({ id, sendAt }) => (mayCall(ruleOf('notifications', 'write')), notificationAnswer(push.reschedule(id, sendAt), PUSH_TEXTS.rescheduled)),
    retryNotification: async () => (mayCall(ruleOf('notifications', 'write')), push.retry()),
    getPushSetup: async () => (mayCall(ruleOf('notifications', 'read')), { data: push.setup() }),
    // Like POST /admin/{resource}/{id}/publish, /unpublish and /schedule (publishing entities only).
    publishRecord: async (resource, { id }) => ({ data: declared.publish(publishingEntity(resource), id), message: PUBLISHING_TEXTS.published }),
    unpublishRecord: async (resource, { id }) => ({ data: declared.unpublish(publishingEntity(resource), id), message: PUBLISHING_TEXTS.unpublished }),
    scheduleRecord: async (resource, { id, publishAt, unpublishAt }) => ({
      data: declared.schedule(publishingEntity(resource), id, { publishAt, unpublishAt }),
      message: PUBLISHING_TEXTS.scheduled,
    }),
  };
  // Every call but choosing one's own password waits for it, as the API's guard has them wait.
  const guarded = Object.fromEntries(
    Object.entries(own).map(([name, call]) => [name, (...args: never[]) => (admins.assertOwnPassword(), declared.publishDue(), (call as (...a: never[]) => unknown)(...args))]),
  ) as typeof own;
  return {
    ...(routed as unknown as DataProvider),
    ...guarded,
    signIn: admins.signIn,
    changePassword: async (passwords) => (mayCall(ruleOf('profile', 'write')), { data: admins.changePassword(passwords) }),
  };
}

/**
 * Signs in the fake's own admin with the demo password, apart from any league's accounts and log:
 * for tests that render the app and make their fake separately. `createFakeDataProvider().signIn`
 * is the league's own sign-in.
 */
export const fakeLogin: FakeSignIn = async ({ email, password, remember }) => {
  if (email !== FAKE_ADMIN.email || password !== FAKE_ADMIN_PASSWORD) throw new Error(AUTH.invalidCredentials);
  return fakeSession({ ...FAKE_ADMIN_ACCOUNT }, remember);
};
