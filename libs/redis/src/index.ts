import { Redis } from 'ioredis';

export { Redis };

/**
 * One client per service. Commands fail fast while disconnected (no unbounded offline queue),
 * so a Redis outage shows up as errors the caller handles rather than as hung requests.
 * Auto-pipelining sends the commands issued in one event-loop tick as one write: the gateway
 * makes two or three small calls per request, which under load coalesce instead of each
 * costing a syscall and a packet.
 */
export function createRedis(url: string, keyPrefix = ''): Redis {
  return new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    enableAutoPipelining: true,
    enableOfflineQueue: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 3000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}
