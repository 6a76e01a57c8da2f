/**
 * The app's paging and sync tokens: opaque to the app, checked when they come back.
 * - `next` (sent back as `after`): the last record's order value and id.
 * - `cursor` (sent back as `since`): the sync position and the instant it was given, so a cursor
 *   older than the removals kept (SYNC_CURSOR_DAYS) is known as expired.
 * A token is read only if it is exactly as this API writes one, holding values of the types and ranges
 * the database takes: anything else (garbage, a tampered one, a `next` sent as `since`) is a 400, never
 * a query the database refuses with a 500.
 */
import { APP_TEXTS, SYNC_CURSOR_DAYS } from '../../../src/domain/app';
import { HttpError } from '../../errors';
import { SNAPSHOT, type Keyset, type OrderKind } from '../../repositories/app-content';
import { isId } from '../../repositories/ids';
import { INTEGER_MAX } from '../../schemas/numbers';

const LARGEST_XID = 2n ** 64n - 1n;

/** A snapshot's text as PostgreSQL reads it: 0 < xmin ≤ xmax, and the running ones ascending within them. */
function validSnapshot(text: string) {
  const parts = SNAPSHOT.exec(text);
  if (!parts) return false;
  const [xmin, xmax] = [BigInt(parts[1]), BigInt(parts[2])];
  const running = parts[3] ? parts[3].split(',').map(BigInt) : [];
  return xmin > 0n && xmax <= LARGEST_XID && xmin <= xmax && running.every((xid, i) => xid >= xmin && xid < xmax && (i === 0 || xid > running[i - 1]));
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The token's value; undefined unless the token is that value as `encode` writes it (base64url decoding skips stray characters). */
function decode(token: string): unknown {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    return encode(value) === token ? value : undefined;
  } catch {
    return undefined;
  }
}

/** An order value the list's column takes: an instant PostgreSQL can hold, a whole number its integers hold, or text without a NUL. */
function validOrderValue(value: unknown, kind: OrderKind): value is string | number {
  if (kind === 'number') return Number.isInteger(value) && Math.abs(value as number) <= INTEGER_MAX;
  if (typeof value !== 'string' || value.includes('\0')) return false;
  if (kind === 'text') return true;
  const year = new Date(value).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

export const pageToken = (keyset: Keyset) => encode([keyset.value, keyset.id]);

/** The keyset an `after` token names; a 400 for anything this API did not give. */
export function readPageToken(token: string, kind: OrderKind): Keyset {
  const value = decode(token);
  if (Array.isArray(value) && value.length === 2 && validOrderValue(value[0], kind) && typeof value[1] === 'string' && isId(value[1])) return { value: value[0], id: value[1] };
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
