/**
 * Uploaded images: recognised from their bytes (never the name or declared type), their declared
 * size checked from the header, and re-encoded without their metadata, one decode queue's turn at a
 * time, before any store (storage/store.ts) keeps them.
 */
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp, { type Sharp } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../src/domain/limits';
import type { UploadedImage } from '../schemas/form';

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
 * One pipeline runs on one of libvips' threads: the decode queue (decode-queue below) then bounds the
 * cores uploads take to its number of running decodes, and leaves the others to the reads.
 */
sharp.concurrency(1);

/** The pixels an image's header declares, every frame of an animation counted; undefined when sharp cannot read its header. */
async function declaredPixels(buffer: Buffer): Promise<number | undefined> {
  try {
    // metadata() reads the header only: nothing is decoded, whatever size the image claims.
    const { width, height, pageHeight, pages } = await sharp(buffer).metadata();
    return width * (pageHeight ?? height) * (pages ?? 1);
  } catch {
    return undefined;
  }
}

/** The image without its metadata, turned upright first (the orientation lives in the EXIF that goes). */
async function withoutMetadata(buffer: Buffer, ext: string): Promise<Buffer | undefined> {
  const encode = REENCODE[ext];
  if (!encode) return undefined;
  try {
    return await encode(sharp(buffer, { animated: true, limitInputPixels: MAX_IMAGE_PIXELS }).rotate().keepIccProfile()).toBuffer();
  } catch {
    // Bytes that start like an image but do not decode (cut short, corrupt) are no image.
    return undefined;
  }
}

/** Why uploaded bytes are not stored: not an image Crease can clean, or one that claims too many pixels. */
export type ImageRefusal = 'not-an-image' | 'too-many-pixels';

/**
 * The uploaded bytes as an image the server will store: its type read from the bytes, in one of
 * the formats it can clean, its declared size within MAX_IMAGE_PIXELS, re-encoded without metadata
 * through `decode` (the server's decode queue). Anything else answers why not.
 */
export async function detectImage(buffer: Buffer, decode: DecodeQueue['run'] = (work) => work()): Promise<UploadedImage | ImageRefusal> {
  const type = await fileTypeFromBuffer(buffer);
  if (!type?.mime.startsWith('image/') || !REENCODE[type.ext]) return 'not-an-image';
  const pixels = await declaredPixels(buffer);
  if (pixels === undefined) return 'not-an-image';
  if (pixels > MAX_IMAGE_PIXELS) return 'too-many-pixels';
  const clean = await decode(() => withoutMetadata(buffer, type.ext));
  if (!clean) return 'not-an-image';
  const image = { buffer: clean, ext: type.ext, mime: type.mime };
  detected.add(image);
  return image;
}

/** The queue is full: the upload is refused at once, to be sent again `retryAfter` seconds later. */
export class DecodeQueueFull extends Error {
  constructor(readonly retryAfter: number) {
    super('decode queue full');
  }
}

export interface DecodeQueueOptions {
  /** Decodes that run at once, across the server. */
  running: number;
  /** Uploads that may wait for a turn; the next one is refused (DecodeQueueFull). */
  waiting: number;
  /** What a refused upload is told to wait, in seconds (Retry-After). */
  retryAfter: number;
}

export const DECODE_QUEUE: DecodeQueueOptions = { running: 2, waiting: 8, retryAfter: 5 };

/**
 * Every decode of an uploaded image (its cleaning, its smaller copies) takes a turn here, so a flood
 * of uploads holds at most `running` cores and their memory, and never starves the reads. `admit`
 * is a new upload's first decode, refused when too many wait; `run` is later work of an upload
 * already admitted (its copies), which waits its turn rather than failing half-stored.
 */
export function decodeQueue(options: DecodeQueueOptions = DECODE_QUEUE) {
  const limit = pLimit(options.running);
  return {
    run: <T>(work: () => Promise<T>): Promise<T> => limit(work),
    admit<T>(work: () => Promise<T>): Promise<T> {
      if (limit.pendingCount >= options.waiting) throw new DecodeQueueFull(options.retryAfter);
      return limit(work);
    },
  };
}

export type DecodeQueue = ReturnType<typeof decodeQueue>;

export const isUploadedImage = (value: unknown): value is UploadedImage =>
  typeof value === 'object' && value !== null && detected.has(value);
