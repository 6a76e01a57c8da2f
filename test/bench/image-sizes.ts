/**
 * What making an upload's sizes adds to storing it: a 2000×1500 JPEG photo (as a phone sends one)
 * detected and cleaned as the upload route does, then stored alone (the original) and stored with its
 * WebP copies at IMAGE_WIDTHS (Images.save), in the uploads folder over PGlite. Prints medians; not a test.
 *   npm run bench:images
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { openDatabase } from '../../server/db/connection';
import { FolderImageStore } from '../../server/storage/folder-store';
import { detectImage } from '../../server/storage/images';
import { makeSizes } from '../../server/storage/image-sizes';
import { Images } from '../../server/storage/saved-images';
import { newStoredName } from '../../server/storage/store';

const RUNS = 15;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function photo(): Promise<Buffer> {
  // Noise, not a flat colour: encoders and resizers work as hard as on a real photo.
  const noise = Buffer.alloc(2000 * 1500 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (Math.sin(i / 97) * 80 + ((i * 7919) % 96) + 60) & 0xff;
  return sharp(noise, { raw: { width: 2000, height: 1500, channels: 3 } }).withExif({ IFD0: { Artist: 'Bench' } }).jpeg({ quality: 88 }).toBuffer();
}

const root = await mkdtemp(join(tmpdir(), 'crease-bench-sizes-'));
const database = await openDatabase({ dataDir: join(root, 'db') });
const store = new FolderImageStore(join(root, 'uploads'));
const images = new Images(store, database.db, new FolderImageStore(join(root, 'private')));
const upload = await photo();
console.log(`photo: 2000×1500 JPEG, ${(upload.length / 1024).toFixed(0)} KB; ${RUNS} runs each, medians`);

const detect: number[] = [];
const alone: number[] = [];
const withSizes: number[] = [];
const makeOnly: number[] = [];
let sizesBytes = 0;
let cleanedBytes = 0;
for (let i = 0; i < RUNS; i++) {
  let t = performance.now();
  const image = await detectImage(upload);
  if (typeof image === 'string') throw new Error(`the photo was refused: ${image}`);
  cleanedBytes = image.buffer.length;
  detect.push(performance.now() - t);

  t = performance.now();
  await store.put(newStoredName(image.ext), image.buffer, image.mime);
  alone.push(performance.now() - t);

  t = performance.now();
  await images.save(image);
  withSizes.push(performance.now() - t);

  t = performance.now();
  const made = await makeSizes('x.jpg', image.buffer);
  makeOnly.push(performance.now() - t);
  sizesBytes = made.variants.reduce((sum, variant) => sum + variant.bytes.length, 0);
}
const row = (label: string, ms: number) => console.log(`${label.padEnd(58)} ${ms.toFixed(0).padStart(5)} ms`);
row('detect and clean the upload (as before, unchanged)', median(detect));
row('store the original alone (before this change)', median(alone));
row('store the original with its copies and record (now)', median(withSizes));
row('  of which making the 320 and 960 WebP copies', median(makeOnly));
row('added to an upload', median(withSizes) - median(alone));
console.log(`added, as a share of the upload step before (detect, clean, store): ${(((median(withSizes) - median(alone)) / (median(detect) + median(alone))) * 100).toFixed(0)} %`);
console.log(`copies: ${(sizesBytes / 1024).toFixed(0)} KB together (original cleaned: ${(cleanedBytes / 1024).toFixed(0)} KB)`);
await database.close();
await rm(root, { recursive: true, force: true });
