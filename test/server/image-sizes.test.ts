/**
 * Images in sizes for the fans' app: an upload through the admin API is also kept as WebP at 320 and
 * 960 px wide (never enlarged), beside the original in the uploads folder or the bucket, served at
 * /uploads with the original's caching and without metadata; appImagesOf answers each image's size
 * and copies; replacing or deleting the image lets its copies go; the sweep keeps a held image's
 * copies and removes the others; the one-off step makes the copies of an image stored without them.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../src/domain/app';
import { appImagesOf, makeMissingSizes, removeSizes } from '../../server/storage/image-sizes';
import { S3ImageStore } from '../../server/storage/s3-store';
import { CACHE_FOREVER, UPLOADS_PREFIX, type ImageStore } from '../../server/storage/store';
import { sweepOrphans } from '../../server/storage/sweep';
import { createTestServer, multipart, pngFile, type FilePart, type TestServer } from './harness';
import { startS3, type LoopbackS3 } from './s3';

/** A photo as a phone sends one: a JPEG with EXIF (a GPS position, the camera's owner) and a wide-gamut profile. */
async function photo(width: number, height: number): Promise<FilePart> {
  const content = await sharp({ create: { width, height, channels: 3, background: '#1e88e5' } })
    .composite([{ input: { create: { width: Math.ceil(width / 2), height: Math.ceil(height / 2), channels: 3, background: '#fdd835' } } }])
    .withExif({ IFD0: { Artist: 'Secret Owner', Copyright: 'Secret Owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } })
    .withIccProfile('p3')
    .jpeg({ quality: 90 })
    .toBuffer();
  return { content, filename: 'photo.jpg', contentType: 'image/jpeg' };
}

const nameOf = (url: string) => url.slice(UPLOADS_PREFIX.length);

describe.each(['folder', 's3'] as const)('images in sizes, kept in the %s store', (kind) => {
  let s3: LoopbackS3 | undefined;
  let server: TestServer;
  let store: ImageStore;

  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3();
    server = await createTestServer(s3 ? { images: new S3ImageStore(s3.settings) } : {});
    store = server.app.images.store;
  });

  afterAll(async () => {
    await server?.close();
    await s3?.stop();
  });

  const storedNames = async () => (await store.namesOlderThan(new Date(Date.now() + 60_000))).sort();
  const serve = (url: string) => server.app.inject({ method: 'GET', url });

  const createNews = async (image: FilePart) => {
    const form = await multipart({ title: 'In sizes', small_description: 'For the app', description: '<p>Body</p>', image });
    const res = await server.request({ method: 'POST', url: '/admin/news', ...form });
    expect(res.statusCode).toBe(200);
    return res.json().data as { _id: string; image: string; updatedAt: string };
  };

  it('keeps an upload as WebP at 320 and 960 px wide beside the original, served with its caching and no metadata', async () => {
    const { image } = await createNews(await photo(1200, 900));
    const answered = (await appImagesOf(server.db, [image])).get(image)!;
    expect(answered).toMatchObject({ url: image, width: 1200, height: 900 });
    expect(answered.sizes.map((size) => size.width)).toEqual([...IMAGE_WIDTHS]);

    const original = await serve(image);
    expect(original.statusCode).toBe(200);
    for (const size of answered.sizes) {
      expect(size.url).toMatch(new RegExp(`^/uploads/${nameOf(image).replace(/\.jpg$/, '')}-${size.width}w\\.webp$`));
      expect(await storedNames()).toContain(nameOf(size.url));
      const res = await serve(size.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe(original.headers['cache-control']);
      expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
      if (kind === 's3') expect(res.headers['cache-control']).toBe(CACHE_FOREVER);
      expect(res.headers.etag).toBeTruthy();
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size.width, height: Math.round((size.width * 900) / 1200) });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(res.rawPayload.includes('Secret Owner')).toBe(false);
    }
  });

  it('never enlarges: a narrow image gets only the widths it reaches, a tiny one none, each with its own size', async () => {
    const medium = (await createNews(await photo(500, 250))).image;
    const exact = (await createNews(await pngFile({ width: 960, height: 480 }))).image;
    const tiny = (await createNews(await pngFile({ width: 200, height: 100 }))).image;
    const images = await appImagesOf(server.db, [medium, exact, tiny]);
    expect(images.get(medium)).toMatchObject({ width: 500, height: 250, sizes: [{ width: 320 }] });
    expect(images.get(exact)!.sizes.map((size) => size.width)).toEqual([320, 960]);
    expect(images.get(tiny)).toEqual({ url: tiny, width: 200, height: 100, sizes: [] });
    const names = await storedNames();
    expect(names.filter((name) => name.startsWith(nameOf(tiny).replace(/\.png$/, '')))).toEqual([nameOf(tiny)]);
    const copy = await serve(images.get(medium)!.sizes[0].url);
    expect((await sharp(copy.rawPayload).metadata()).width).toBe(320);
  });

  it('answers external URLs, unknown uploads and empty values without sizes, in one map keyed by the URL given', async () => {
    const { image } = await createNews(await photo(700, 400));
    const youtube = 'https://i.ytimg.com/vi/abc123/hqdefault.jpg';
    const unknown = `/uploads/${randomUUID()}.png`;
    const images = await appImagesOf(server.db, [youtube, null, image, undefined, unknown, '', youtube]);
    expect([...images.keys()].sort()).toEqual([image, unknown, youtube].sort());
    expect(images.get(youtube)).toEqual({ url: youtube, width: null, height: null, sizes: [] });
    expect(images.get(unknown)).toEqual({ url: unknown, width: null, height: null, sizes: [] });
    expect(images.get(image)).toMatchObject({ width: 700, height: 400, sizes: [{ width: 320, url: expect.stringMatching(/-320w\.webp$/) }] });
    expect((await appImagesOf(server.db, [])).size).toBe(0);
  });

  it('lets the copies go with the original when the image is replaced, and when the record is deleted', async () => {
    const created = await createNews(await photo(1000, 600));
    const first = (await appImagesOf(server.db, [created.image])).get(created.image)!;
    expect(first.sizes).toHaveLength(2);

    const form = await multipart({ title: 'In sizes', small_description: 'For the app', description: '<p>Body</p>', image: await photo(1100, 700), updatedAt: created.updatedAt });
    const edited = await server.request({ method: 'PUT', url: `/admin/news/${created._id}`, ...form });
    expect(edited.statusCode).toBe(200);
    const replaced = edited.json().data.image as string;
    expect(replaced).not.toBe(created.image);
    for (const url of [created.image, ...first.sizes.map((size) => size.url)]) expect((await serve(url)).statusCode).toBe(404);
    expect((await appImagesOf(server.db, [created.image])).get(created.image)).toMatchObject({ width: null, sizes: [] });
    const second = (await appImagesOf(server.db, [replaced])).get(replaced)!;
    expect(second).toMatchObject({ width: 1100, height: 700 });
    for (const size of second.sizes) expect((await serve(size.url)).statusCode).toBe(200);

    expect((await server.request({ method: 'DELETE', url: `/admin/news/${created._id}` })).statusCode).toBe(200);
    for (const url of [replaced, ...second.sizes.map((size) => size.url)]) expect((await serve(url)).statusCode).toBe(404);
    const left = await storedNames();
    expect(left.filter((name) => name.startsWith(nameOf(replaced).replace(/\.jpg$/, '')))).toEqual([]);
  });

  it('sweeps copies whose original no record holds, never the copies of a held image', async () => {
    const { image } = await createNews(await photo(800, 600));
    const held = (await appImagesOf(server.db, [image])).get(image)!;
    const stray = randomUUID();
    const orphanOriginal = `${stray}.png`;
    const orphanCopy = `${stray}-320w.webp`;
    const lonelyCopy = `${randomUUID()}-960w.webp`;
    const webp = await sharp((await pngFile()).content).webp().toBuffer();
    await store.put(orphanOriginal, (await pngFile()).content, 'image/png');
    await store.put(orphanCopy, webp, 'image/webp');
    await store.put(lonelyCopy, webp, 'image/webp');

    // Everything is a candidate: only what no record holds goes.
    await sweepOrphans(server.db, store, { olderThanMs: -60_000 });
    const names = await storedNames();
    expect(names).toContain(nameOf(image));
    for (const size of held.sizes) expect(names).toContain(nameOf(size.url));
    for (const gone of [orphanOriginal, orphanCopy, lonelyCopy]) expect(names).not.toContain(gone);
    expect((await appImagesOf(server.db, [image])).get(image)).toEqual(held);
  });

  it('the one-off step makes the sizes of an image stored without them, once', async () => {
    const { image } = await createNews(await photo(1000, 500));
    // As an upload from before sizes were made: the original alone, no copies, no record.
    await removeSizes(server.db, store, nameOf(image));
    expect((await appImagesOf(server.db, [image])).get(image)).toEqual({ url: image, width: null, height: null, sizes: [] });
    expect((await storedNames()).filter((name) => name.startsWith(nameOf(image).replace(/\.jpg$/, '')))).toEqual([nameOf(image)]);

    const first = await makeMissingSizes(server.db, store);
    expect(first.made).toBe(1);
    expect(first.absent).toEqual([]);
    const answered = (await appImagesOf(server.db, [image])).get(image)!;
    expect(answered).toMatchObject({ width: 1000, height: 500 });
    expect(answered.sizes.map((size) => size.width)).toEqual([320, 960]);
    for (const size of answered.sizes) {
      const res = await serve(size.url);
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.exif]).toEqual(['webp', size.width, undefined]);
    }

    const again = await makeMissingSizes(server.db, store);
    expect(again.made).toBe(0);
    expect(again.already).toBe(first.already + 1);
  });
});
