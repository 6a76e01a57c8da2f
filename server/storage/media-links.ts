/**
 * Signed links to fans' private files: `/media/<name>?exp=<unix seconds>&sig=<HMAC-SHA256 of name and
 * exp, base64url>`. Records keep the bare `/media/<name>`; a link is signed when an answer hands it to
 * someone allowed to see it (an admin, or the fan who sent the file) and opens the file for
 * MEDIA_LINK_MINUTES. Anyone holding it in that time can open it, as with any bearer link, so the
 * time is short and the answer is never cached (plugins/media.ts).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AppImage } from '../../src/domain/app';
import { MEDIA_LINK_MINUTES } from '../../src/domain/limits';
import { MEDIA_PREFIX, privateNameOf } from './store';

const KEY_INFO = 'crease media links v1';
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const EXPIRY = /^\d{1,12}$/;

export class MediaLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => Date,
  ) {
    // A key of its own: a link's signature can never stand in for a session token's, nor the reverse.
    this.key = Buffer.from(hkdfSync('sha256', secret, '', KEY_INFO, 32));
  }

  private signatureOf(name: string, exp: string): Buffer {
    return createHmac('sha256', this.key).update(`${name}\n${exp}`).digest();
  }

  /** A record's `/media/<name>` signed for the next few minutes; any other value (a public upload, an external URL, null) as it is. */
  sign<T extends string | null | undefined>(url: T): T {
    const name = privateNameOf(url);
    if (!name) return url;
    const exp = String(Math.floor(this.now().getTime() / 1000) + MEDIA_LINK_MINUTES * 60);
    return `${MEDIA_PREFIX}${name}?exp=${exp}&sig=${this.signatureOf(name, exp).toString('base64url')}` as T;
  }

  /** An app image (original and sizes) with each private URL signed. */
  signImage<T extends AppImage | null>(image: T): T {
    if (!image) return image;
    return { ...image, url: this.sign(image.url), sizes: image.sizes.map((size) => ({ ...size, url: this.sign(size.url) })) };
  }

  /** Whether a link's `exp` and `sig` were made by this server for `name` and have not expired; compared in constant time. */
  verify(name: string, exp: unknown, sig: unknown): boolean {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !EXPIRY.test(exp) || !SIGNATURE.test(sig)) return false;
    const expected = this.signatureOf(name, exp);
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    return Number(exp) * 1000 > this.now().getTime();
  }
}

/**
 * Every private URL in an answer signed, wherever it sits: for an admin's answers (an admin may
 * see every fan's files). Strings, arrays and plain objects, as JSON answers hold; what holds no
 * private URL comes back as the same object, and nothing given is changed.
 */
export function signedThroughout(value: unknown, links: MediaLinks): unknown {
  if (typeof value === 'string') return value.startsWith(MEDIA_PREFIX) ? links.sign(value) : value;
  if (Array.isArray(value)) {
    const signed = value.map((item) => signedThroughout(item, links));
    return signed.some((item, index) => item !== value[index]) ? signed : value;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value);
    const signed = entries.map(([key, item]) => [key, signedThroughout(item, links)] as const);
    return signed.some(([, item], index) => item !== entries[index][1]) ? Object.fromEntries(signed) : value;
  }
  return value;
}
