/**
 * Where uploaded images are kept: one small interface, two implementations chosen by the settings
 * (folder-store.ts, the default `DATA_DIR/uploads`; s3-store.ts, with `S3_BUCKET`). Records keep
 * `/uploads/<name>` whichever store holds the bytes, so a league can move between them without
 * rewriting a row.
 */
import { randomUUID } from 'node:crypto';
import { UPLOAD } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { HttpError } from '../errors';
import { removeSizes, storeSizes } from './image-sizes';
import type { DecodeQueue } from './images';

export const UPLOADS_PREFIX = '/uploads/';

/** Names the server gives images it stores (a UUID and the format's extension): the only ones the orphan sweep may remove. */
const GIVEN_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

export const isGivenName = (name: string) => GIVEN_NAME.test(name);

/** A name that stays inside the store: no folders, no dot files (rows imported from elsewhere may hold other names). */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** A fresh name for an image of that extension; names are never reused, so a stored file never changes. */
export const newStoredName = (ext: string) => `${randomUUID()}.${ext}`;

/** The stored name an `/uploads/…` URL points at; undefined for external URLs (seeded thumbnails), empty values and anything reaching outside. */
export function storedNameOf(url: string | null | undefined): string | undefined {
  if (!url?.startsWith(UPLOADS_PREFIX)) return undefined;
  const name = url.slice(UPLOADS_PREFIX.length);
  return SAFE_NAME.test(name) ? name : undefined;
}

export const isSafeName = (name: string) => SAFE_NAME.test(name);

/** How long a stored image may be cached by browsers and CDNs: for good, as its bytes never change. */
export const CACHE_FOREVER = 'public, max-age=31536000, immutable';

export interface ImageStore {
  readonly kind: 'folder' | 's3';
  /**
   * Stores the bytes under `name` (refusing to overwrite unless `replace`); throws `storageUnavailable`
   * when the store cannot be reached.
   */
  put(name: string, bytes: Buffer, contentType: string, options?: { replace?: boolean }): Promise<void>;
  /** The stored bytes; undefined when there is no such image. Throws when the store cannot be reached. */
  get(name: string): Promise<Buffer | undefined>;
  /** Removes a stored image; never throws (a left-over file is an orphan the sweep removes later). */
  remove(name: string): Promise<void>;
  /** Stored names last written before `cutoff`: the candidates of the orphan sweep. */
  namesOlderThan(cutoff: Date): Promise<string[]>;
  /** Throws when the store cannot be reached (readiness). */
  check(): Promise<void>;
}

/** The store is down: the request's write is refused before anything reaches the database. */
export const storageUnavailable = (cause: unknown) => Object.assign(new HttpError(503, UPLOAD.storageUnavailable), { cause });

/** The store as routes use it: by the URLs records keep. An image goes with its sizes (image-sizes.ts). */
export class Images {
  constructor(
    readonly store: ImageStore,
    private readonly db: Db,
    /** Where the copies' decodes take their turn (the server's decode queue); at once without one. */
    private readonly decode?: DecodeQueue['run'],
  ) {}

  /**
   * Stores an image under a new name, with its smaller WebP copies and their record, and answers the
   * URL records keep, e.g. `/uploads/1f0c….png`. When any of it fails, none of it is kept.
   */
  async save(image: { buffer: Buffer; ext: string; mime: string }): Promise<string> {
    const name = newStoredName(image.ext);
    const stored = await Promise.allSettled([this.store.put(name, image.buffer, image.mime), storeSizes(this.db, this.store, name, image.buffer, { decode: this.decode })]);
    const failed = stored.find((outcome) => outcome.status === 'rejected');
    if (failed) {
      await this.removeName(name);
      throw failed.reason;
    }
    return UPLOADS_PREFIX + name;
  }

  /** Removes the image a record let go of, with its sizes; external URLs (seeded thumbnails) and empty values are left alone. */
  async remove(url: string | null | undefined): Promise<void> {
    const name = storedNameOf(url);
    if (name) await this.removeName(name);
  }

  private async removeName(name: string): Promise<void> {
    await Promise.all([this.store.remove(name), removeSizes(this.db, this.store, name)]);
  }
}
