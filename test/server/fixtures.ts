/**
 * What the resource tests share: the lookup rows behind the dropdowns (with a server to hold them),
 * teams inserted directly (tests of other routes should not depend on the team form), seeded
 * timestamps, and a signed-in client per resource. The assertions they share are in checks.ts.
 */
import { expect } from 'vitest';
import type { Db } from '../../server/db/connection';
import { seedLookups as seedLeagueLookups } from '../../server/seed';
import { apiPathOf, ENTITIES, entityNamed, lookupNamed, lookupOf, type EntityDeclaration } from '../../src/domain';
import { createTestServer, multipart, pngFile, type FilePart, type TestServer } from './harness';

export interface Lookups {
  cricket: string;
  football: string;
  stadium: string;
  pace: string;
  spin: string;
  rightHanded: string;
  opener: string;
  middle: string;
}

/** A few rows in every lookup table, inserted out of order so that the lists' sorting shows. */
async function seedLookups(db: Db): Promise<Lookups> {
  const ids = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows).map((row) => row.id);
  const [football, cricket] = await ids(db.insertInto('sports').values([{ name: 'Football' }, { name: 'Cricket' }]).returning('id').execute());
  const [stadium] = await ids(
    db.insertInto('stadiums').values([{ name: 'Wankhede Stadium' }, { name: 'Eden Gardens' }]).returning('id').execute(),
  );
  const [spin, pace] = await ids(
    db.insertInto('bowling_styles').values([{ style: 'Right-arm off spin' }, { style: 'Left-arm fast' }]).returning('id').execute(),
  );
  const [rightHanded] = await ids(
    db
      .insertInto('batting_headedness')
      .values([
        { battings_type: 'Right-handed', description: 'Bats right-handed' },
        { battings_type: 'Left-handed', description: null },
      ])
      .returning('id')
      .execute(),
  );
  const [middle, opener] = await ids(
    db
      .insertInto('batting_orders')
      .values([
        { order: 4, position: 'Middle order' },
        { order: 1, position: 'Opener' },
      ])
      .returning('id')
      .execute(),
  );
  return { cricket, football, stadium, pace, spin, rightHanded, opener, middle };
}

/** A fresh test server whose lookup tables hold the rows of `seedLookups`. */
export async function createServerWithLookups(options: Parameters<typeof createTestServer>[0] = {}): Promise<{ server: TestServer; lookups: Lookups }> {
  const server = await createTestServer(options);
  return { server, lookups: await seedLookups(server.db) };
}

