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
import { HttpError } from '../errors';

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
