import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { up as numberSlides } from '../../server/db/migrations/0004_slide_position';
import { SLIDE_TEXTS, UPLOAD, VALIDATION } from '../../src/domain';
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
    expect(message).toBe(SLIDE_TEXTS.createSuccess);
    expect(data).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      image: expect.stringMatching(/^\/uploads\/.+\.png$/),
      position: expect.any(Number),
      createdAt: expect.any(String),
      // Published at once, as a slide added from the dialog always was.
      status: 'published',
      publishAt: null,
      unpublishAt: null,
      // Opens nothing unless the admin names a target (test/server/app-data.test.ts).
      targetType: null,
      targetId: null,
      targetUrl: null,
    });
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
    expect(res.json()).toMatchObject({ success: true, message: SLIDE_TEXTS.deleteSuccess });
    expect(existsSync(server.fileOnDisk(slide.image))).toBe(false);
    expect((await list('')).json().data.totalDocs).toBe(0);
  });

  it('answers 404 for unknown and malformed ids, and for a slide already deleted', async () => {
    await expectNotFound((id) => server.request({ method: 'DELETE', url: `/admin/slides/${id}` }), SLIDE_TEXTS.notFound);
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

  it('pages in carousel order, with the shared page shape at every edge', async () => {
    await expectEmptyPage(list);
    await seed(25);
    await expectPagesOf25(list, '_id');
    const positions = (await list('?limit=100')).json().data.docs.map((s: { position: number }) => s.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('sorts by created date when asked', async () => {
    await seed(3);
    expect((await list('?sort=createdAt')).json().data.docs.map((s: { image: string }) => s.image)).toEqual([
      '/uploads/slide-03.webp',
      '/uploads/slide-02.webp',
      '/uploads/slide-01.webp',
    ]);
  });

  it('searches by a piece of the id (any case) or of the image address', async () => {
    const slides = await seed(4);
    const piece = slides[2].id.slice(9, 18).toUpperCase();
    expect((await list(`?search=${piece}`)).json().data.docs.map((s: { _id: string }) => s._id)).toEqual([slides[2].id]);
    expect((await list('?search=SLIDE-04')).json().data.docs.map((s: { image: string }) => s.image)).toEqual(['/uploads/slide-04.webp']);
    expect((await list('?search=nothing-like-it')).json().data.totalDocs).toBe(0);
  });
});

describe('slide order', () => {
  const images = async () => (await list('?limit=100')).json().data.docs.map((s: { image: string }) => s.image);
  const ids = async () => (await list('?limit=100')).json().data.docs.map((s: { _id: string }) => s._id);
  const order = (payload: unknown) => server.request({ method: 'PUT', url: '/admin/slides/order', payload: payload as object });
  const add = async () => {
    const res = await create({ image: await pngFile() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { _id: string; image: string; position: number };
  };

  it('numbers existing slides in their creation order when the column is added (migration 0004)', async () => {
    // On a server of its own: the column comes back after those added since (migration 0013), and a
    // connection that already ran the slides' statements would find their cached plans' columns moved.
    const main = server;
    server = await createTestServer();
    try {
      await numberedAgain();
    } finally {
      await server.close();
      server = main;
    }
  });

  async function numberedAgain() {
    await server.db.schema.alterTable('slides').dropColumn('position').execute();
    try {
      // Inserted newest first, so only the creation dates give the order.
      const at = minutesApart(3);
      await server.db
        .insertInto('slides')
        .values([2, 0, 1].map((i) => ({ image: `/uploads/made-${i + 1}.webp`, created_at: at[i] }) as never))
        .execute();
    } finally {
      await numberSlides(server.db as never);
    }
    const docs = (await list('')).json().data.docs.map((s: { image: string; position: number }) => [s.image, s.position]);
    expect(docs).toEqual([
      ['/uploads/made-1.webp', 1],
      ['/uploads/made-2.webp', 2],
      ['/uploads/made-3.webp', 3],
    ]);
    // The next slide still goes last.
    const next = await add();
    expect(next.position).toBeGreaterThan(3);
    expect(await ids()).toEqual([...(await ids()).slice(0, 3), next._id]);
  }

  it('puts a new slide last', async () => {
    const first = await add();
    const second = await add();
    expect(second.position).toBeGreaterThan(first.position);
    expect(await ids()).toEqual([first._id, second._id]);
  });

  it('saves a complete new order, which the list then follows; new slides still go last', async () => {
    const [a, b, c] = [await add(), await add(), await add()];
    const res = await order({ ids: [c._id, a._id, b._id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SLIDE_TEXTS.orderSaved, data: null });
    expect(await ids()).toEqual([c._id, a._id, b._id]);
    const positions = (await list('')).json().data.docs.map((s: { position: number }) => s.position);
    expect(positions).toEqual([1, 2, 3]);
    const d = await add();
    expect(await ids()).toEqual([c._id, a._id, b._id, d._id]);
    // The order is kept by a search too.
    expect((await list(`?search=${encodeURIComponent(b.image.slice(9, 20))}`)).json().data.docs[0]._id).toBe(b._id);
  });

  it('answers 400 and changes nothing when the list is not exactly the current slides', async () => {
    const [a, b, c] = [await add(), await add(), await add()];
    const before = await images();
    for (const wrong of [
      [a._id, b._id],
      [a._id, b._id, c._id, UNKNOWN_ID],
      [a._id, b._id, b._id],
      [a._id, b._id, c._id, c._id],
      [a._id, b._id, 'not-a-uuid'],
      [],
    ]) {
      expect(fieldErrors(await order({ ids: wrong })), JSON.stringify(wrong)).toEqual({ ids: SLIDE_TEXTS.orderMismatch });
    }
    expect(await images()).toEqual(before);
  });

  it('answers 400 for a body without a list of ids', async () => {
    await add();
    for (const body of [{}, { ids: 'all' }, { ids: [1, 2] }, { ids: [], extra: true }]) {
      expect((await order(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('accepts the empty order when there are no slides', async () => {
    expect((await order({ ids: [] })).statusCode).toBe(200);
  });
});

it('needs a token for every slide route', async () => {
  await expectTokenRequired(server, [
    { method: 'PUT', url: '/admin/slides/order', payload: { ids: [] } },
    { method: 'GET', url: '/admin/slides' },
    { method: 'POST', url: '/admin/slides', ...(await multipart({ image: await pngFile() })) },
    { method: 'DELETE', url: `/admin/slides/${UNKNOWN_ID}` },
  ]);
});
