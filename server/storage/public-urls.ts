/**
 * The addresses a phone or a web app loads an answer's images from. Records keep `/uploads/<name>`
 * (and a fan's private `/media/<name>`, signed when answered); the app's answers carry them absolute
 * where the server knows its address: PUBLIC_URL + `/uploads/<name>`, or S3_PUBLIC_URL + `/<name>`
 * when the bucket is public (where `/uploads/<name>` redirects, so a phone skips the redirect), and
 * PUBLIC_URL + the signed `/media/…` link (private files are only ever served by the server).
 * Without either they stay relative; an external URL (a seeded YouTube thumbnail) stays as it is.
 * The admins' answers keep the relative form: the admin app is served from the API's own origin.
 */
import type { AppImage } from '../../src/domain/app';
import { MEDIA_PREFIX, storedNameOf } from './store';

const withoutTrailingSlashes = (base: string) => base.replace(/\/+$/, '');

/** A stored image's address in a public bucket: what `/uploads/<name>` redirects to. */
export const bucketAddress = (bucketUrl: string, name: string) => `${withoutTrailingSlashes(bucketUrl)}/${encodeURIComponent(name)}`;

declare module 'fastify' {
  interface FastifyInstance {
    publicUrls: PublicUrls;
  }
}

export interface PublicUrls {
  /** A URL as an answer gives it: absolute where the server knows where it is served from. */
  url<T extends string | null | undefined>(url: T): T;
  /** An app image with its original and each size addressed so. */
  image<T extends AppImage | null>(image: T): T;
}

export function publicUrls({ publicUrl, bucketUrl }: { publicUrl?: string; bucketUrl?: string }): PublicUrls {
  const server = publicUrl ? withoutTrailingSlashes(publicUrl) : undefined;
  const url = <T extends string | null | undefined>(value: T): T => {
    if (!value) return value;
    const name = storedNameOf(value);
    if (name && bucketUrl) return bucketAddress(bucketUrl, name) as T;
    if (server && (name || value.startsWith(MEDIA_PREFIX))) return `${server}${value}` as T;
    return value;
  };
  return {
    url,
    image: (image) => (image ? { ...image, url: url(image.url), sizes: image.sizes.map((size) => ({ ...size, url: url(size.url) })) } : image),
  };
}
