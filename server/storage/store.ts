/**
 * Where uploaded images are kept: one small interface, two implementations chosen by the settings
 * (folder-store.ts, the default `DATA_DIR/uploads`; s3-store.ts, with `S3_BUCKET`). Records keep
 * `/uploads/<name>` whichever store holds the bytes, so a league can move between them without
 * rewriting a row. Files fans send (players' photos) are kept apart, in the private store
 * (`DATA_DIR/private`, or the bucket under `private/`), and records keep them as `/media/<name>`:
 * they are served only through signed links (plugins/media.ts).
 */
import { randomUUID } from 'node:crypto';
import { UPLOAD } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { HttpError } from '../errors';
import { removeSizes, storeSizes } from './image-sizes';
import type { DecodeQueue } from './images';

export const UPLOADS_PREFIX = '/uploads/';
/** How records keep a private file (unsigned); answers carry it signed (storage/media-links.ts). */
export const MEDIA_PREFIX = '/media/';

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

/** The stored name a private file's `/media/…` URL (as records keep it, unsigned) points at; undefined for any other value. */
export function privateNameOf(url: string | null | undefined): string | undefined {
  if (!url?.startsWith(MEDIA_PREFIX)) return undefined;
  const name = url.slice(MEDIA_PREFIX.length);
  return SAFE_NAME.test(name) ? name : undefined;
}

/** How long a stored image may be cached by browsers and CDNs: for good, as its bytes never change. */
export const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/** A private file is kept by nobody on the way: no CDN, no shared proxy, not the browser's disk. */
export const CACHE_NEVER = 'private, no-store';

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

type ImageBytes = { buffer: Buffer; ext: string; mime: string };

/** What a route that stores a request's files needs (storage/saved-images.ts). */
export interface ImageSaver {
  save(image: ImageBytes): Promise<string>;
  remove(url: string | null | undefined): Promise<void>;
}

/**
 * The stores as routes use them: by the URLs records keep. An image goes with its sizes
 * (image-sizes.ts). `save` keeps the league's own images, public; `fans.save` keeps a fan's file
 * in the private store. `remove` takes either kind of URL.
 */
export class Images implements ImageSaver {
  constructor(
    readonly store: ImageStore,
    private readonly db: Db,
    readonly privateStore: ImageStore,
    /** Where the copies' decodes take their turn (the server's decode queue); at once without one. */
    private readonly decode?: DecodeQueue['run'],
  ) {}

  /**
   * Stores an image under a new name, with its smaller WebP copies and their record, and answers the
   * URL records keep, e.g. `/uploads/1f0c….png`. When any of it fails, none of it is kept.
   */
  save(image: ImageBytes): Promise<string> {
    return this.saveIn(this.store, UPLOADS_PREFIX, image);
  }

  /** Files fans send: kept in the private store and answered as `/media/<name>`. */
  readonly fans: ImageSaver = {
    save: (image) => this.saveIn(this.privateStore, MEDIA_PREFIX, image),
    remove: (url) => this.remove(url),
  };

  /** Removes the image a record let go of, with its sizes; external URLs (seeded thumbnails) and empty values are left alone. */
  async remove(url: string | null | undefined): Promise<void> {
    const name = storedNameOf(url);
    if (name) return this.removeName(this.store, name);
    const privateName = privateNameOf(url);
    if (privateName) await this.removeName(this.privateStore, privateName);
  }

  private async saveIn(store: ImageStore, prefix: string, image: ImageBytes): Promise<string> {
    const name = newStoredName(image.ext);
    const stored = await Promise.allSettled([store.put(name, image.buffer, image.mime), storeSizes(this.db, store, name, image.buffer, { decode: this.decode })]);
    const failed = stored.find((outcome) => outcome.status === 'rejected');
    if (failed) {
      await this.removeName(store, name);
      throw failed.reason;
    }
    return prefix + name;
  }

  private async removeName(store: ImageStore, name: string): Promise<void> {
    await Promise.all([store.remove(name), removeSizes(this.db, store, name)]);
  }
}
