import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../../src/domain/limits';
import { VIDEO_TEXTS } from '../../src/domain/entities/videos';
import { AUTH, UPLOAD, VALIDATION } from '../../src/domain/messages';
import { expectImageKept, expectImageReplaced, expectNotFound, fieldErrors } from './checks';
import {
  createTestServer,
  multipart,
  oversizedPngFile,
  pngFile,
  textAsPngFile,
  type FilePart,
  type TestServer,
} from './harness';
import { expectEmptyPage } from './paging';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const validVideo = async (overrides: Record<string, string | FilePart | undefined> = {}) => ({
  title: 'Final over thriller',
  category: 'Match Highlights',
  videoUrl: 'https://www.youtube.com/watch?v=abc123',
  image: await pngFile(),
  ...overrides,
});

async function createVideo(overrides: Record<string, string | FilePart | undefined> = {}) {
  const res = await server.request({ method: 'POST', url: '/admin/videos', ...(await multipart(await validVideo(overrides))) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}


const list = (query = '') => server.request({ method: 'GET', url: `/admin/videos${query}` });

describe('POST /admin/videos', () => {
  it('stores the video with its thumbnail and the signed-in admin as uploader', async () => {
    const res = await server.request({
      method: 'POST',
      url: '/admin/videos',
      ...(await multipart({ ...(await validVideo()), user_id: '00000000-0000-0000-0000-000000000000' })),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: VIDEO_TEXTS.createSuccess,
      data: {
        title: 'Final over thriller',
        category: 'Match Highlights',
        videoUrl: 'https://www.youtube.com/watch?v=abc123',
        user_id: { _id: server.admin.id, firstName: 'Ada', lastName: 'Admin', role: 'owner' },
        isFeatured: false,
        isMagicMoment: false,
      },
    });
    expect(body.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(body.data.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Server-chosen name, extension from the detected type, never the client's file name.
    expect(body.data.image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(existsSync(server.fileOnDisk(body.data.image))).toBe(true);

    const served = await server.app.inject({ method: 'GET', url: body.data.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(await readFile(server.fileOnDisk(body.data.image)))).toBe(true);
    // Stored re-encoded without its metadata (see image-metadata.test.ts): the same picture, pixel for pixel.
    const pixels = (png: Buffer) => sharp(png).raw().toBuffer();
    expect((await pixels(served.rawPayload)).equals(await pixels((await pngFile()).content))).toBe(true);
  });

  it('detects the image type from the bytes, not the name', async () => {
    const video = await createVideo({ image: await pngFile({ filename: 'photo.gif' }) });
    expect(video.image).toMatch(/\.png$/);
  });

  it('answers every failing field with the message of its rule and stores nothing', async () => {
    const before = await server.storedFiles();
    const res = await server.request({ method: 'POST', url: '/admin/videos', ...(await multipart({ title: '  ' })) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'validation.failed',
      message: VALIDATION.titleRequired,
      errors: {
        title: VALIDATION.titleRequired,
        category: VALIDATION.categoryRequired,
        videoUrl: VALIDATION.videoUrlRequired,
        image: VALIDATION.thumbnailRequired,
      },
    });
    expect(await server.storedFiles()).toEqual(before);
  });

  it('rejects a category outside the list and a malformed URL', async () => {
    const res = await server.request({
      method: 'POST',
      url: '/admin/videos',
      ...(await multipart(await validVideo({ category: 'Bloopers', videoUrl: 'javascript:alert(1)' }))),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ category: VALIDATION.categoryInvalid, videoUrl: VALIDATION.videoUrlInvalid });
  });

  it('refuses a file over 5 MB with 413', async () => {
    const before = await server.storedFiles();
    const res = await server.request({
      method: 'POST',
      url: '/admin/videos',
      ...(await multipart(await validVideo({ image: await oversizedPngFile() }))),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, code: 'upload.too_large', message: UPLOAD.tooLarge, errors: { image: UPLOAD.tooLarge } });
    expect(await server.storedFiles()).toEqual(before);
  });

  it('refuses a text file named .png with 415', async () => {
    const res = await server.request({
      method: 'POST',
      url: '/admin/videos',
      ...(await multipart(await validVideo({ image: textAsPngFile() }))),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, code: 'upload.not_an_image', message: UPLOAD.notAnImage, errors: { image: UPLOAD.notAnImage } });
  });

  it('needs a token', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/admin/videos', ...(await multipart(await validVideo())) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH.unauthorized);
  });
});

describe('GET /admin/videos/:id', () => {
  it('answers the video', async () => {
    const created = await createVideo({ title: 'Nets session' });
    const res = await server.request({ method: 'GET', url: `/admin/videos/${created._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: created });
  });

  it('answers 404 for an unknown id and for a malformed one', () =>
    expectNotFound((id) => server.request({ method: 'GET', url: `/admin/videos/${id}` }), VIDEO_TEXTS.notFound));
});

describe('PUT /admin/videos/:id', () => {
  const update = async (id: string, fields: Record<string, string | FilePart | undefined>) =>
    server.request({ method: 'PUT', url: `/admin/videos/${id}`, ...(await multipart(fields)) });

  it('keeps the current thumbnail when no file is sent', async () => {
    const created = await createVideo();
    const res = await update(created._id, { title: 'Renamed', category: 'Interview', videoUrl: 'https://youtu.be/xyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: VIDEO_TEXTS.editSuccess,
      data: { _id: created._id, title: 'Renamed', category: 'Interview', videoUrl: 'https://youtu.be/xyz', image: created.image },
    });
    expectImageKept(server, created.image, res.json().data.image);
  });

  it('treats an empty file part (file input left empty) as no file', async () => {
    const created = await createVideo();
    const empty: FilePart = { content: Buffer.alloc(0), filename: '', contentType: 'application/octet-stream' };
    const res = await update(created._id, { ...(await validVideo()), image: empty });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.image).toBe(created.image);
  });

  it('replaces the thumbnail and removes the old file', async () => {
    const created = await createVideo();
    const res = await update(created._id, await validVideo({ image: await pngFile({ color: '#c62828' }) }));
    expect(res.statusCode).toBe(200);
    expectImageReplaced(server, created.image, res.json().data.image);
  });

  it('validates like create, without requiring a thumbnail, and changes nothing', async () => {
    const created = await createVideo();
    const res = await update(created._id, { title: '', category: '', videoUrl: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      title: VALIDATION.titleRequired,
      category: VALIDATION.categoryRequired,
      videoUrl: VALIDATION.videoUrlInvalid,
    });
    const after = await server.request({ method: 'GET', url: `/admin/videos/${created._id}` });
    expect(after.json().data).toEqual(created);
  });

  it('answers 404 for an unknown id without keeping the uploaded file', async () => {
    const form = await validVideo();
    await expectNotFound((id) => update(id, form), VIDEO_TEXTS.notFound, server.storedFiles);
  });

  it('refuses a thumbnail that is not an uploaded file (a URL in JSON, a text part, a file-shaped object) and changes nothing', async () => {
    const created = await createVideo();
    const files = await server.storedFiles();
    const fields = { title: 'Renamed', category: 'Interview', videoUrl: 'https://youtu.be/xyz' };
    const forged = { buffer: [1, 2, 3], ext: '../forged', mime: 'image/png' };
    for (const image of [created.image, '/etc/passwd', forged]) {
      const res = await server.request({ method: 'PUT', url: `/admin/videos/${created._id}`, payload: { ...fields, image } });
      expect(fieldErrors(res)).toEqual({ image: UPLOAD.notAnImage });
    }
    expect(fieldErrors(await update(created._id, { ...fields, image: '/uploads/other.png' }))).toEqual({ image: UPLOAD.notAnImage });
    expect((await server.request({ method: 'GET', url: `/admin/videos/${created._id}` })).json().data).toEqual(created);
    expect(await server.storedFiles()).toEqual(files);
  });
});

describe('DELETE /admin/videos/:id', () => {
  it('deletes the video and its thumbnail file', async () => {
    const created = await createVideo();
    const res = await server.request({ method: 'DELETE', url: `/admin/videos/${created._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: VIDEO_TEXTS.deleteSuccess });
    expect(existsSync(server.fileOnDisk(created.image))).toBe(false);
    const gone = await server.request({ method: 'GET', url: `/admin/videos/${created._id}` });
    expect(gone.statusCode).toBe(404);
    const again = await server.request({ method: 'DELETE', url: `/admin/videos/${created._id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(VIDEO_TEXTS.notFound);
  });
});

describe('featured and magic-moment toggles', () => {
  it('accepts the empty body with a JSON content type that many clients send, on toggles and deletes', async () => {
    const created = await createVideo();
    const headers = { 'content-type': 'application/json' };
    const flip = await server.request({ method: 'PUT', url: `/admin/videos/${created._id}/set-remove-featured`, headers });
    expect(flip.statusCode, flip.body).toBe(200);
    expect(flip.json()).toMatchObject({ message: VIDEO_TEXTS.featuredOn, data: { isFeatured: true } });
    const removed = await server.request({ method: 'DELETE', url: `/admin/videos/${created._id}`, headers });
    expect(removed.statusCode, removed.body).toBe(200);
    const broken = await server.request({ method: 'PUT', url: `/admin/videos/${created._id}`, headers, payload: '{"title":' });
    expect(broken.statusCode).toBe(400);
  });

  it('flips each flag independently and answers the new state', async () => {
    const created = await createVideo();
    const flip = (path: string) => server.request({ method: 'PUT', url: `/admin/videos/${created._id}/${path}` });

    let res = await flip('set-remove-featured');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: VIDEO_TEXTS.featuredOn, data: { isFeatured: true, isMagicMoment: false } });
    res = await flip('set-remove-Magic-Moment');
    expect(res.json()).toMatchObject({ message: VIDEO_TEXTS.magicOn, data: { isFeatured: true, isMagicMoment: true } });
    res = await flip('set-remove-featured');
    expect(res.json()).toMatchObject({ message: VIDEO_TEXTS.featuredOff, data: { isFeatured: false, isMagicMoment: true } });
    res = await flip('set-remove-Magic-Moment');
    expect(res.json()).toMatchObject({ message: VIDEO_TEXTS.magicOff, data: { isFeatured: false, isMagicMoment: false } });

    const missing = await server.request({ method: 'PUT', url: '/admin/videos/nope/set-remove-featured' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(VIDEO_TEXTS.notFound);
  });
});

describe('GET /admin/videos', () => {
  const CATEGORIES = ['Match Highlights', 'Practice', 'Interview', 'Tutorial', 'Other'];

  beforeEach(async () => {
    await server.db.deleteFrom('videos').execute();
  });

  /** n videos, one minute apart (video 1 oldest), titles "Video 01"…, categories in turn. */
  async function seed(n: number) {
    const start = Date.now() - n * 60_000;
    await server.db
      .insertInto('videos')
      .values(
        Array.from({ length: n }, (_, i) => ({
          title: `Video ${String(i + 1).padStart(2, '0')}`,
          category: CATEGORIES[i % CATEGORIES.length],
          video_url: `https://youtu.be/v${i}`,
          image: 'https://img.youtube.com/vi/x/hqdefault.jpg',
          user_id: server.admin.id,
          created_at: new Date(start + i * 60_000),
        })),
      )
      .execute();
  }

  it('answers an empty page when there are no videos', () => expectEmptyPage(list));

  it('pages newest first with 10 per page by default', async () => {
    await seed(25);
    const first = (await list()).json().data;
    expect(first).toMatchObject({ totalDocs: 25, limit: 10, page: 1, totalPages: 3, prevPage: null, nextPage: 2 });
    expect(first.docs).toHaveLength(10);
    expect(first.docs[0]).toMatchObject({
      title: 'Video 25',
      image: 'https://img.youtube.com/vi/x/hqdefault.jpg',
      user_id: { _id: server.admin.id, firstName: 'Ada' },
    });

    const last = (await list('?page=3')).json().data;
    expect(last).toMatchObject({ page: 3, totalPages: 3, prevPage: 2, nextPage: null });
    expect(last.docs.map((v: { title: string }) => v.title)).toEqual(['Video 05', 'Video 04', 'Video 03', 'Video 02', 'Video 01']);

    const past = (await list('?page=7')).json().data;
    expect(past).toMatchObject({ docs: [], totalDocs: 25, page: 7, totalPages: 3, prevPage: 3, nextPage: null });
  });

  it('never visits a record twice across pages', async () => {
    await seed(25);
    const ids = new Set<string>();
    for (const page of [1, 2, 3]) {
      for (const doc of (await list(`?page=${page}&limit=10`)).json().data.docs) ids.add(doc._id);
    }
    expect(ids.size).toBe(25);
  });

  it('caps the page size at the maximum', async () => {
    await seed(105);
    const data = (await list('?limit=500')).json().data;
    expect(data.limit).toBe(MAX_PAGE_SIZE);
    expect(data.docs).toHaveLength(MAX_PAGE_SIZE);
    expect(data).toMatchObject({ totalPages: 2, nextPage: 2 });
  });

  it('refuses a page or limit below 1 or past any database offset, and an unknown sort field', async () => {
    for (const query of ['?page=0', '?limit=0', '?page=abc', '?page=1e20', '?limit=1e20', '?sort=password', '?order=sideways']) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
      expect(Object.keys(res.json().errors)).toHaveLength(1);
    }
    expect((await list('?sort=password')).json()).toMatchObject({ message: 'Lists can be sorted by createdAt, title only', errors: { sort: 'Lists can be sorted by createdAt, title only' } });
  });

  it('searches title or category, case-insensitively', async () => {
    await seed(10);
    const byTitle = (await list('?search=video%2007')).json().data;
    expect(byTitle.docs.map((v: { title: string }) => v.title)).toEqual(['Video 07']);
    const byCategory = (await list('?search=INTERV')).json().data;
    expect(byCategory.totalDocs).toBe(2);
    expect(byCategory.docs.every((v: { category: string }) => v.category === 'Interview')).toBe(true);
    const wildcard = (await list('?search=%25')).json().data;
    expect(wildcard.totalDocs).toBe(0);
  });

  it('filters by exact category, and refuses a category outside the list', async () => {
    await seed(10);
    const data = (await list('?category=Practice')).json().data;
    expect(data.totalDocs).toBe(2);
    expect(data.docs.map((v: { title: string }) => v.title)).toEqual(['Video 07', 'Video 02']);
    const combined = (await list('?category=Practice&search=07')).json().data;
    expect(combined.totalDocs).toBe(1);
    expect((await list('?category=Bloopers')).statusCode).toBe(400);
  });

  it('sorts by title or creation date in either order', async () => {
    await seed(5);
    const titles = async (query: string) => (await list(query)).json().data.docs.map((v: { title: string }) => v.title);
    expect(await titles('?sort=title&order=asc')).toEqual(['Video 01', 'Video 02', 'Video 03', 'Video 04', 'Video 05']);
    expect(await titles('?sort=title&order=desc')).toEqual(['Video 05', 'Video 04', 'Video 03', 'Video 02', 'Video 01']);
    expect(await titles('?sort=createdAt&order=asc')).toEqual(['Video 01', 'Video 02', 'Video 03', 'Video 04', 'Video 05']);
    expect(await titles('?order=desc')).toEqual(['Video 05', 'Video 04', 'Video 03', 'Video 02', 'Video 01']);
  });

  it('needs a token', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/admin/videos' });
    expect(res.statusCode).toBe(401);
  });
});
