/**
 * Two admins editing one record: every edited record answers its `updatedAt`; a PUT
 * that sends back a stale one gets a 409 and changes nothing, the current one saves, and a PUT
 * without one (older clients) still saves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, can, ENTITIES, imageFields } from '../../src/domain';
import { CONFLICT } from '../../src/domain/messages';
import { createServerWithLookups, declaredForm, type FormFields, type Lookups } from './fixtures';
import { multipart, type TestServer } from './harness';

let server: TestServer;
let lookups: Lookups;
beforeAll(async () => {
  ({ server, lookups } = await createServerWithLookups());
});
afterAll(() => server.close());

const send = async (method: 'POST' | 'PUT', url: string, fields: FormFields) => server.request({ method, url, ...(await multipart(fields)) });

interface Case {
  base: string;
  /** The record's id, created through the API or inserted. */
  create(): Promise<string>;
  /** An edit's fields; `n` makes each edit different. */
  edit(n: number): FormFields;
  /** The field the edit changes, as the API answers it. */
  changed: string;
  /** The edit takes no files, so it goes as JSON (as the admin app sends it; a multipart body is a 415). */
  json?: boolean;
}

const CASES: Record<string, Case> = {
  registrations: {
    base: '/admin/registrations',
    create: async () =>
      (await server.db.insertInto('registrations').values({ first_name: 'Asha', status: 'pending' }).returning('id').executeTakeFirstOrThrow()).id,
    edit: (n) => ({ firstName: `Asha ${n}` }),
    changed: 'firstName',
    json: true,
  },
  // Every versioned declared entity, from its first demo row.
  ...Object.fromEntries(
    ENTITIES.filter((entity) => entity.versioned && can(entity, 'create') && can(entity, 'update')).map((entity): [string, Case] => {
      const base = `/admin/${apiPathOf(entity)}`;
      // The valid form it was made from, less its pictures, which an edit keeps unless it sends new ones.
      let form: FormFields = {};
      return [
        entity.name,
        {
          base,
          create: async () => {
            const made = await declaredForm(server, entity);
            form = Object.fromEntries(Object.entries(made).filter(([name]) => !imageFields(entity).includes(name)));
            return (await send('POST', base, made)).json().data._id;
          },
          edit: (n) => ({ ...form, [entity.title]: `${String(form[entity.title] ?? entity.label.one)} ${n}` }),
          changed: entity.title,
        },
      ];
    }),
  ),
};

describe.each(Object.entries(CASES))('%s', (_name, { base, create, edit, changed, json: asJson }) => {
  const put = (url: string, fields: FormFields) => (asJson ? server.request({ method: 'PUT', url, payload: fields }) : send('PUT', url, fields));
  const read = async (id: string) => {
    const res = await server.request({ method: 'GET', url: `${base}/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('answers updatedAt, refuses a stale one with a 409 and changes nothing, saves with the current one and without one', async () => {
    const id = await create();
    const read1 = await read(id);
    expect(new Date(read1.updatedAt).toISOString()).toBe(read1.updatedAt);

    // Admin A saves the copy both read.
    const first = await put(`${base}/${id}`, { ...edit(1), updatedAt: read1.updatedAt });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data[changed]).toBe(edit(1)[changed]);
    expect(first.json().data.updatedAt > read1.updatedAt).toBe(true);

    // Admin B saves the same, now stale, copy.
    const stale = await put(`${base}/${id}`, { ...edit(2), updatedAt: read1.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ success: false, code: 'conflict', message: CONFLICT.stale });
    const afterStale = await read(id);
    expect(afterStale[changed]).toBe(edit(1)[changed]);
    expect(afterStale.updatedAt).toBe(first.json().data.updatedAt);

    // After a reload, B's save goes through.
    const current = await put(`${base}/${id}`, { ...edit(3), updatedAt: afterStale.updatedAt });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().data[changed]).toBe(edit(3)[changed]);

    // An old client sends no version: last write wins, as before.
    const unversioned = await put(`${base}/${id}`, edit(4));
    expect(unversioned.statusCode, unversioned.body).toBe(200);
    expect((await read(id))[changed]).toBe(edit(4)[changed]);
  });

  it('takes the version in a JSON body too, and refuses one that is not a date', async () => {
    const id = await create();
    const { updatedAt } = await read(id);
    const fields = Object.fromEntries(Object.entries(edit(5)).map(([key, value]) => [key.replace('[]', ''), value]));
    const json = (version: string) =>
      server.request({ method: 'PUT', url: `${base}/${id}`, payload: { ...fields, updatedAt: version } });
    expect((await json(updatedAt)).statusCode).toBe(200);
    expect((await json(updatedAt)).statusCode).toBe(409);
    const garbage = await json('yesterday');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe(CONFLICT.badVersion);
  });
});

describe('a stale edit of a missing record', () => {
  it('is a 404, not a 409', async () => {
    const res = await send('PUT', '/admin/teams/6f1c1f4e-8f43-4c0e-9d7c-2a4b8e1e9f00', {
      name: 'Nobody',
      sport: lookups.cricket,
      updatedAt: new Date().toISOString(),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the featured and magic-moment calls', () => {
  it('set the flag to an explicit value, and still flip it on an empty body', async () => {
    const id = await CASES.videos.create();
    const put = (path: string, payload?: object) => server.request({ method: 'PUT', url: `/admin/videos/${id}/${path}`, payload });
    for (const path of ['set-remove-featured', 'set-remove-Magic-Moment']) {
      const flag = path === 'set-remove-featured' ? 'isFeatured' : 'isMagicMoment';
      expect((await put(path, { value: true })).json().data[flag]).toBe(true);
      // The same click twice (a double click) keeps it set instead of cancelling out.
      expect((await put(path, { value: true })).json().data[flag]).toBe(true);
      expect((await put(path, { value: false })).json().data[flag]).toBe(false);
      expect((await put(path, { value: false })).json().data[flag]).toBe(false);
      expect((await put(path)).json().data[flag]).toBe(true);
      expect((await put(path)).json().data[flag]).toBe(false);
      expect((await put(path, { value: 'yes' })).statusCode).toBe(400);
    }
  });

  it('move the version, so an edit made before a flag change is stale', async () => {
    const id = await CASES.videos.create();
    const { updatedAt } = (await server.request({ method: 'GET', url: `/admin/videos/${id}` })).json().data;
    await server.request({ method: 'PUT', url: `/admin/videos/${id}/set-remove-featured`, payload: { value: true } });
    const res = await send('PUT', `/admin/videos/${id}`, { ...CASES.videos.edit(1), updatedAt });
    expect(res.statusCode).toBe(409);
  });
});
