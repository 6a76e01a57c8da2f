/**
 * Images in an S3-compatible bucket (s3rver on loopback): stored on upload, served at the same
 * /uploads/<name> with their type, ETag and long cache, removed on replace and delete, orphans swept;
 * a bucket that does not answer refuses the write with a clear 503 and the database keeps nothing.
 * The sweep serves the local folder the same way.
 */
import { writeFile, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD } from '../../src/domain/messages';
import { FolderImageStore } from '../../server/storage/folder-store';
import { S3ImageStore } from '../../server/storage/s3-store';
import { CACHE_FOREVER, UPLOADS_PREFIX } from '../../server/storage/store';
import { sweepOrphans } from '../../server/storage/sweep';
import { createTestServer, multipart, pngFile, type TestServer } from './harness';
import { freePort } from './process';
import { startS3, type LoopbackS3 } from './s3';

let s3: LoopbackS3;
let bucket: S3ImageStore;
let server: TestServer;

beforeAll(async () => {
  s3 = await startS3();
  bucket = new S3ImageStore(s3.settings);
  server = await createTestServer({ images: bucket });
});

afterAll(async () => {
  await server?.close();
  await s3?.stop();
});

const article = async (color: string) =>
  multipart({ title: 'Stored in the bucket', small_description: 'Kept in the bucket', description: '<p>Body</p>', image: await pngFile({ color }) });

const createNews = async (color = '#1565c0') => {
  const res = await server.request({ method: 'POST', url: '/admin/news', ...(await article(color)) });
  expect(res.statusCode).toBe(200);
  return res.json().data as { _id: string; image: string; updatedAt: string };
};

const serve = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

const bucketNames = async () => (await bucket.namesOlderThan(new Date(Date.now() + 60_000))).sort();

describe('images in a bucket', () => {
  it('stores an upload in the bucket, not the folder, and serves it at /uploads with its type, ETag and long cache', async () => {
    const { image } = await createNews();
    expect(image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(await bucketNames()).toContain(image.slice(UPLOADS_PREFIX.length));
    expect(await server.storedFiles()).toEqual([]);

    const res = await serve(image);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe(CACHE_FOREVER);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    const again = await serve(image, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers a JSON 404 for a name the bucket does not hold', async () => {
    const res = await serve(`/uploads/${randomUUID()}.png`);
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it('removes the old object when an image is replaced, and the last one when the record is deleted', async () => {
    const { _id, image, updatedAt } = await createNews('#6a1b9a');
    const replaced = await server.request({
      method: 'PUT',
      url: `/admin/news/${_id}`,
      ...(await multipart({ title: 'Replaced', small_description: 'Kept in the bucket', description: '<p>Body</p>', updatedAt, image: await pngFile({ color: '#ef6c00' }) })),
    });
    expect(replaced.statusCode).toBe(200);
    const next = replaced.json().data.image as string;
    expect(next).not.toBe(image);
    expect((await serve(image)).statusCode).toBe(404);
    expect((await serve(next)).statusCode).toBe(200);

    expect((await server.request({ method: 'DELETE', url: `/admin/news/${_id}` })).statusCode).toBe(200);
    expect((await serve(next)).statusCode).toBe(404);
    expect(await bucketNames()).not.toContain(next.slice(UPLOADS_PREFIX.length));
  });

  it('sweeps objects no record points at, keeping held images and objects it did not name', async () => {
    const { image } = await createNews('#2e7d32');
    const orphan = `${randomUUID()}.png`;
    const foreign = 'backup-notes.txt';
    await bucket.put(orphan, (await pngFile()).content, 'image/png');
    await bucket.put(foreign, Buffer.from('not an image of ours'), 'text/plain');

    // Not yet an hour old: an upload whose record may still be on its way is left alone.
    expect(await sweepOrphans(server.db, bucket)).toBe(0);
    expect(await bucketNames()).toContain(orphan);

    expect(await sweepOrphans(server.db, bucket, { olderThanMs: -60_000 })).toBe(1);
    const names = await bucketNames();
    expect(names).not.toContain(orphan);
    expect(names).toContain(image.slice(UPLOADS_PREFIX.length));
    expect(names).toContain(foreign);
  });

  it('redirects to S3_PUBLIC_URL when one is set', async () => {
    const { image } = await createNews();
    const cdn = await createTestServer({ images: new S3ImageStore({ ...s3.settings, publicUrl: 'https://cdn.example.org/league/' }) });
    try {
      const res = await cdn.app.inject({ method: 'GET', url: image });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`https://cdn.example.org/league/${image.slice(UPLOADS_PREFIX.length)}`);
    } finally {
      await cdn.close();
    }
  });

  it('refuses an upload with a clear 503 when the bucket does not answer, writing nothing to the database', async () => {
    const down = await createTestServer({ images: new S3ImageStore({ ...s3.settings, endpoint: `http://127.0.0.1:${await freePort()}` }) });
    try {
      const res = await down.request({ method: 'POST', url: '/admin/news', ...(await article('#b71c1c')) });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, code: 'unavailable', message: UPLOAD.storageUnavailable });
      expect(await down.db.selectFrom('news').select('id').execute()).toEqual([]);

      const ready = await down.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ success: false, data: { status: 'unavailable', checks: { database: 'ok', storage: 'unreachable' } } });
    } finally {
      await down.close();
    }
  });
});

describe('the uploads folder', () => {
  it('sweeps files no record points at once they are an hour old', async () => {
    const local = await createTestServer();
    try {
      const store = new FolderImageStore(local.uploadsDir);
      const created = await local.request({ method: 'POST', url: '/admin/news', ...(await article('#00838f')) });
      const held = (created.json().data.image as string).slice(UPLOADS_PREFIX.length);
      const fresh = `${randomUUID()}.png`;
      const old = `${randomUUID()}.png`;
      await writeFile(join(local.uploadsDir, fresh), 'left by a crash a moment ago');
      await writeFile(join(local.uploadsDir, old), 'left by a crash two hours ago');
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      await utimes(join(local.uploadsDir, old), twoHoursAgo, twoHoursAgo);
      await utimes(join(local.uploadsDir, held), twoHoursAgo, twoHoursAgo);

      expect(await sweepOrphans(local.db, store)).toBe(1);
      expect((await local.storedFiles()).sort()).toEqual([fresh, held].sort());
    } finally {
      await local.close();
    }
  });
});
