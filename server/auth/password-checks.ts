/**
 * A cap on the password checks of sign-in: each takes a thread of libuv's pool and 19 MiB, and the
 * pool (4 threads) also serves file reads for uploads. Checks beyond the cap wait their turn; when
 * too many already wait, the next one is refused at once with a 503 rather than queueing unbounded.
 */
import pLimit from 'p-limit';
import { AUTH } from '../../src/domain/messages';
import { HttpError } from '../errors';

const RUNNING = 2;
const WAITING = 32;

export function passwordCheckQueue(running = RUNNING, waiting = WAITING) {
  const limit = pLimit(running);
  return <T>(check: () => Promise<T>): Promise<T> => {
    if (limit.pendingCount >= waiting) throw new HttpError(503, AUTH.signInBusy);
    return limit(check);
  };
}
