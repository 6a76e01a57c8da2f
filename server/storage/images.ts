/**
 * Uploaded images: recognised from their bytes (never the name or declared type) and re-encoded
 * without their metadata before any store (storage/store.ts) keeps them.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';

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

/**
 * How each stored format is written again. Re-encoding drops EXIF (with its GPS position), XMP and
 * comments, which would otherwise be served to anyone at /uploads; the colour profile is no
 * personal data and keeps wide-gamut photos looking the same. Lossy formats get a quality at which
 * the difference does not show.
 */
const REENCODE: Record<string, (image: Sharp) => Sharp> = {
  jpg: (image) => image.jpeg({ quality: 90, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9 }),
  webp: (image) => image.webp({ quality: 90 }),
  gif: (image) => image.gif(),
  tif: (image) => image.tiff({ quality: 90 }),
  avif: (image) => image.avif({ quality: 70 }),
};

/**
 * Decoding is the first step that costs memory by the picture's size rather than the file's: a
 * 5 MB PNG of one colour can claim a billion pixels. 50 megapixels is more than any phone photo
 * that fits in the upload limit.
 */
export const MAX_PIXELS = 50_000_000;

/** The image without its metadata, turned upright first (the orientation lives in the EXIF that goes). */
async function withoutMetadata(buffer: Buffer, ext: string): Promise<Buffer | undefined> {
  const encode = REENCODE[ext];
  if (!encode) return undefined;
  try {
    return await encode(sharp(buffer, { animated: true, limitInputPixels: MAX_PIXELS }).rotate().keepIccProfile()).toBuffer();
  } catch {
    // Bytes that start like an image but do not decode (cut short, corrupt) are no image.
    return undefined;
  }
}

/**
 * The uploaded bytes as an image the server will store: its type read from the bytes, in one of
 * the formats it can clean, re-encoded without metadata. Anything else answers undefined.
 */
export async function detectImage(buffer: Buffer): Promise<UploadedImage | undefined> {
  const type = await fileTypeFromBuffer(buffer);
  if (!type?.mime.startsWith('image/')) return undefined;
  const clean = await withoutMetadata(buffer, type.ext);
  if (!clean) return undefined;
  const image = { buffer: clean, ext: type.ext, mime: type.mime };
  detected.add(image);
  return image;
}

export const isUploadedImage = (value: unknown): value is UploadedImage =>
  typeof value === 'object' && value !== null && detected.has(value);
