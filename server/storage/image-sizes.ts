/**
 * Images in sizes for the fans' app: every stored original is also kept as WebP at each of
 * IMAGE_WIDTHS (src/domain/app.ts) that is not wider than it (no copy is ever enlarged), beside the
 * original in the same store and served by the same `/uploads/<name>` route with the same long
 * cache. A copy is named after its original, `<stem>-<width>w.webp` (`1f0c….png` → `1f0c…-320w.webp`),
 * so the orphan sweep knows whose copy it is. The original's width and height and its copies are
 * recorded in `image_sizes` (migration 0014), so the app API answers them without asking the store.
 *
 * Copies are made when an image is stored (storage/saved-images.ts `Images.save`), by the demo seed, and,
 * for images stored before this change, by `npm run admin -- images:sizes` (makeMissingSizes).
 * sharp writes no metadata (EXIF, XMP, ICC) unless asked to, so a copy carries none.
 */
import sharp from 'sharp';
import { IMAGE_WIDTHS, type AppImage } from '../../src/domain/app';
import type { Db } from '../db/connection';
import { referencedUploads } from '../repositories/uploads';
import { MAX_IMAGE_PIXELS } from '../../src/domain/limits';
import type { DecodeQueue } from './images';
import { MEDIA_PREFIX, privateNameOf, storedNameOf, UPLOADS_PREFIX, type ImageStore } from './store';

/** The stored name of an original's copy at `width`: `<stem>-<width>w.webp`. */
export const variantName = (name: string, width: number) => `${name.replace(/\.[^.]*$/, '')}-${width}w.webp`;

/** Copies of images the server named (a UUID): the only copies the orphan sweep may remove. */
const GIVEN_VARIANT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-\d+w\.webp$/;

export const isVariantName = (name: string) => GIVEN_VARIANT.test(name);

/** The UUID a server-given name (an original or a copy) starts with; undefined for other names. */
export const stemOfGivenName = (name: string): string | undefined => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(name)?.[0];

/**
 * WebP at quality 80 is indistinguishable on a phone and a fraction of the original's bytes. Effort 2
 * (of 0–6; sharp's default is 4) made a 2000×1500 photo's two copies in about two thirds of the time
 * at about the same size (test/bench/image-sizes.ts).
 */
const VARIANT_QUALITY = 80;
const VARIANT_EFFORT = 2;

export interface MadeSizes {
  /** The original's width and height, upright (one frame of an animation). */
  width: number;
  height: number;
  variants: { width: number; name: string; bytes: Buffer }[];
}

/**
 * The WebP copies of an original at each width it is not narrower than. An animation stays animated.
 * A width sharp cannot make (WebP stops at 16,383 px a side, so a very tall image) is left out.
 */
export async function makeSizes(name: string, bytes: Buffer, decode: DecodeQueue['run'] = (work) => work()): Promise<MadeSizes> {
  const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  const sideways = (meta.orientation ?? 1) >= 5;
  const frameHeight = meta.pageHeight ?? meta.height;
  const [width, height] = sideways ? [frameHeight, meta.width] : [meta.width, frameHeight];
  const animated = (meta.pages ?? 1) > 1;
  const made = await Promise.all(
    IMAGE_WIDTHS.filter((target) => target <= width).map(async (target) => {
      try {
        const out = await decode(() =>
          sharp(bytes, { animated, limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({ width: target }).webp({ quality: VARIANT_QUALITY, effort: VARIANT_EFFORT }).toBuffer(),
        );
        return { width: target, name: variantName(name, target), bytes: out };
      } catch {
        return undefined;
      }
    }),
  );
  return { width, height, variants: made.filter((variant) => variant !== undefined) };
}

/** The `image_sizes` row of an original and its copies. */
export const sizesRow = (name: string, made: MadeSizes) => ({
  name,
  width: made.width,
  height: made.height,
  sizes: JSON.stringify(made.variants.map((variant) => ({ width: variant.width, name: variant.name }))),
});

/**
 * Makes an original's copies, stores them beside it and records its sizes. Throws when the store
 * cannot be reached (the copies already stored are then the caller's to remove: `removeSizes`).
 * `replace` overwrites copies left by an earlier attempt (the one-off step).
 */
export async function storeSizes(db: Db, store: ImageStore, name: string, bytes: Buffer, { replace = false, decode }: { replace?: boolean; decode?: DecodeQueue['run'] } = {}): Promise<MadeSizes> {
  return keepSizes(db, store, name, await makeSizes(name, bytes, decode), { replace });
}

/** Stores copies already made and records them. */
async function keepSizes(db: Db, store: ImageStore, name: string, made: MadeSizes, { replace = false } = {}): Promise<MadeSizes> {
  await Promise.all(made.variants.map((variant) => store.put(variant.name, variant.bytes, 'image/webp', { replace })));
  const row = sizesRow(name, made);
  await db
    .insertInto('image_sizes')
    .values(row)
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ width: row.width, height: row.height, sizes: row.sizes }))
    .execute();
  return made;
}

