/** The image store the settings choose: the bucket when `S3_BUCKET` is set, else the uploads folder. */
import { FolderImageStore } from './folder-store';
import { S3ImageStore, type S3Settings } from './s3-store';

export type ConfiguredImageStore = FolderImageStore | S3ImageStore;

export const openImageStore = (settings: { uploadsDir: string; s3?: S3Settings }): ConfiguredImageStore =>
  settings.s3 ? new S3ImageStore(settings.s3) : new FolderImageStore(settings.uploadsDir);
