/**
 * What the news, team, player and lookup tests share: the lookup rows behind the dropdowns, teams
 * inserted directly (tests of other routes should not depend on the team form), a signed-in client
 * per resource, and the upload and not-found checks every image form answers alike.
 */
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../server/db/connection';
import { UPLOAD } from '../../src/domain/messages';
import { multipart, oversizedPngFile, textAsPngFile, type FilePart, type TestServer } from './harness';

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
export async function seedLookups(db: Db): Promise<Lookups> {
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
    /** Where an `/uploads/…` URL the resource answered lives on disk. */
    fileOnDisk: (url: string) => join(server().uploadsDir, url.replace('/uploads/', '')),
  };
}

/** A form sent with an oversized image answers 413 `tooLarge`, with a text file 415; nothing is stored. */
export async function expectImageChecks(
  post: (file: FilePart) => Promise<LightMyRequestResponse>,
  storedFiles: () => Promise<string[]>,
  tooLarge: string,
) {
  const before = await storedFiles();
  const large = await post(await oversizedPngFile());
  expect(large.statusCode).toBe(413);
  expect(large.json()).toEqual({ success: false, message: tooLarge });
  const text = await post(textAsPngFile());
  expect(text.statusCode).toBe(415);
  expect(text.json()).toEqual({ success: false, message: UPLOAD.notAnImage });
  expect(await storedFiles()).toEqual(before);
}

/** PUT on an unknown and on a malformed id answers 404 `message` and keeps no uploaded file. */
export async function expectPutNotFound(
  put: (id: string) => Promise<LightMyRequestResponse>,
  storedFiles: () => Promise<string[]>,
  message: string,
) {
  const before = await storedFiles();
  for (const id of [UNKNOWN_ID, 'nope']) {
    const res = await put(id);
    expect(res.statusCode, id).toBe(404);
    expect(res.json()).toEqual({ success: false, message });
  }
  expect(await storedFiles()).toEqual(before);
}

/** GET on an unknown and on malformed ids answers 404 `message`. */
export async function expectGetNotFound(get: (id: string) => Promise<LightMyRequestResponse>, message: string) {
  for (const id of [UNKNOWN_ID, 'not-a-uuid', '7']) {
    const res = await get(id);
    expect(res.statusCode, id).toBe(404);
    expect(res.json()).toEqual({ success: false, message });
  }
}
