/**
 * The API of any declared entity, checked against its declaration: what a client of
 * /admin/<path> would notice. `npm run new:entity` writes a test file that calls this for the new entity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, can, entityNamed, lookupOf, messagesOf, textsOf, type EntityDeclaration, type FieldDeclaration } from '../../src/domain';
import { CONFLICT, NOT_FOUND } from '../../src/domain/messages';
import { createTestServer, pngFile, type TestServer } from './harness';
import { fieldErrors } from './checks';
import { lookupId, resourceClient, UNKNOWN_ID, type FormFields } from './fixtures';

type Doc = Record<string, unknown> & { _id: string; updatedAt: string };

/** A value the rules refuse, with the message they answer, for each rule a field has. */
function refusals(field: FieldDeclaration): [sent: string, message: string][] {
  const messages = messagesOf(field);
  const cases: [string, string][] = [];
  if (field.required && field.kind !== 'image') cases.push(['  ', messages.required]);
  if (field.minLength) cases.push(['x'.repeat(field.minLength - 1), messages.minLength]);
  if (field.kind === 'url' || field.kind === 'email') cases.push(['not valid', messages.invalid]);
  if (field.kind === 'choice') cases.push(['Not a choice', messages.invalid]);
  if (field.kind === 'date') cases.push(['31 Smarch', messages.invalid]);
  if (field.kind === 'ref') cases.push([UNKNOWN_ID, messages.invalid]);
  if (field.kind === 'number' && field.min !== undefined) cases.push([String(field.min - 1), messages.min]);
  return cases;
}

