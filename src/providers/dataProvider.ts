/**
 * react-admin ↔ Crease API: the envelope, the paging and multipart uploads.
 *
 * ra-data-simple-rest already builds `/{resource}/{id}` calls for getOne and updateMany, so those
 * come from it, running over our httpClient (envelope, token, errors). The rest is custom because the
 * API differs from simple-rest's dialect: paging by `page`/`limit` with the total in the body instead
 * of `range` and a Content-Range header, search by `search`, multipart bodies for files, and deletes
 * whose response carries no record.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider, type GetListParams, type Identifier, type RaRecord } from 'react-admin';
import type { AdminSessionRecord, GovernmentIdRecord } from '../domain/records';
import { toDashboard, type DashboardData } from './dashboard';
import { createHttpClient, type HttpClient } from './httpClient';
import { fromApi, toRequestBody } from './payload';
import { apiPath, isLookup } from './resources';
import { getToken, type SessionUser } from './session';

type Page = { docs: Record<string, unknown>[]; totalDocs: number; totalIsEstimate?: boolean };

/** Lists arrive paged (`{ docs, totalDocs, … }`); lookups may arrive as a plain array. */
function toListResult(data: unknown) {
  if (Array.isArray(data)) return { data: data.map(fromApi), total: data.length };
  const page = data as Page;
  // A broad search's total may be the server's estimate; the pagination bar then says 'About …'.
  return { data: page.docs.map(fromApi), total: page.totalDocs, ...(page.totalIsEstimate && { meta: { totalIsEstimate: true } }) };
}

/** `q` is the server's `search`; react-admin's default sort on `id` means "no preference", so the server's newest-first applies. */
export function toListQuery({ pagination, sort, filter = {} }: Partial<GetListParams>) {
  const { q, ...exact } = filter as Record<string, unknown>;
  const query: Record<string, unknown> = { ...exact };
  if (pagination) Object.assign(query, { page: pagination.page, limit: pagination.perPage });
  if (q !== undefined && q !== '') query.search = q;
  if (sort && sort.field && sort.field !== 'id') Object.assign(query, { sort: sort.field, order: sort.order.toLowerCase() });
  return fetchUtils.queryParameters(query);
}

