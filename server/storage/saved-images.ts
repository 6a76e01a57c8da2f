import type { Db } from '../db/connection';
import type { UploadedImage } from '../schemas/form';
import { removeSizes, storeSizes } from './image-sizes';
import type { DecodeQueue } from './images';
import { MEDIA_PREFIX, newStoredName, privateNameOf, storedNameOf, UPLOADS_PREFIX, type ImageStore } from './store';

/** What a route that stores a request's files needs (withSavedImages). */
export interface ImageSaver {
  save(image: UploadedImage): Promise<string>;
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
  save(image: UploadedImage): Promise<string> {
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

  private async saveIn(store: ImageStore, prefix: string, image: UploadedImage): Promise<string> {
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


/**
 * Saves a request's uploaded images, hands their URLs to `write` (which stores the record), and
 * removes the files again if `write` throws (refused, not found, database error), so a failed
 * request never leaves an orphan file behind.
 */
export async function withSavedImages<K extends string, T>(
  store: ImageSaver,
  images: Partial<Record<K, UploadedImage>>,
  write: (urls: Partial<Record<K, string>>) => Promise<T>,
): Promise<T> {
  const urls: Partial<Record<K, string>> = {};
  try {
    for (const [field, image] of Object.entries(images) as [K, UploadedImage | undefined][]) {
      if (image) urls[field] = await store.save(image);
    }
    return await write(urls);
  } catch (error) {
    await Promise.all(Object.values<string | undefined>(urls).map((url) => store.remove(url)));
    throw error;
  }
}
