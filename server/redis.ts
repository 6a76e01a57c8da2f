/**
 * The Redis that servers share (REDIS_URL): sign-in limits are counted there, so an attacker gets
 * the same ten tries a minute however many servers stand behind the proxy. Commands fail at once
 * while it is unreachable (no queue that would hold a sign-in for minutes); the client keeps
 * reconnecting in the background.
 */
import { Redis } from 'ioredis';

export type { Redis };

export function connectRedis(url: string, onError: (error: Error) => void): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // One report per outage, not one per reconnect attempt.
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) onError(error);
    reported = true;
  });
  redis.on('ready', () => (reported = false));
  return redis;
}

/** Waits until the client is connected, or `ms` passed: a server may start while Redis is down, and answers 503 for sign-in until it is back. */
export const redisReady = (redis: Redis, ms = 3_000): Promise<boolean> =>
  redis.status === 'ready'
    ? Promise.resolve(true)
    : new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