/** Removes an original's copies (those recorded, and those IMAGE_WIDTHS would name) and its record; never throws. */
export async function removeSizes(db: Db, store: ImageStore, name: string): Promise<void> {
  const names = new Set(IMAGE_WIDTHS.map((width) => variantName(name, width)));
  const row = await db
    .deleteFrom('image_sizes')
    .where('name', '=', name)
    .returning('sizes')
    .executeTakeFirst()
    .catch(() => undefined);
  for (const size of row?.sizes ?? []) names.add(size.name);
  await Promise.all([...names].map((variant) => store.remove(variant)));
}

const unsized = (url: string): AppImage => ({ url, width: null, height: null, sizes: [] });

/**
 * The app's view of each image URL, keyed by the URL as given: an `/uploads/…` (or private `/media/…`)
 * image with its recorded width, height and copies (narrowest first, each at its own URL of that kind); an external
 * URL (a seeded YouTube thumbnail) or an upload without a record with nulls and no sizes. Empty
 * values are left out. One query, whatever the number of URLs.
 */
export async function appImagesOf(db: Db, urls: readonly (string | null | undefined)[]): Promise<Map<string, AppImage>> {
  const answer = new Map<string, AppImage>();
  const names = new Map<string, string>();
  for (const url of urls) {
    if (!url || answer.has(url)) continue;
    answer.set(url, unsized(url));
    const name = storedNameOf(url) ?? privateNameOf(url);
    if (name) names.set(name, url);
  }
  if (names.size === 0) return answer;
  const rows = await db.selectFrom('image_sizes').select(['name', 'width', 'height', 'sizes']).where('name', 'in', [...names.keys()]).execute();
  for (const row of rows) {
    const url = names.get(row.name)!;
    // A private original's copies are private too, kept beside it: `/media/…`, signed with it (storage/media-links.ts).
    const prefix = url.startsWith(MEDIA_PREFIX) ? MEDIA_PREFIX : UPLOADS_PREFIX;
    const sizes = [...row.sizes].sort((a, b) => a.width - b.width).map((size) => ({ width: size.width, url: prefix + size.name }));
    answer.set(url, { url, width: row.width, height: row.height, sizes });
  }
  return answer;
}

export interface MissingSizesSummary {
  /** Images referenced by a record that got their sizes now. */
  made: number;
  /** Those that had them already. */
  already: number;
  /** Referenced images the store does not hold (nothing to make sizes of). */
  absent: string[];
  /** Stored bytes sharp could not read. */
  unreadable: string[];
}

/**
 * The one-off step for images stored before sizes were made on upload (`npm run admin -- images:sizes`):
 * every stored image some record points at and `image_sizes` has no row for gets its copies and row.
 * Running it again makes nothing new. Two images at a time (sharp uses the other threads).
 */
export async function makeMissingSizes(db: Db, store: ImageStore, { concurrency = 2 } = {}): Promise<MissingSizesSummary> {
  const referenced = [...new Set([...(await referencedUploads(db))].flatMap((url) => storedNameOf(url) ?? []))];
  const recorded = new Set((await db.selectFrom('image_sizes').select('name').execute()).map((row) => row.name));
  const missing = referenced.filter((name) => !recorded.has(name));
  const summary: MissingSizesSummary = { made: 0, already: referenced.length - missing.length, absent: [], unreadable: [] };
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const name = missing[next++];
      const bytes = await store.get(name);
      if (!bytes) {
        summary.absent.push(name);
        continue;
      }
      let made: MadeSizes;
      try {
        made = await makeSizes(name, bytes);
      } catch {
        summary.unreadable.push(name);
        continue;
      }
      await keepSizes(db, store, name, made, { replace: true });
      summary.made++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, missing.length)) }, worker));
  return summary;
}

/** The operator's line about the one-off step. */
export const describeMissingSizes = ({ made, already, absent, unreadable }: MissingSizesSummary) =>
  [
    `Made sizes for ${made} image${made === 1 ? '' : 's'}; ${already} already had them.`,
    absent.length > 0 ? `${absent.length} referenced image${absent.length === 1 ? ' is' : 's are'} not in the store: ${absent.slice(0, 5).join(', ')}${absent.length > 5 ? ', …' : ''}.` : '',
    unreadable.length > 0 ? `${unreadable.length} could not be read as images: ${unreadable.slice(0, 5).join(', ')}${unreadable.length > 5 ? ', …' : ''}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
