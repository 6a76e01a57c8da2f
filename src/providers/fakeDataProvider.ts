/**
 * An in-memory stand-in for the API with the same behaviour as the real provider: paging, `q`
 * search over the fields the server searches, exact filters, the spec's validation messages as
 * field errors, 404s naming the entity, file fields and the video flag toggles.
 * Tests swap it in; `VITE_FAKE_API=1` runs the whole app on it.
 */
import { HttpError, type DataProvider, type Identifier, type RaRecord } from 'react-admin';
import {
  AUTH,
  GENERIC,
  MAX_IMAGE_BYTES,
  REMEMBER_ME_DAYS,
  SESSION_HOURS,
  NEWS_RULES,
  NOT_FOUND,
  MATCH_RULES,
  NOTIFICATION_RULES,
  PLAYER_RULES,
  REGISTRATION_RULES,
  SLIDE_RULES,
  TEAM_CREATE_RULES,
  TEAM_EDIT_RULES,
  UPLOAD,
  VIDEO_EDIT_RULES,
  VIDEO_RULES,
  VIDEO_TEXTS,
  checkForm,
  type FormRules,
} from '../domain';
import type { CreaseDataProvider } from './dataProvider';
import { fakeDashboard } from './fakeDashboard';
import { createLeague, FAKE_ADMIN, FAKE_ADMIN_PASSWORD, type Row, type Tables } from './fakeLeague';
import type { LoginRequest } from './authProvider';
import { fromApi } from './payload';

const SEARCHED: Record<string, string[]> = {
  videos: ['title', 'category'],
  news: ['title', 'description', 'tags'],
  teams: ['name', 'coach'],
  player: ['name'],
  matches: ['stadium'],
  users: ['name'],
  registrations: ['firstName'],
  notifications: ['body'],
  slides: ['_id', 'image'],
};

const RULES: Record<string, { create: FormRules; update: FormRules }> = {
  videos: { create: VIDEO_RULES, update: VIDEO_EDIT_RULES },
  news: { create: NEWS_RULES, update: NEWS_RULES },
  teams: { create: TEAM_CREATE_RULES, update: TEAM_EDIT_RULES },
  player: { create: PLAYER_RULES, update: PLAYER_RULES },
  matches: { create: MATCH_RULES, update: MATCH_RULES },
  notifications: { create: NOTIFICATION_RULES, update: NOTIFICATION_RULES },
  slides: { create: SLIDE_RULES, update: SLIDE_RULES },
  registrations: { create: REGISTRATION_RULES, update: REGISTRATION_RULES },
};

const NOT_FOUND_BY_RESOURCE: Record<string, string> = {
  videos: NOT_FOUND.video,
  news: NOT_FOUND.news,
  teams: NOT_FOUND.team,
  player: NOT_FOUND.player,
  matches: NOT_FOUND.match,
  users: NOT_FOUND.user,
  notifications: NOT_FOUND.notification,
  registrations: NOT_FOUND.registration,
  slides: NOT_FOUND.slide,
};

const text = (value: unknown): string =>
  Array.isArray(value) ? value.map(text).join(' ') : typeof value === 'object' && value ? text((value as Row).name) : String(value ?? '');

const matchesFilter = (row: Row, field: string, wanted: unknown) => {
  const value = row[field];
  const actual = typeof value === 'object' && value && !Array.isArray(value) ? (value as Row)._id : value;
  return Array.isArray(actual) ? actual.map(String).includes(String(wanted)) : String(actual) === String(wanted);
};

const compare = (field: string, order: string) => (a: Row, b: Row) => {
  const [x, y] = [text(a[field]), text(b[field])];
  const sign = order === 'ASC' ? 1 : -1;
  return sign * x.localeCompare(y, undefined, { numeric: true });
};

/** Uploaded files become object URLs in a browser and a fake upload path where none exist (jsdom). */
function storeFile(file: File) {
  if (file.size > MAX_IMAGE_BYTES) throw new HttpError(UPLOAD.tooLarge, 413, { success: false, message: UPLOAD.tooLarge });
  if (!file.type.startsWith('image/')) throw new HttpError(UPLOAD.notAnImage, 415, { success: false, message: UPLOAD.notAnImage });
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : `/uploads/fake/${file.name}`;
}

function toStored(data: Record<string, unknown>): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id') continue;
    const file = (value as { rawFile?: File } | null)?.rawFile;
    stored[key] = file instanceof Blob ? storeFile(file) : value;
  }
  return stored;
}

