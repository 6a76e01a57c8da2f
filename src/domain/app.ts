/**
 * The fans' app's read API (/app/v1): its paging, sync and caching terms, and its messages. What
 * each entity answers there is declared with the entity (`app`, src/domain/entity.ts).
 */

import { MINUTE_WINDOW_SECONDS, pleaseWait } from './limits';

/** A list's page size, and a sync's, when none is asked for, and the most one page holds (a larger `limit` is refused). */
export const APP_PAGE = { default: 20, max: 100 } as const;

/** How long a sync cursor stays valid: removals older than this are forgotten, and an older cursor gets a 410. */
export const SYNC_CURSOR_DAYS = 30;

/** The widths every uploaded image is also kept at, as WebP. */
export const IMAGE_WIDTHS = [320, 960] as const;

/** An image as the app reads it: the original and its smaller copies, narrowest first. */
export interface AppImage {
  url: string;
  width: number | null;
  height: number | null;
  sizes: { width: number; url: string }[];
}

/** What a list answers without `since`: a page, the next page's token (null at the end) and the sync position. */
export interface AppPage<T = Record<string, unknown>> {
  docs: T[];
  next: string | null;
  cursor: string;
}

/**
 * What a list answers with `since`, a page of at most `limit` changes and removals together: what is
 * now seen that changed, the ids no longer seen, whether more remain, and the position to go on from
 * (the next page while `more`, else the next sync).
 */
export interface AppSync<T = Record<string, unknown>> {
  changed: T[];
  removed: string[];
  more: boolean;
  cursor: string;
}

/**
 * Lists and records are cached by phones and any CDN for 30 s, and served stale for 5 min while a
 * fresh copy is fetched (an unpublished item must come down soon, so records no longer than lists).
 */
export const APP_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';

/** Calls per minute from one address; a carrier's NAT puts many phones behind one. */
export const APP_READS_PER_MINUTE = 1200;

export const APP_TEXTS = {
  fetched: 'Fetched successfully',
  notFound: (one: string) => `${one} not found`,
  limitInvalid: `limit must be a whole number from 1 to ${APP_PAGE.max}`,
  afterInvalid: 'after is not a page token this list gave: start again from the first page',
  sinceInvalid: 'since is not a cursor this API gave: load the list afresh',
  sinceExpired: `This cursor is older than ${SYNC_CURSOR_DAYS} days: load the list afresh and sync from its new cursor`,
  afterWithSince: 'Use either after (paging) or since (sync), not both',
  sinceWithFilters: 'since syncs the whole list: leave out the filters and sort the records in the app',
  filterInvalid: (name: string) => `${name} is not a value this filter takes`,
  idInvalid: 'The id is not valid',
  tooManyReads: `Too many requests from this address. ${pleaseWait(MINUTE_WINDOW_SECONDS)}`,
  originNotAllowed: "This origin may not call the app's API: the league adds a web app's origin to APP_ORIGINS",
} as const;