export type CreaseDataProvider = DataProvider & {
  /** Sets the flag to `value` (`PUT …/set-remove-featured` with `{ value }`). */
  setFeatured: (resource: string, params: { id: Identifier; value: boolean }) => Promise<{ data: RaRecord; message?: string }>;
  setMagicMoment: (resource: string, params: { id: Identifier; value: boolean }) => Promise<{ data: RaRecord; message?: string }>;
  /** `PUT /admin/users/{id}` with `{ isActive }`: deactivates an app user (their sessions end, sign-in refused) or reactivates them. */
  setUserActive: (params: { id: Identifier; value: boolean }) => Promise<{ data: RaRecord; message?: string }>;
  /** `GET /admin/dashboard`: totals, trend counts, the per-day series and the newest records. */
  getDashboard: (params?: { signal?: AbortSignal }) => Promise<{ data: DashboardData }>;
  /**
   * `GET /admin/{resource}/stats`: the figures on a list's stat cards, counted by the server over all
   * of the resource's records (news: `{ total, thisWeek, categories }`), or over those a list `filter`
   * selects where the resource takes one (matches: its tab counts). A resource without figures answers 404.
   */
  getStats: (
    resource: string,
    params?: { signal?: AbortSignal; filter?: Record<string, unknown> },
  ) => Promise<{ data: Record<string, number> }>;
  /** `PUT /admin/{resource}/order` (slides): every record's id once, first shown first; saved in one go. */
  reorder: (resource: string, params: { ids: Identifier[] }) => Promise<{ data: Identifier[] }>;
  /**
   * `GET /admin/{resource}/export.csv` with the list's search and filters: every matching row as a
   * CSV file (registrations, the activity log), downloaded with the session's token.
   */
  exportCsv: (resource: string, params: { filter?: Record<string, unknown> }) => Promise<{ data: Blob }>;
  /**
   * `POST /admin/registrations/{id}/government-id`: the registration's government ID number whole
   * (every record answers it masked); the activity log records each call, by the admin who made it.
   */
  revealGovernmentId: (resource: string, params: { id: Identifier }) => Promise<{ data: GovernmentIdRecord }>;
  /** `PUT /admin/profile`: the signed-in admin's own first and last name. */
  saveProfile: (params: { firstName: string; lastName: string }) => Promise<{ data: RaRecord }>;
  /** `PUT /admin/profile/password`: their other sessions end; the answer is this session's fresh token. */
  changePassword: (params: { currentPassword: string; newPassword: string; repeatPassword: string }) => Promise<{ data: { token: string; user: SessionUser } }>;
  /** `GET /admin/profile/sessions`: the signed-in admin's open sessions, `current` marking this one. */
  getSessions: () => Promise<{ data: AdminSessionRecord[] }>;
  /** `DELETE /admin/profile/sessions/{id}`: ends one of the admin's own sessions. */
  endSession: (params: { id: string }) => Promise<{ message?: string }>;
  /** `DELETE /admin/profile/sessions`: ends all the admin's sessions but this one. */
  endOtherSessions: () => Promise<{ data: { ended: number } }>;
  /** `POST /admin/admins/{id}/sessions/end`: ends all of another admin's sessions (owners). */
  endAdminSessions: (params: { id: Identifier }) => Promise<{ data: { ended: number } }>;
  /** `GET /admin/profile/totp`: whether the signed-in admin's TOTP second factor is on. */
  getTotp: () => Promise<{ data: { enabled: boolean } }>;
  /** `POST /admin/profile/totp`: a new secret and its otpauth:// URI, on once confirmed. */
  startTotp: () => Promise<{ data: { secret: string; otpauthUrl: string } }>;
  /** `POST /admin/profile/totp/confirm` with a code: on; the 10 recovery codes, shown this once. */
  confirmTotp: (params: { code: string }) => Promise<{ data: { recoveryCodes: string[] } }>;
  /** `DELETE /admin/profile/totp` with the admin's password: off. */
  turnOffTotp: (params: { password: string }) => Promise<{ data: { enabled: boolean } }>;
  /** `GET`/`PUT /admin/admins/second-factor-policy`: whether every admin must have a second factor. */
  getSecondFactorPolicy: () => Promise<{ data: { requireSecondFactor: boolean } }>;
  setSecondFactorPolicy: (params: { requireSecondFactor: boolean }) => Promise<{ data: { requireSecondFactor: boolean }; message?: string }>;
  /** `POST /admin/notifications/{id}/cancel`: a scheduled send is dropped (409 for any other). */
  cancelNotification: (params: { id: Identifier }) => Promise<{ data: RaRecord; message?: string }>;
  /** `POST /admin/notifications/{id}/schedule` with `{ sendAt }`: a scheduled send moves to that instant. */
  rescheduleNotification: (params: { id: Identifier; sendAt: string }) => Promise<{ data: RaRecord; message?: string }>;
  /** `POST /admin/notifications/{id}/retry`: sends again to the devices whose failure was transient. */
  retryNotification: (params: { id: Identifier }) => Promise<{ data: RaRecord; message?: string }>;
  /** `GET /admin/notifications/push`: whether FCM is set up, and how many phones are registered. */
  getPushSetup: (params?: { signal?: AbortSignal }) => Promise<{ data: PushSetup }>;
  /** `POST /admin/{resource}/{id}/publish` (news, videos, slides): live now; the record as stored. */
  publishRecord: (resource: string, params: { id: Identifier }) => Promise<{ data: RaRecord; message?: string }>;
  /** `POST /admin/{resource}/{id}/unpublish`: taken down, a draft with its times cleared. */
  unpublishRecord: (resource: string, params: { id: Identifier }) => Promise<{ data: RaRecord; message?: string }>;
  /**
   * `POST /admin/{resource}/{id}/schedule` with `{ publishAt, unpublishAt }` (ISO instants; null clears
   * unpublishAt; either left out keeps its value): scheduled for publishAt (published when it is past).
   */
  scheduleRecord: (
    resource: string,
    params: { id: Identifier; publishAt?: string | null; unpublishAt?: string | null },
  ) => Promise<{ data: RaRecord; message?: string }>;
};

/** Whether push delivery is set up; `message` says how to set it up when it is not. */
export type PushSetup = { configured: boolean; devices: number; message: string | null };

const BOM = '\uFEFF';

