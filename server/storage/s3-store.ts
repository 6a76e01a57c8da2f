/**
 * Images in an S3-compatible bucket (AWS, MinIO, any cloud's object storage), so several servers
 * share them without a shared disk. Objects are named as the folder's files are, at the bucket's top;
 * fans' private files under `private/` (storage/configured.ts).
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { CACHE_FOREVER, storageUnavailable, type ImageStore } from './store';

export interface S3Settings {
  bucket: string;
  /** Empty for AWS; e.g. `http://127.0.0.1:9000` for a MinIO. */
  endpoint?: string;
  region: string;
  /** Without keys the SDK's own chain answers (AWS_* variables, an instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name, as MinIO-like servers want. */
  forcePathStyle: boolean;
  /** A CDN or public bucket address: `/uploads/<name>` then redirects to `<publicUrl>/<name>`. */
  publicUrl?: string;
}

export interface StoredObject {
  body: Readable;
  contentType?: string;
  etag?: string;
  length?: number;
}

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

export interface S3KeyOptions {
  /** Put before every name: `private/` keeps fans' files apart from the public ones. */
  keyPrefix?: string;
  /** The Cache-Control the objects carry (a public CDN in front of the bucket reads it). */
  cacheControl?: string;
}

export class S3ImageStore implements ImageStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  readonly keyPrefix: string;
  private readonly cacheControl: string;

  constructor(
    readonly settings: S3Settings,
    { keyPrefix = '', cacheControl = CACHE_FOREVER }: S3KeyOptions = {},
  ) {
    this.keyPrefix = keyPrefix;
    this.cacheControl = cacheControl;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint || undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // A bucket that does not answer must fail an upload in seconds, not hold it for minutes.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 2_000, requestTimeout: 15_000 },
    });
  }

  async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.keyPrefix + name, Body: bytes, ContentType: contentType, CacheControl: this.cacheControl }),
      );
    } catch (error) {
      throw storageUnavailable(error);
    }
  }

  async get(name: string): Promise<Buffer | undefined> {
    const object = await this.read(name);
    if (object === undefined || object === 'not-modified') return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async remove(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyPrefix + name })).catch(() => undefined);
  }

  async namesOlderThan(cutoff: Date): Promise<string[]> {
    const old: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.keyPrefix || undefined, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && object.LastModified < cutoff) old.push(object.Key.slice(this.keyPrefix.length));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return old;
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  /**
   * The object to serve; undefined when there is none, `'not-modified'` when the browser's copy
   * (its `If-None-Match`) is current. Throws `storageUnavailable` when the bucket does not answer.
   */
  async read(name: string, ifNoneMatch?: string): Promise<StoredObject | 'not-modified' | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyPrefix + name, IfNoneMatch: ifNoneMatch }));
      return { body: object.Body as Readable, contentType: object.ContentType, etag: object.ETag, length: object.ContentLength };
    } catch (error) {
      const status = statusOf(error);
      if (status === 304) return 'not-modified';
      if (status === 404) return undefined;
      throw storageUnavailable(error);
    }
  }
}
