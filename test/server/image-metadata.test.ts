/**
 * Stored images lose their metadata: a phone photo's EXIF carries where it was taken, and
 * /uploads serves every file to anyone.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD } from '../../src/domain/messages';
import { createTestServer, multipart, type FilePart, type TestServer } from './harness';

const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '18/1 56/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '72/1 49/1 3300/100' };

/** A photo-sized picture with camera EXIF, a GPS position and the "turn me upright" orientation. */
async function geotagged(format: 'jpeg' | 'webp'): Promise<FilePart> {
  const [width, height] = [1200, 900];
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i % 251) ^ ((i / width) & 0xff);
  const content = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format, { quality: 92 })
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' }, IFD3: GPS })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return { content, filename: `photo.${format === 'jpeg' ? 'jpg' : format}`, contentType: `image/${format}` };
}

/** The GPS IFD pointer tag (0x8825) in either byte order. */
const hasGps = (exif: Buffer | undefined) => !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

describe('stored images', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  const createNews = async (image: FilePart) =>
    server.request({
      method: 'POST',
      url: '/admin/news',
      ...(await multipart({ title: 'Photo story', small_description: 'A photo with a place', description: '<p>Body</p>', image })),
    });

  it.each(['jpeg', 'webp'] as const)('keep no EXIF or GPS from a geotagged %s, turned upright, in the same format', async (format) => {
    const photo = await geotagged(format);
    const sent = await sharp(photo.content).metadata();
    expect(hasGps(sent.exif)).toBe(true);
    expect(sent.orientation).toBe(6);

    const res = await createNews(photo);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.image;
    expect(url).toMatch(format === 'jpeg' ? /\.jpg$/ : /\.webp$/);
    const stored = await readFile(server.fileOnDisk(url));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe(format);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.comments).toBeUndefined();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([900, 1200, 1]);
    expect(stored.includes(Buffer.from('Exif\0\0'))).toBe(false);

    const served = await server.app.inject({ method: 'GET', url });
    expect(served.rawPayload.equals(stored)).toBe(true);
    console.log(`geotagged ${format}: ${photo.content.length} bytes sent, ${stored.length} bytes stored`);
  });

  it('refuses a picture of more pixels than a photo has (a decompression bomb) with a 413 naming its field, storing nothing', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#000' } }).png().toBuffer();
    const before = await server.storedFiles();
    const res = await createNews({ content: bomb, filename: 'bomb.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'upload.too_large', message: UPLOAD.tooManyPixels, errors: { image: UPLOAD.tooManyPixels } });
    expect(await server.storedFiles()).toEqual(before);
  });

  it('refuses an image cut short, storing nothing', async () => {
    const photo = await geotagged('jpeg');
    const before = await server.storedFiles();
    const res = await createNews({ ...photo, content: photo.content.subarray(0, 4000) });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, message: 'Please select a valid image file' });
    expect(await server.storedFiles()).toEqual(before);
  });
});
