/**
 * A cap on the server's password hashing and checks: each takes a thread of libuv's pool and 19 MiB,
 * and the pool (4 threads) also serves file reads for uploads. Checks beyond the cap wait their turn;
 * when too many already wait, the next one is refused at once with a 503 rather than queueing
 * unbounded. The app holds one queue (`app.checkPassword`) that every route hashing a password goes
 * through, admins' and fans', JSON or the reset page's form, so no route can flood the pool past it.
 */
import pLimit from 'p-limit';
import { AUTH } from '../../src/domain/messages';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs a password hash or check in the server's one bounded queue. */
    checkPassword: PasswordCheck;
  }
}

export type PasswordCheck = <T>(check: () => Promise<T>) => Promise<T>;

const RUNNING = 2;
const WAITING = 32;

export function passwordCheckQueue(running = RUNNING, waiting = WAITING): PasswordCheck {
  const limit = pLimit(running);
  return <T>(check: () => Promise<T>): Promise<T> => {
    if (limit.pendingCount >= waiting) throw new HttpError(503, AUTH.signInBusy);
    return limit(check);
  };
}
