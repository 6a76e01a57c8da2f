import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GENERIC, NOT_FOUND, UPLOAD, VALIDATION } from '../../src/domain/messages';
import { expectImageChecks, expectNotFound, expectTokenRequired, fieldErrors } from './checks';
import { minutesApart, UNKNOWN_ID } from './fixtures';
import { createTestServer, multipart, pngFile, type FilePart, type TestServer } from './harness';
import { expectEmptyPage, expectPagesOf25 } from './paging';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const create = async (fields: Record<string, FilePart | undefined>) =>
  server.request({ method: 'POST', url: '/admin/slides', ...(await multipart(fields)) });
const list = (query: string) => server.request({ method: 'GET', url: `/admin/slides${query}` });

beforeEach(async () => {
  await server.db.deleteFrom('slides').execute();
});

describe('POST /admin/slides', () => {
  it('stores the image and answers the slide', async () => {
    const res = await create({ image: await pngFile() });
    expect(res.statusCode, res.body).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe(GENERIC.created);
    expect(data).toEqual({ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), image: expect.stringMatching(/^\/uploads\/.+\.png$/), createdAt: expect.any(String) });
    expect(existsSync(server.fileOnDisk(data.image))).toBe(true);
    expect((await list('')).json().data.docs).toEqual([data]);
  });

  it('needs an image, a real one, under 5 MB', async () => {
    expect(fieldErrors(await create({}))).toEqual({ image: VALIDATION.imageRequired });
    await expectImageChecks((image) => create({ image }), server.storedFiles, UPLOAD.tooLarge);
  });

  it('refuses a JSON body with a file-shaped object, writing nothing in or beside the uploads folder', async () => {
    const forged = { buffer: 'not checked', ext: '../../escaped', mime: 'image/png' };
    const files = await server.storedFiles();
    const res = await server.request({ method: 'POST', url: '/admin/slides', payload: { image: forged } });
    expect(fieldErrors(res)).toEqual({ image: UPLOAD.notAnImage });
    expect(await server.storedFiles()).toEqual(files);
    expect(existsSync(join(server.uploadsDir, '..', 'escaped'))).toBe(false);
    expect((await list('')).json().data.totalDocs).toBe(0);
  });
});

describe('DELETE /admin/slides/:id', () => {
  it('deletes the slide and its file', async () => {
    const slide = (await create({ image: await pngFile() })).json().data;
    const res = await server.request({ method: 'DELETE', url: `/admin/slides/${slide._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: GENERIC.deleted });
    expect(existsSync(server.fileOnDisk(slide.image))).toBe(false);
    expect((await list('')).json().data.totalDocs).toBe(0);
  });

  it('answers 404 for unknown and malformed ids, and for a slide already deleted', async () => {
    await expectNotFound((id) => server.request({ method: 'DELETE', url: `/admin/slides/${id}` }), NOT_FOUND.slide);
    const slide = (await create({ image: await pngFile() })).json().data;
    await server.request({ method: 'DELETE', url: `/admin/slides/${slide._id}` });
    expect((await server.request({ method: 'DELETE', url: `/admin/slides/${slide._id}` })).statusCode).toBe(404);
  });
});

describe('GET /admin/slides', () => {
  async function seed(n: number) {
    return server.db
      .insertInto('slides')
      .values(minutesApart(n).map((at, i) => ({ image: `/uploads/slide-${String(i + 1).padStart(2, '0')}.webp`, created_at: at })))
      .returning(['id', 'image'])
      .execute();
  }

  it('pages newest first, with the spec page shape at every edge', async () => {
    await expectEmptyPage(list);
    await seed(25);
    await expectPagesOf25(list, '_id');
  });

  it('searches by a piece of the id (any case) or of the image address', async () => {
    const slides = await seed(4);
    const piece = slides[2].id.slice(9, 18).toUpperCase();
    expect((await list(`?search=${piece}`)).json().data.docs.map((s: { _id: string }) => s._id)).toEqual([slides[2].id]);
    expect((await list('?search=SLIDE-04')).json().data.docs.map((s: { image: string }) => s.image)).toEqual(['/uploads/slide-04.webp']);
    expect((await list('?search=nothing-like-it')).json().data.totalDocs).toBe(0);
  });
});

it('needs a token for every slide route', async () => {
  await expectTokenRequired(server, [
    { method: 'GET', url: '/admin/slides' },
    { method: 'POST', url: '/admin/slides', ...(await multipart({ image: await pngFile() })) },
    { method: 'DELETE', url: `/admin/slides/${UNKNOWN_ID}` },
  ]);
});
