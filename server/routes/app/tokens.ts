/**
 * The app's paging and sync tokens: opaque to the app, checked when they come back.
 * - `next` (sent back as `after`): the last record's order value and id.
 * - `cursor` (sent back as `since`): the sync position and the instant it was given, so a cursor
 *   older than the removals kept (SYNC_CURSOR_DAYS) is known as expired.
 */
import { APP_TEXTS, SYNC_CURSOR_DAYS } from '../../../src/domain/app';
import { HttpError } from '../../errors';
import { SNAPSHOT, type Keyset } from '../../repositories/app-content';
import { isId } from '../../repositories/ids';

const LARGEST_XID = 2n ** 64n - 1n;

/** A snapshot's text as PostgreSQL reads it: xmin ≤ xmax, and the running ones ascending within them. */
function validSnapshot(text: string) {
  const parts = SNAPSHOT.exec(text);
  if (!parts) return false;
  const [xmin, xmax] = [BigInt(parts[1]), BigInt(parts[2])];
  const running = parts[3] ? parts[3].split(',').map(BigInt) : [];
  return xmax <= LARGEST_XID && xmin <= xmax && running.every((xid, i) => xid >= xmin && xid < xmax && (i === 0 || xid > running[i - 1]));
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decode(token: string): unknown {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

export const pageToken = (keyset: Keyset) => encode([keyset.value, keyset.id]);

/** The keyset an `after` token names; a 400 for anything this API did not give. */
export function readPageToken(token: string, byTime: boolean): Keyset {
  const value = decode(token);
  if (Array.isArray(value) && value.length === 2 && isId(String(value[1]))) {
    const [at, id] = value as [unknown, string];
    if (byTime ? typeof at === 'string' && !Number.isNaN(Date.parse(at)) : typeof at === 'string' || (typeof at === 'number' && Number.isFinite(at))) return { value: at as string | number, id };
  }
  throw new HttpError(400, APP_TEXTS.afterInvalid);
}

export const cursorToken = (position: string, now: Date) => encode([position, Math.floor(now.getTime() / 1000)]);

const CURSOR_LIFETIME_MS = SYNC_CURSOR_DAYS * 24 * 60 * 60 * 1000;

/** The oldest instant a valid cursor was given at: removals before it are no longer needed. */
export const oldestValidCursor = (now: Date) => new Date(now.getTime() - CURSOR_LIFETIME_MS);

/** The position a `since` cursor names: a 400 for anything this API did not give, a 410 once it has expired. */
export function readCursor(token: string, now: Date): string {
  const value = decode(token);
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || !validSnapshot(value[0]) || !Number.isInteger(value[1])) {
    throw new HttpError(400, APP_TEXTS.sinceInvalid);
  }
  if ((value[1] as number) * 1000 < oldestValidCursor(now).getTime()) throw new HttpError(410, APP_TEXTS.sinceExpired);
  return value[0];
}