export function createDataProvider(apiUrl = '', httpClient: HttpClient = createHttpClient(getToken)): CreaseDataProvider {
  const base = `${apiUrl}/admin`;
  const simple = simpleRestProvider(base, async (url: string, options?: fetchUtils.Options) => {
    const result = await httpClient(url, options);
    return { ...result, json: fromApi(result.json as Record<string, unknown>) };
  });
  const one = (resource: string, id: Identifier) => `${apiPath(apiUrl, resource)}/${encodeURIComponent(id)}`;

  const getList: DataProvider['getList'] = async (resource, params) => {
    const { json } = await httpClient(`${apiPath(apiUrl, resource)}?${toListQuery(params)}`, { signal: params.signal });
    return toListResult(json) as never;
  };

  const write = async (resource: string, url: string, method: 'POST' | 'PUT', data: Record<string, unknown>, version?: unknown) => {
    const { json } = await httpClient(url, { method, body: toRequestBody(data, version), resource });
    // The record as stored, never what was sent: the cache must not keep a password or an edit's `removeImages`.
    return { data: fromApi(json && typeof json === 'object' ? (json as Record<string, unknown>) : { id: data.id }) } as never;
  };

  // The flag as the admin wants it, not a flip: two quick clicks then cannot cancel each other out.
  const toggle = (path: string) => async (resource: string, { id, value }: { id: Identifier; value: boolean }) => {
    const { json, message } = await httpClient(`${one(resource, id)}/${path}`, { method: 'PUT', body: JSON.stringify({ value }) });
    return { data: fromApi(json as Record<string, unknown>), message };
  };

  // A JSON body even when empty: fetchJson labels every POST as JSON, and the server refuses an empty one.
  const notificationCall = async (id: Identifier, path: string, body: Record<string, unknown>) => {
    const { json, message } = await httpClient(`${one('notifications', id)}/${path}`, { method: 'POST', body: JSON.stringify(body) });
    return { data: fromApi(json as Record<string, unknown>), message };
  };

  // A JSON body even when empty, as for the notification calls.
  const publishingCall = async (resource: string, id: Identifier, path: string, body: Record<string, unknown>) => {
    const { json, message } = await httpClient(`${one(resource, id)}/${path}`, { method: 'POST', body: JSON.stringify(body) });
    return { data: fromApi(json as Record<string, unknown>), message };
  };

  return {
    getList,
    getOne: simple.getOne,

    /** The API has no "by ids" query: lookups are small, so filter the whole list; entities are fetched one by one. */
    getMany: async (resource, params) => {
      if (isLookup(resource)) {
        const { data } = await getList(resource, { filter: {}, signal: params.signal } as GetListParams);
        const wanted = new Set(params.ids.map(String));
        return { data: data.filter((record) => wanted.has(String(record.id))) };
      }
      const records = await Promise.all(params.ids.map((id) => simple.getOne(resource, { id, signal: params.signal })));
      return { data: records.map((record) => record.data) };
    },

    getManyReference: (resource, params) =>
      getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

    create: (resource, params) => write(resource, apiPath(apiUrl, resource), 'POST', params.data),

    /**
     * `meta.path` sends the change to a sub-path instead: `{ data: { status }, meta: { path: 'status' } }` → PUT /{id}/status.
     * An edit sends back the `updatedAt` it was made on (the form's, else the cached record's): a 409 then tells of a lost update.
     */
    update: (resource, params) =>
      params.meta?.path
        ? write(resource, `${one(resource, params.id)}/${params.meta.path}`, 'PUT', { ...params.data, id: params.id })
        : write(resource, one(resource, params.id), 'PUT', { ...params.data, id: params.id }, params.data?.updatedAt ?? params.previousData?.updatedAt),

    /** One call for every id where the API has one (`meta.path`: PUT /{resource}/{path} with `{ ids, …data }`). */
    updateMany: async (resource, params) => {
      if (!params.meta?.path) return simple.updateMany(resource, params);
      await httpClient(`${apiPath(apiUrl, resource)}/${params.meta.path}`, {
        method: 'PUT',
        body: JSON.stringify({ ids: params.ids, ...params.data }),
      });
      return { data: params.ids };
    },

    delete: async (resource, params) => {
      await httpClient(one(resource, params.id), { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => httpClient(one(resource, id), { method: 'DELETE' })));
      return { data: params.ids };
    },

    setFeatured: toggle('set-remove-featured'),
    setMagicMoment: toggle('set-remove-Magic-Moment'),
    setUserActive: async ({ id, value }) => {
      const { json, message } = await httpClient(one('users', id), { method: 'PUT', body: JSON.stringify({ isActive: value }) });
      return { data: fromApi(json as Record<string, unknown>), message };
    },

    getDashboard: async ({ signal } = {}) => {
      const { json } = await httpClient(`${base}/dashboard`, { signal });
      return { data: toDashboard(json as Parameters<typeof toDashboard>[0]) };
    },

    getStats: async (resource, { signal, filter } = {}) => {
      const query = filter ? toListQuery({ filter }) : '';
      const { json } = await httpClient(`${apiPath(apiUrl, resource)}/stats${query ? `?${query}` : ''}`, { signal });
      return { data: json as Record<string, number> };
    },

    exportCsv: async (resource, { filter = {} }) => {
      const query = toListQuery({ filter });
      const { body } = await httpClient(`${apiPath(apiUrl, resource)}/export.csv${query ? `?${query}` : ''}`);
      // Read as text, the body lost the byte-order mark by which a spreadsheet knows the file is UTF-8.
      return { data: new Blob([body.startsWith(BOM) ? body : `${BOM}${body}`], { type: 'text/csv;charset=utf-8' }) };
    },

    revealGovernmentId: async (resource, { id }) => {
      const { json } = await httpClient(`${one(resource, id)}/government-id`, { method: 'POST', body: JSON.stringify({}) });
      return { data: json as GovernmentIdRecord };
    },

    reorder: async (resource, { ids }) => {
      await httpClient(`${apiPath(apiUrl, resource)}/order`, { method: 'PUT', body: toRequestBody({ ids }), resource });
      return { data: ids };
    },

    saveProfile: async (params) => {
      const { json } = await httpClient(`${base}/profile`, { method: 'PUT', body: JSON.stringify(params) });
      return { data: fromApi(json as Record<string, unknown>) };
    },

    cancelNotification: ({ id }) => notificationCall(id, 'cancel', {}),
    rescheduleNotification: ({ id, sendAt }) => notificationCall(id, 'schedule', { sendAt }),
    retryNotification: ({ id }) => notificationCall(id, 'retry', {}),

    getPushSetup: async ({ signal } = {}) => {
      const { json } = await httpClient(`${apiPath(apiUrl, 'notifications')}/push`, { signal });
      return { data: json as PushSetup };
    },

    publishRecord: (resource, { id }) => publishingCall(resource, id, 'publish', {}),
    unpublishRecord: (resource, { id }) => publishingCall(resource, id, 'unpublish', {}),
    scheduleRecord: (resource, { id, publishAt, unpublishAt }) =>
      publishingCall(resource, id, 'schedule', { ...(publishAt !== undefined && { publishAt }), ...(unpublishAt !== undefined && { unpublishAt }) }),

    getTotp: async () => ({ data: (await httpClient(`${base}/profile/totp`)).json as { enabled: boolean } }),
    startTotp: async () => ({ data: (await httpClient(`${base}/profile/totp`, { method: 'POST', body: '{}' })).json as { secret: string; otpauthUrl: string } }),
    confirmTotp: async (params) => ({ data: (await httpClient(`${base}/profile/totp/confirm`, { method: 'POST', body: JSON.stringify(params) })).json as { recoveryCodes: string[] } }),
    turnOffTotp: async (params) => ({ data: (await httpClient(`${base}/profile/totp`, { method: 'DELETE', body: JSON.stringify(params) })).json as { enabled: boolean } }),
    getSecondFactorPolicy: async () => ({ data: (await httpClient(`${base}/admins/second-factor-policy`)).json as { requireSecondFactor: boolean } }),
    setSecondFactorPolicy: async (params) => {
      const { json, message } = await httpClient(`${base}/admins/second-factor-policy`, { method: 'PUT', body: JSON.stringify(params) });
      return { data: json as { requireSecondFactor: boolean }, message };
    },

    changePassword: async (params) => {
      const { json } = await httpClient(`${base}/profile/password`, { method: 'PUT', body: JSON.stringify(params) });
      return { data: json as { token: string; user: SessionUser } };
    },

    getSessions: async () => {
      const { json } = await httpClient(`${base}/profile/sessions`);
      return { data: json as AdminSessionRecord[] };
    },
    endSession: async ({ id }) => {
      await httpClient(`${base}/profile/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
      return {};
    },
    endOtherSessions: async () => {
      const { json } = await httpClient(`${base}/profile/sessions`, { method: 'DELETE' });
      return { data: json as { ended: number } };
    },
    endAdminSessions: async ({ id }) => {
      const { json } = await httpClient(`${one('admins', id)}/sessions/end`, { method: 'POST', body: JSON.stringify({}) });
      return { data: json as { ended: number } };
    },
  };
}
