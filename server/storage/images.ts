/**
 * Uploaded images: recognised from their bytes (never the name or declared type), stored under
 * names the server chooses, and removed again when their record lets go of them.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

export const UPLOADS_PREFIX = '/uploads/';

export interface UploadedImage {
  buffer: Buffer;
  ext: string;
  mime: string;
}

/**
 * Images this process detected from uploaded bytes. A JSON body can carry an object of the same
 * shape, so only the multipart parser's own objects count as files (see plugins/forms.ts).
 */
const detected = new WeakSet<object>();

export async function detectImage(buffer: Buffer): Promise<UploadedImage | undefined> {
  const type = await fileTypeFromBuffer(buffer);
  if (!type?.mime.startsWith('image/')) return undefined;
  const image = { buffer, ext: type.ext, mime: type.mime };
  detected.add(image);
  return image;
}

export const isUploadedImage = (value: unknown): value is UploadedImage =>
  typeof value === 'object' && value !== null && detected.has(value);

export class ImageStore {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** Writes the image and answers the URL records keep, e.g. `/uploads/1f0c….png`. */
  async save(image: UploadedImage): Promise<string> {
    const name = `${randomUUID()}.${image.ext}`;
    await writeFile(join(this.dir, name), image.buffer, { flag: 'wx' });
    return UPLOADS_PREFIX + name;
  }

  /** Removes a stored file; external URLs (seeded thumbnails) and empty values are left alone. */
  async remove(url: string | null | undefined): Promise<void> {
    if (!url?.startsWith(UPLOADS_PREFIX)) return;
    // basename() keeps a tampered value from reaching outside the uploads folder.
    await rm(join(this.dir, basename(url)), { force: true });
  }
}