export async function insertTeam(db: Db, fields: { name: string; coach?: string | null; sportId?: string; isActive?: boolean; created?: Date }) {
  const { id } = await db
    .insertInto('teams')
    .values({
      name: fields.name,
      coach: fields.coach ?? null,
      sport_id: fields.sportId ?? null,
      is_active: fields.isActive ?? true,
      created_at: fields.created ?? new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** `n` timestamps one minute apart ending a minute ago, oldest first: seeded lists sort predictably. */
/** Two states with their districts and cities, inserted out of name order; answers each one's id by its name. */
export async function insertPlaces(db: Db): Promise<Record<string, string>> {
  const place: Record<string, string> = {};
  const insert = async (table: 'states' | 'districts' | 'cities', rows: Record<string, string>[]) => {
    for (const row of await db.insertInto(table).values(rows as never).returning(['id', 'name']).execute()) place[row.name] = row.id;
  };
  await insert('states', [{ name: 'Maharashtra' }, { name: 'Karnataka' }]);
  await insert('districts', [
    { name: 'Pune', state_id: place.Maharashtra },
    { name: 'Mumbai Suburban', state_id: place.Maharashtra },
    { name: 'Bengaluru Urban', state_id: place.Karnataka },
  ]);
  await insert('cities', [
    { name: 'Pimpri', district_id: place.Pune },
    { name: 'Hinjewadi', district_id: place.Pune },
    { name: 'Andheri', district_id: place['Mumbai Suburban'] },
    { name: 'Whitefield', district_id: place['Bengaluru Urban'] },
  ]);
  return place;
}

/** A registration's person as every rule takes it, in the places `insertPlaces` made; its players and their photos are each test's own. */
export const registrationPerson = (place: Record<string, string>) => ({
  firstName: 'Asha',
  lastName: 'Patil',
  email: 'asha@example.in',
  phone: '9876543210',
  DOB: '1990-05-17',
  GovernmentIdType: 'Aadhaar Card',
  GovernmentIdNumber: '2345 6789 9012',
  state: place.Maharashtra,
  district: place.Pune,
  city: place.Hinjewadi,
  area: 'Phase 1',
  pinCode: '411057',
  address: '12, Lane 3, Phase 1',
  playingRole: 'All-rounder',
  battingStyle: 'Right-handed',
});

export const minutesApart = (n: number) => {
  const start = Date.now() - (n + 1) * 60_000;
  return Array.from({ length: n }, (_, i) => new Date(start + i * 60_000));
};

export const UNKNOWN_ID = '6f1c1f4e-8f43-4c0e-9d7c-2a4b8e1e9f00';

export type FormFields = Record<string, string | number | boolean | FilePart | undefined | Array<string | FilePart>>;

/**
 * Signed-in calls on one resource (`/admin/news`…). `server` is read at call time, so a test file
 * can build its client before `beforeAll` has created the server.
 */
export function resourceClient(server: () => TestServer, base: string) {
  const send = async (method: 'POST' | 'PUT', url: string, fields: FormFields) =>
    server().request({ method, url, ...(await multipart(fields)) });
  return {
    post: (fields: FormFields) => send('POST', base, fields),
    put: (id: string, fields: FormFields) => send('PUT', `${base}/${id}`, fields),
    /** POST that must succeed; answers the stored record. */
    async create(fields: FormFields) {
      const res = await send('POST', base, fields);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    },
    get: (id: string) => server().request({ method: 'GET', url: `${base}/${id}` }),
    list: (query = '') => server().request({ method: 'GET', url: `${base}${query}` }),
    remove: (id: string) => server().request({ method: 'DELETE', url: `${base}/${id}` }),
    /** The same call without a token. */
    anonymous: async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', fields?: FormFields) =>
      server().app.inject({ method, url: `${base}${path}`, ...(fields ? await multipart(fields) : {}) }),
  };
}

/**
 * The id of a record a declared entity's reference to a lookup may name: the lookup's first row,
 * the league's lookups seeded first when its table is empty.
 */
export async function lookupId(db: Db, name: string): Promise<string> {
  const lookup = lookupNamed(name);
  if (!lookup) throw new Error(`'${name}' is no lookup`);
  const first = () => db.selectFrom(lookup.table as 'sports').select('id').orderBy('id').executeTakeFirst();
  const row = (await first()) ?? (await seedLeagueLookups(db), await first());
  return row!.id;
}

/** Each lookup the declared entities' references name, by resource name, with the id of one of its rows. */
export async function referencedLookups(db: Db): Promise<Record<string, string>> {
  const names = new Set(ENTITIES.flatMap((entity) => Object.values(entity.fields).flatMap((field) => (lookupOf(field) ? [field.to!] : []))));
  const ids: Record<string, string> = {};
  for (const name of names) ids[name] = await lookupId(db, name);
  return ids;
}

/**
 * A valid form for a declared entity, as a client sends it: its first demo row, a picture for each
 * image, a row of each lookup it names, and for each reference to a declared entity a record made
 * for it the same way, one per field (two references, a match's teams, name two records).
 */
export async function declaredForm(server: TestServer, entity: EntityDeclaration): Promise<FormFields> {
  const form: FormFields = {};
  const demo = (entity.demo[0] ?? {}) as Record<string, unknown>;
  for (const [name, field] of Object.entries(entity.fields)) {
    const target = field.kind === 'ref' ? entityNamed(field.to ?? '') : undefined;
    if (field.kind === 'image') form[name] = await pngFile();
    else if (target) form[name] = await declaredRecord(server, target);
    else if (lookupOf(field)) form[name] = await lookupId(server.db, field.to!);
    else if (Array.isArray(demo[name])) form[name] = (demo[name] as unknown[]).map(String);
    else if (demo[name] !== undefined && demo[name] !== null) form[name] = demo[name] as string | number | boolean;
  }
  return form;
}

/** A new record of a declared entity from its valid form (see declaredForm): its id. */
export async function declaredRecord(server: TestServer, entity: EntityDeclaration): Promise<string> {
  const res = await server.request({ method: 'POST', url: `/admin/${apiPathOf(entity)}`, ...(await multipart(await declaredForm(server, entity))) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id;
}