export function describeDeclaredApi(entity: EntityDeclaration) {
  const texts = textsOf(entity);
  const base = `/admin/${apiPathOf(entity)}`;
  const fields = Object.entries(entity.fields);
  const title = entity.title;
  let server: TestServer;
  const api = resourceClient(() => server, base);
  /** Ids of a record of each entity a reference field names. */
  const targets: Record<string, string> = {};

  /** A valid form from the declaration's first demo row, an image for each image field and a record for each reference. */
  async function validForm(titleText: string): Promise<FormFields> {
    const form: FormFields = {};
    const demo = (entity.demo[0] ?? {}) as Record<string, unknown>;
    for (const [name, field] of fields) {
      if (field.kind === 'image') form[name] = await pngFile();
      else if (field.kind === 'ref') form[name] = targets[name];
      else if (demo[name] !== undefined && demo[name] !== null) form[name] = demo[name] as string;
    }
    form[title] = titleText;
    return form;
  }

  /** A valid form for a record of another declared entity: its first demo row, with its required images and references. */
  async function targetForm(target: EntityDeclaration): Promise<FormFields> {
    const form: FormFields = { ...(target.demo[0] as FormFields) };
    for (const [name, own] of Object.entries(target.fields)) {
      if (own.kind === 'image' && own.required) form[name] = await pngFile();
      if (own.kind === 'ref' && own.required) form[name] = (await referenced(own))!;
    }
    return form;
  }

  /** The id of a record a reference may name: a lookup's first, or a new record of the declared entity, its own references made first. */
  async function referenced(field: FieldDeclaration): Promise<string | undefined> {
    if (lookupOf(field)) return lookupId(server.db, field.to!);
    const target = field.kind === 'ref' && field.to ? entityNamed(field.to) : undefined;
    if (!target) return undefined;
    return (await resourceClient(() => server, `/admin/${apiPathOf(target)}`).create(await targetForm(target)))._id;
  }

  beforeAll(async () => {
    server = await createTestServer();
    for (const [name, field] of fields) {
      const id = await referenced(field);
      if (id) targets[name] = id;
    }
  });
  afterAll(() => server?.close());

  describe(`${entity.name}: ${base}`, () => {
    it.runIf(can(entity, 'create'))('creates a record from a valid form, trimmed, with blanks as none and the declared defaults', async () => {
      const form = await validForm(`  ${entity.label.one} Padded  `);
      for (const [name, field] of fields) if (!field.required && ['text', 'longtext', 'url', 'email'].includes(field.kind)) form[name] = '   ';
      for (const [name, field] of fields) if (field.kind === 'boolean') delete form[name];
      const res = await api.post(form);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(texts.createSuccess);
      const record = res.json().data as Doc;
      expect(record[title]).toBe(`${entity.label.one} Padded`);
      for (const [name, field] of fields) {
        if (!field.required && ['text', 'longtext', 'url', 'email'].includes(field.kind) && name !== title) expect(record[name], name).toBeNull();
        if (field.kind === 'boolean') expect(record[name], name).toBe(field.default ?? false);
        if (field.kind === 'image') expect(record[name], name).toMatch(/^\/uploads\//);
      }
      expect((await api.get(record._id)).json().data).toEqual(record);
    });

    const refused = fields.flatMap(([name, field]) => refusals(field).map(([sent, message]) => [name, sent, message] as const));
    it.runIf(can(entity, 'create') && refused.length > 0)('refuses each invalid field with its declared message and stores nothing', async () => {
      const before = (await api.list()).json().data.totalDocs;
      for (const [name, sent, message] of refused) {
        const res = await api.post({ ...(await validForm(`${entity.label.one} Refused`)), [name]: sent });
        expect(fieldErrors(res), `${name} = ${JSON.stringify(sent)}`).toEqual({ [name]: message });
      }
      expect((await api.list()).json().data.totalDocs).toBe(before);
    });

    it.runIf(can(entity, 'list'))('lists page 1 with its total, finds a record by search (trimmed), filters and sorts both ways', async () => {
      const made = await api.create(await validForm(`${entity.label.one} Findable ${Date.now()}`));
      const page = (await api.list('?page=1&limit=5')).json().data;
      expect(page).toMatchObject({ page: 1, limit: 5, prevPage: null });
      expect(page.docs.length).toBe(Math.min(5, page.totalDocs));
      expect(page.totalPages).toBe(Math.max(1, Math.ceil(page.totalDocs / 5)));
      if (entity.list.search.includes(title)) {
        const found = (await api.list(`?search=${encodeURIComponent(`  ${String(made[title]).toUpperCase()}  `)}`)).json().data;
        expect(found.docs.map((doc: Doc) => doc._id)).toEqual([made._id]);
      }
      for (const name of entity.list.filters ?? []) {
        const value = made[name];
        if (value === null || value === undefined) continue;
        const filtered = (await api.list(`?${name}=${encodeURIComponent(String(value))}&limit=100`)).json().data;
        expect(filtered.docs.map((doc: Doc) => doc._id), name).toContain(made._id);
        expect(filtered.docs.every((doc: Doc) => doc[name] === value), name).toBe(true);
      }
      const all = (await api.list('?limit=100')).json().data;
      for (const sort of ['createdAt', ...(entity.list.sort ?? [])]) {
        const ids = async (order: string) => (await api.list(`?sort=${sort}&order=${order}&limit=100`)).json().data.docs.map((doc: Doc) => doc._id);
        const ascending = await ids('asc');
        expect(ascending, sort).toHaveLength(all.docs.length);
        // Ties are broken by the id, which flips with the direction: desc is exactly asc reversed.
        expect(await ids('desc'), sort).toEqual([...ascending].reverse());
      }
      const unknownSort = await api.list('?sort=notAField');
      expect(unknownSort.statusCode).toBe(400);
    });

    it.runIf(can(entity, 'show'))('answers a missing record with its not-found text', async () => {
      for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
        const res = await api.get(id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, code: 'not_found', message: texts.notFound });
      }
    });

    it.runIf(can(entity, 'update'))('saves an edit, and refuses a stale one with a 409 that changes nothing', async () => {
      const made = await api.create(await validForm(`${entity.label.one} Before`));
      const form = await validForm(`${entity.label.one} After`);
      for (const [name, field] of fields) if (field.kind === 'image') delete form[name];
      const saved = await api.put(made._id, { ...form, updatedAt: made.updatedAt });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ message: texts.editSuccess, data: { [title]: `${entity.label.one} After` } });
      if (entity.versioned) {
        const stale = await api.put(made._id, { ...form, [title]: `${entity.label.one} Stale`, updatedAt: made.updatedAt });
        expect(stale.statusCode).toBe(409);
        expect(stale.json().message).toBe(CONFLICT.stale);
        expect((await api.get(made._id)).json().data[title]).toBe(`${entity.label.one} After`);
      }
      const images = fields.filter(([, field]) => field.kind === 'image').map(([name]) => name);
      if (images.length > 0) {
        const removed = await api.put(made._id, { ...form, 'removeImages[]': images });
        expect(removed.statusCode, removed.body).toBe(200);
        for (const name of images) expect(removed.json().data[name]).toBeNull();
      }
      expect((await api.put(UNKNOWN_ID, form)).json()).toEqual({ success: false, code: 'not_found', message: texts.notFound });
    });

    it.runIf(can(entity, 'delete'))('deletes a record, which is then not found', async () => {
      const made = await api.create(await validForm(`${entity.label.one} Doomed`));
      const res = await api.remove(made._id);
      expect(res.json()).toEqual({ success: true, data: null, message: texts.deleteSuccess });
      expect((await api.get(made._id)).statusCode).toBe(404);
      expect((await api.remove(made._id)).json()).toEqual({ success: false, code: 'not_found', message: texts.notFound });
    });

    it('has no route for an operation it does not declare', async () => {
      const missing = [
        !can(entity, 'create') && api.post({ [title]: 'x' }),
        !can(entity, 'update') && api.put(UNKNOWN_ID, { [title]: 'x' }),
        !can(entity, 'delete') && api.remove(UNKNOWN_ID),
      ].filter((call) => call !== false);
      for (const res of await Promise.all(missing)) expect(res.json()).toEqual({ success: false, code: 'not_found', message: NOT_FOUND.route });
    });
  });
}
