import { Redis } from 'ioredis';

export { Redis };

/**
 * One client per service. Commands fail fast while disconnected (no unbounded offline queue),
 * so a Redis outage shows up as errors the caller handles rather than as hung requests.
 */
export function createRedis(url: string, keyPrefix = ''): Redis {
  return new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 3000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}
