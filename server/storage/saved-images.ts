import type { UploadedImage } from './images';
import type { ImageSaver } from './store';

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
