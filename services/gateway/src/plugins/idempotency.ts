import { randomUUID } from 'node:crypto';
import { AppError, validationError } from '@coin/errors';
import { redisFailureLogLevel, type Redis } from '@coin/redis';
import { sha256Hex, uuidV5 } from '@coin/security';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idempotencyKey } from '@coin/contracts';
import { principalOf } from './auth';

/**
 * Idempotency of money commands (SPEC §4), in three parts:
 * - the command id: UUIDv5 of (caller, route, Idempotency-Key) when the header is given, so a
 *   retry produces the very same command and the ledger answers it from its stored outcome
 *   (also after a restart); a random UUID otherwise, so a Kafka redelivery still applies once;
 * - the request hash: sha256 of route + canonical body, stored by the ledger with the outcome,
 *   so the same key with another body is refused (422 IDEMPOTENCY_KEY_REUSED);
 * - a Redis lock per (caller, key) while the request is in flight: a concurrent duplicate gets
 *   409 REQUEST_IN_PROGRESS instead of waiting. The lock is only a courtesy: correctness comes
 *   from the command id, so a lost lock (Redis restart, TTL) cannot apply anything twice.
 *
 * With Redis unreachable a keyed request gets 503 UNAVAILABLE with Retry-After, before any command
 * exists (so nothing runs), within the Redis client's command timeout. Going on without the lock
 * would still apply once (the command id), but concurrent duplicates would then both run the
 * route's gateway-side steps, which were designed with the lock in place; a caller that sent a
 * key asked for that guarantee, and a retry after the outage keeps it. Requests without a key
 * take no lock and go on as usual (docs/DESIGN.md "Idempotency keys").
 */

/** What a 503 tells the caller to wait before retrying with the same key: Redis reconnects about every second. */
const lockUnavailableRetryAfterS = 1;

/** SPEC §4: the header's rule is the shared contract's (`idempotencyKey`). */
export const idempotencyKeyHeader = 'idempotency-key';
export const idempotencyHeaders = z.looseObject({ [idempotencyKeyHeader]: idempotencyKey.optional() });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is a money command: it gets a command id and a request hash, and honours Idempotency-Key. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: Idempotency;
  }
}

export interface Idempotency {
  commandId: string;
  requestHash: string;
  lock?: { key: string; token: string };
}

export interface IdempotencyOptions {
  redis: Redis;
  /** How long the in-flight lock lives if its release is lost: a little over the command timeout. */
  lockMs: number;
}

/** JSON with object keys sorted at every level: equal bodies hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const releaseScript = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

type RedisWithRelease = Redis & { idempotencyRelease(key: string, token: string): Promise<number> };

export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  // A defined command runs by EVALSHA: the script text is not sent and hashed on every release.
  if (!('idempotencyRelease' in options.redis)) options.redis.defineCommand('idempotencyRelease', { numberOfKeys: 1, lua: releaseScript });
  const redis = options.redis as RedisWithRelease;
  // preHandler: after authentication and body validation, so only valid requests take a lock.
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.idempotent) return;
    const principal = principalOf(request);
    const route = `${request.method} ${request.routeOptions.url}`;
    const requestHash = sha256Hex(`${route}\n${canonicalJson(request.body)}`);
    const key = request.headers[idempotencyKeyHeader];
    if (key === undefined) {
      request.idempotency = { commandId: randomUUID(), requestHash };
      return;
    }
    // The route schema validated the header already; this guards a route that forgot `headers`.
    const checked = idempotencyKey.safeParse(key);
    if (!checked.success) {
      throw validationError([{ path: `headers.${idempotencyKeyHeader}`, message: checked.error.issues[0]?.message ?? 'invalid' }]);
    }
    const commandId = uuidV5(`${principal.kind}:${principal.subject}:${route}:${checked.data}`);
    const lock = { key: `idem:${commandId}`, token: randomUUID() };
    let acquired: string | null;
    try {
      acquired = await options.redis.set(lock.key, lock.token, 'PX', options.lockMs, 'NX');
    } catch (err) {
      // Even a lock that timed out may have been set: it then expires after lockMs, and a retry
      // before that gets 409 REQUEST_IN_PROGRESS, as retryable as this 503.
      request.log[redisFailureLogLevel(err)]({ err }, 'idempotency lock unavailable; answered 503');
      reply.header('retry-after', String(lockUnavailableRetryAfterS));
      throw new AppError('UNAVAILABLE', 'The request could not be accepted right now; retry with the same Idempotency-Key');
    }
    if (acquired !== 'OK') throw new AppError('REQUEST_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed');
    request.idempotency = { commandId, requestHash, lock };
  });

  app.addHook('onResponse', async (request) => {
    const lock = request.idempotency?.lock;
    if (!lock) return;
    await redis.idempotencyRelease(lock.key, lock.token).catch((err: unknown) => {
      request.log.warn({ err }, 'idempotency lock not released; it expires on its own');
    });
  });
}

/** The command id and request hash of an idempotent route (the hook guarantees them). */
export function idempotencyOf(request: FastifyRequest): Idempotency {
  if (!request.idempotency) throw new Error('idempotencyOf called on a route without config.idempotent');
  return request.idempotency;
}