export function createFakeDataProvider(tables: Tables = createLeague()): CreaseDataProvider {
  let nextId = 1000;
  const table = (resource: string) => (tables[resource] ??= []);
  const find = (resource: string, id: Identifier) => {
    const row = table(resource).find((item) => item._id === String(id));
    if (!row) {
      const message = NOT_FOUND_BY_RESOURCE[resource] ?? NOT_FOUND.route;
      throw new HttpError(message, 404, { success: false, message });
    }
    return row;
  };
  const validate = (resource: string, mode: 'create' | 'update', values: Record<string, unknown>) => {
    const rules = RULES[resource]?.[mode];
    const errors = rules ? checkForm(rules, values) : {};
    if (Object.keys(errors).length > 0) {
      throw new HttpError(GENERIC.validationFailed, 400, { success: false, message: GENERIC.validationFailed, errors });
    }
  };
  const toggle = (flag: 'isFeatured' | 'isMagicMoment', on: string, off: string) =>
    async (resource: string, { id }: { id: Identifier }) => {
      const row = find(resource, id);
      row[flag] = !row[flag];
      return { data: fromApi({ ...row }), message: row[flag] ? on : off };
    };

  const provider: DataProvider = {
    getList: async (resource, { pagination, sort, filter = {} }) => {
      const { q, ...exact } = filter;
      let found = table(resource).filter((row) => Object.entries(exact).every(([field, wanted]) => matchesFilter(row, field, wanted)));
      if (q) {
        const needle = String(q).toLowerCase();
        const fields = SEARCHED[resource] ?? ['name'];
        found = found.filter((row) => fields.some((field) => text(row[field]).toLowerCase().includes(needle)));
      }
      found = [...found].sort(sort && sort.field !== 'id' ? compare(sort.field, sort.order) : compare('createdAt', 'DESC'));
      const { page, perPage } = pagination ?? { page: 1, perPage: found.length };
      return { data: found.slice((page - 1) * perPage, page * perPage).map(fromApi) as never, total: found.length };
    },
    getOne: async (resource, { id }) => ({ data: fromApi({ ...find(resource, id) }) as never }),
    getMany: async (resource, { ids }) => ({ data: ids.map((id) => fromApi({ ...find(resource, id) })) as never }),
    getManyReference: async (resource, params) =>
      provider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),
    create: async (resource, { data }) => {
      validate(resource, 'create', data);
      const row = { ...toStored(data), _id: `${resource}-${nextId++}`, createdAt: new Date().toISOString() } as Row;
      table(resource).unshift(row);
      return { data: fromApi({ ...row }) as never };
    },
    update: async (resource, { id, data }) => {
      const row = find(resource, id);
      validate(resource, 'update', { ...row, ...data });
      Object.assign(row, toStored(data), { _id: row._id, createdAt: row.createdAt });
      return { data: fromApi({ ...row }) as never };
    },
    updateMany: async (resource, { ids, data }) => {
      await Promise.all(ids.map((id) => provider.update(resource, { id, data, previousData: {} as RaRecord })));
      return { data: ids };
    },
    delete: async (resource, { id }) => {
      const row = find(resource, id);
      tables[resource] = table(resource).filter((item) => item !== row);
      return { data: fromApi({ ...row }) as never };
    },
    deleteMany: async (resource, { ids }) => {
      await Promise.all(ids.map((id) => provider.delete(resource, { id })));
      return { data: ids };
    },
  };

  return {
    ...provider,
    toggleFeatured: toggle('isFeatured', VIDEO_TEXTS.featuredOn, VIDEO_TEXTS.featuredOff),
    toggleMagicMoment: toggle('isMagicMoment', VIDEO_TEXTS.magicOn, VIDEO_TEXTS.magicOff),
    getDashboard: async () => ({ data: fakeDashboard(tables, new Date()) }),
  };
}

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** Signs in the seeded admin with an unsigned JWT that carries a real `exp`, like the server's. */
export const fakeLogin: LoginRequest = async ({ email, password, remember }) => {
  if (email !== FAKE_ADMIN.email || password !== FAKE_ADMIN_PASSWORD) throw new Error(AUTH.invalidCredentials);
  const hours = remember ? REMEMBER_ME_DAYS * 24 : SESSION_HOURS;
  const exp = Math.floor(Date.now() / 1000) + hours * 3600;
  return { token: `${base64url({ alg: 'none' })}.${base64url({ sub: FAKE_ADMIN._id, exp })}.`, user: FAKE_ADMIN };
};
