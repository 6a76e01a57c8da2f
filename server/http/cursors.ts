/**
 * The app's paging and sync tokens: opaque to the app, checked when they come back.
 * - `next` (sent back as `after`): the last record's order value and id.
 * - `cursor` (sent back as `since`): the sync position and the instant it was given, so a cursor
 *   older than the removals kept (SYNC_CURSOR_DAYS) is known as expired. A catch-up's cursor (an
 *   answer with `more`) adds where the catch-up reads up to, when that was taken, and the last
 *   removal or change answered; it expires with the position it started from.
 * A token is read only if it is exactly as this API writes one, holding values of the types and ranges
 * the database takes: anything else (garbage, a tampered one, a `next` sent as `since`) is a 400, never
 * a query the database refuses with a 500.
 */
import { APP_TEXTS, SYNC_CURSOR_DAYS } from '../../src/domain/app';
import { HttpError } from '../errors';
import { SNAPSHOT, type Keyset, type OrderKind, type SyncKeyset } from '../repositories/app-content';
import { isId } from '../repositories/ids';
import { INTEGER_MAX } from '../schemas/numbers';

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
  throw new HttpError(400, APP_TEXTS.afterInvalid, undefined, 'cursor.invalid');
}

/** Where a sync starts: the position the app synced to and when its cursor was given; during a catch-up, where it stands. */
export interface SyncCursor {
  since: string;
  at: Date;
  catchUp?: { upto: string; at: Date; after: SyncKeyset };
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

export const cursorToken = (position: string, now: Date) => encode([position, seconds(now)]);

/** A catch-up's cursor: read again, it answers the page after `after`. */
export const catchUpToken = ({ since, at, catchUp }: Required<SyncCursor>) => encode([since, seconds(at), catchUp.upto, seconds(catchUp.at), catchUp.after.part, catchUp.after.id]);

const CURSOR_LIFETIME_MS = SYNC_CURSOR_DAYS * 24 * 60 * 60 * 1000;

/** The oldest instant a valid cursor was given at: removals before it are no longer needed. */
export const oldestValidCursor = (now: Date) => new Date(now.getTime() - CURSOR_LIFETIME_MS);

/** Whether snapshot `later` was taken no earlier than `earlier`: both its xmin and its xmax are at least theirs. */
function notBefore(later: string, earlier: string) {
  const [laterParts, earlierParts] = [SNAPSHOT.exec(later)!, SNAPSHOT.exec(earlier)!];
  return BigInt(laterParts[1]) >= BigInt(earlierParts[1]) && BigInt(laterParts[2]) >= BigInt(earlierParts[2]);
}

/** A catch-up's part as this API writes it: a snapshot taken after the cursor's, at or after its instant, and a part and id. */
function validCatchUp(value: unknown[]) {
  const [since, at, upto, uptoAt, part, id] = value;
  return (
    typeof upto === 'string' &&
    validSnapshot(upto) &&
    notBefore(upto, since as string) &&
    Number.isInteger(uptoAt) &&
    (uptoAt as number) >= (at as number) &&
    (part === 'removed' || part === 'changed') &&
    typeof id === 'string' &&
    isId(id)
  );
}

/** What a `since` cursor names: a 400 for anything this API did not give, a 410 once it has expired. */
export function readCursor(token: string, now: Date): SyncCursor {
  const value = decode(token);
  if (!Array.isArray(value) || (value.length !== 2 && value.length !== 6) || typeof value[0] !== 'string' || !validSnapshot(value[0]) || !Number.isInteger(value[1])) {
    throw new HttpError(400, APP_TEXTS.sinceInvalid, undefined, 'cursor.invalid');
  }
  if (value.length === 6 && !validCatchUp(value)) throw new HttpError(400, APP_TEXTS.sinceInvalid, undefined, 'cursor.invalid');
  const at = new Date((value[1] as number) * 1000);
  if (at < oldestValidCursor(now)) throw new HttpError(410, APP_TEXTS.sinceExpired, undefined, 'cursor.expired');
  if (value.length === 2) return { since: value[0], at };
  return { since: value[0], at, catchUp: { upto: value[2], at: new Date(value[3] * 1000), after: { part: value[4], id: value[5] } } };
}
