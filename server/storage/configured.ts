/** The image store the settings choose: the bucket when `S3_BUCKET` is set, else the uploads folder; and the private store beside it. */
import { dirname, join } from 'node:path';
import { FolderImageStore } from './folder-store';
import { S3ImageStore, type S3Settings } from './s3-store';
import { CACHE_NEVER } from './store';

export type ConfiguredImageStore = FolderImageStore | S3ImageStore;

export const openImageStore = (settings: { uploadsDir: string; s3?: S3Settings }): ConfiguredImageStore =>
  settings.s3 ? new S3ImageStore(settings.s3) : new FolderImageStore(settings.uploadsDir);

/** The bucket's key prefix of fans' private files: never under S3_PUBLIC_URL's reach unless the bucket's policy grants it (README). */
export const PRIVATE_KEY_PREFIX = 'private/';

/**
 * Where fans' private files are kept, beside the public store: the same bucket under `private/`, or
 * the folder `privateDir` (by default `private` beside the uploads folder: `DATA_DIR/private`).
 * Never inside the uploads folder, which /uploads serves whole.
 */
export const openPrivateStore = (images: ConfiguredImageStore, privateDir?: string): ConfiguredImageStore =>
  images.kind === 's3'
    ? new S3ImageStore(images.settings, { keyPrefix: PRIVATE_KEY_PREFIX, cacheControl: CACHE_NEVER })
    : new FolderImageStore(privateDir ?? join(dirname(images.dir), 'private'));
