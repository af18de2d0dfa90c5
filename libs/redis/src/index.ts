import { Redis, ReplyError } from 'ioredis';
import { traceableModule } from '@coin/telemetry';

// Commands get spans when tracing is on (the maintained ioredis instrumentation; nothing is patched otherwise).
traceableModule('ioredis', Redis);

export { Redis };

/** The default bound on one Redis call: Redis answers in well under a millisecond when it is there. */
export const redisCommandTimeoutMsDefault = 500;
/** The longest pause between reconnection attempts: how late after Redis is back traffic finds it again. */
const reconnectDelayMsMax = 1000;
/** A server that accepts the connection but does not answer still has to be given up on. */
const connectTimeoutMs = 3000;

export interface RedisClientOptions {
  /** Every command settles (answer or error) within this; see createRedis. */
  commandTimeoutMs?: number;
}

/**
 * One client per service. Every call settles within `commandTimeoutMs`, whatever Redis does, so
 * a Redis outage shows up as errors the caller handles (fail open, fail over to the source, or
 * answer 503) rather than as hung requests:
 * - while not connected, a command fails at once (no offline queue): a refused connection costs
 *   nothing, and no command is queued to run later, after its caller was already answered;
 * - a connection that answers nothing for 4/5 of `commandTimeoutMs` while commands wait (a server that
 *   froze, a partition that swallows packets) is closed, which fails every command waiting on it
 *   at once (`maxRetriesPerRequest: 0`) and starts a reconnection; until that succeeds, commands
 *   fail at once as above. So one request pays the timeout at most once per outage, not once per
 *   call it makes;
 * - `commandTimeout` bounds each command on its own as well;
 * - commands cut off by a lost connection are not sent again on the next one: their callers
 *   have already been told they failed.
 * Reconnection goes on in the background, every second at most once Redis is gone.
 * Auto-pipelining sends the commands issued in one event-loop tick as one write: the gateway
 * makes two or three small calls per request, which under load coalesce instead of each
 * costing a syscall and a packet.
 */
export function createRedis(url: string, keyPrefix = '', options: RedisClientOptions = {}): Redis {
  const commandTimeoutMs = options.commandTimeoutMs ?? redisCommandTimeoutMsDefault;
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: commandTimeoutMs,
    // Before any command's own timeout: the silent connection is closed first, so a caller told
    // its command timed out cannot write the next one onto it (with equal timeouts, a command's
    // timer could fire first, and the next command went onto the socket about to be closed,
    // where a healed network would still deliver it).
    socketTimeout: socketTimeoutMsOf(commandTimeoutMs),
    connectTimeout: connectTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 100, reconnectDelayMsMax),
  });
  return redis;
}

/** Four fifths of the command timeout: the connection's silence is judged before any one command's. */
export function socketTimeoutMsOf(commandTimeoutMs: number): number {
  return Math.max(1, Math.floor(commandTimeoutMs * 0.8));
}

/**
 * Whether a Redis call failed because Redis could not be reached or did not answer in time, as
 * opposed to an answer that is an error (WRONGTYPE, a script error): the former is the world's
 * and passes, the latter is the command's.
 */
export function isRedisUnreachable(err: unknown): boolean {
  return err instanceof Error && !(err instanceof ReplyError);
}

/**
 * The level of a per-request log line about a failed Redis call. An unreachable Redis is logged
 * once by the connection (service wiring), counted and shown in /readyz: a line per request
 * would only flood the logs for the length of the outage. An error Redis answered is worth a
 * warning each time.
 */
export function redisFailureLogLevel(err: unknown): 'debug' | 'warn' {
  return isRedisUnreachable(err) ? 'debug' : 'warn';
}

/**
 * Closes a client for good: no reconnection after it, and the client ends ('end'). ioredis's own
 * disconnect() while a reconnection is pending (status 'reconnecting') cancels the reconnection
 * but leaves the client 'reconnecting' for ever: there is no socket whose close would end it.
 * Starting that reconnection and disconnecting in the same tick ends it instead, before any
 * socket is opened (the connector sees the disconnect first and fails the connect).
 */
export function disconnectForGood(redis: Redis): void {
  if (redis.status === 'reconnecting') redis.connect().catch(() => undefined);
  redis.disconnect();
}

/**
 * A connection of `redis`'s own for SUBSCRIBE, whose owner subscribes its channels again itself
 * each time it is ready after a loss. ioredis's own resubscription (`autoResubscribe`) sends
 * SUBSCRIBE from its ready handler with no handler of its own: when the connection is lost again
 * while that waits (maxRetriesPerRequest 0 fails it at once), the rejection reaches no one, and
 * an unhandled rejection ends a Node process; the channels also stay unsubscribed.
 */
export function subscriberConnection(redis: Redis): Redis {
  return redis.duplicate({ autoResubscribe: false });
}

/**
 * Calls `down` once when a client's connection fails and `back` once when it is ready again,
 * instead of once per reconnection attempt (about every second). Listening also keeps ioredis
 * from printing each failure to the console itself ("Unhandled error event").
 */
export function onOutages(redis: Pick<Redis, 'on'>, handlers: { down: (err: Error) => void; back: () => void }): void {
  let reachable = true;
  redis.on('error', (err: Error) => {
    if (!reachable) return;
    reachable = false;
    handlers.down(err);
  });
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    handlers.back();
  });
}

/** How long a service's start waits for Redis (connectRedis) before it gives up. */
export const redisStartWaitMsDefault = 30_000;

/**
 * Connects a client of createRedis at a service's start, waiting up to `waitMs` for it to be
 * ready. A first connection whose ready check goes unanswered past the socket timeout (a loaded
 * machine, a Redis still loading its data) is closed, and ioredis's own reconnection tries again
 * within a second; so one late answer does not end the start, and a Redis that never answers
 * still does, after `waitMs`, with the last error said and the reconnection stopped.
 */
export async function connectRedis(redis: Redis, waitMs = redisStartWaitMsDefault): Promise<void> {
  if (redis.status === 'ready') return;
  let lastError: Error | undefined;
  const noteError = (err: Error) => (lastError = err);
  let settle: (err?: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    settle = (err) => (err ? reject(err) : resolve());
  });
  const onReady = () => settle();
  const onEnd = () => settle(new Error(`Redis connection ended before it was ready${lastError ? `: ${lastError.message}` : ''}`));
  const timer = setTimeout(
    () => settle(new Error(`Redis not ready within ${waitMs} ms${lastError ? `: ${lastError.message}` : ''}`)),
    waitMs,
  );
  redis.on('error', noteError);
  redis.once('ready', onReady);
  redis.once('end', onEnd);
  // A failed first attempt is not the answer: ioredis reconnects by itself (createRedis's retryStrategy).
  redis.connect().catch(noteError);
  try {
    await ready;
  } catch (err) {
    disconnectForGood(redis);
    throw err;
  } finally {
    clearTimeout(timer);
    redis.off('error', noteError);
    redis.off('ready', onReady);
    redis.off('end', onEnd);
  }
}
