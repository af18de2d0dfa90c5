import { randomUUID } from 'node:crypto';
import { AppError, validationError } from '@coin/errors';
import { redisFailureLogLevel, type Redis } from '@coin/redis';
import { sha256Hex, uuidV5 } from '@coin/security';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { canonicalJson, idempotencyKey } from '@coin/contracts';
import { principalOf } from './auth';
import type { RequestGate } from './request-gate';

/**
 * Idempotency of money commands (docs/CONTRACT.md "Idempotency"), in three parts:
 * - the command id: UUIDv5 of (caller, route, Idempotency-Key) when the header is given, so a
 *   retry produces the very same command and the ledger answers it from its stored outcome
 *   (also after a restart); a random UUID otherwise, so a Kafka redelivery still applies once;
 * - the request hash: sha256 of the whole request (requestHashOf: method, concrete path with its
 *   path parameters and query string, caller, the API key used on routes that take one, and the
 *   canonical body), stored with the outcome by the service that applies the command (ledger
 *   processed_commands, user service for platform clients), so the same key on another hold's or
 *   approval's path, with another body or with another API key is refused (422
 *   IDEMPOTENCY_KEY_REUSED), never answered with the first request's outcome;
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
 *
 * For `GET /api/commands/{key}` (routes/commands.ts) the answer a keyed command got from the
 * ledger (its 201, or its 4xx rejection) is also recorded in Redis for `answerTtlMs`, before it is
 * sent: the status read then says DONE with that answer, IN_PROGRESS while the lock is held, or
 * UNKNOWN. The record is only for that read: a retry still goes to the ledger, whose stored
 * outcome is the truth (a 504, a 503 or a lost record leave UNKNOWN, and the retry is safe).
 *
 * Round trips: a user's keyed write on a route with the per-caller limit
 * takes its lock in the request gate's one script, after the token version check and the limit
 * (plugins/request-gate.ts): not taken for a revoked token or a request over its limit. On any
 * other path (a cache miss, a platform client, a route with an API-key scope) the lock's SET NX
 * is sent from onRequest, without waiting, beside the route's rate-limit check (the client
 * pipelines the commands of one tick: libs/redis). preHandler, after body validation, acts on
 * the outcome either way (503, 409 or go on). The answer record and the lock release are sent
 * together in onSend. A keyed request answered before preHandler (429 on the second path, 400)
 * gives a lock it holds back after its answer (onResponse).
 */

/** What a 503 tells the caller to wait before retrying with the same key: Redis reconnects about every second. */
const lockUnavailableRetryAfterS = 1;

/** docs/CONTRACT.md "Idempotency": the header's rule is the shared contract's (`idempotencyKey`). */
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
  /**
   * Read when the command is built, in the handler: it includes the API key that authorised the
   * request, which a route checking its scope in the handler (approvals) knows only then.
   */
  readonly requestHash: string;
  lock?: { key: string; token: string };
  /** Set by the route when the answer about to be sent is the command's own (the ledger's 201 or rejection). */
  commandAnswered?: boolean;
  /** Set when the command was answered from its stored outcome: a retry of one already applied or refused. */
  replayed?: boolean;
}

export interface IdempotencyOptions {
  redis: Redis;
  /** How long the in-flight lock lives if its release is lost: a little over the command timeout. */
  lockMs: number;
  /** How long the answer of a keyed command stays readable through GET /api/commands/{key}. */
  answerTtlMs?: number;
  /** Takes the lock in the request gate's script, with the token version and the write limit (plugins/request-gate.ts). */
  gate?: RequestGate;
}

/** Default lifetime of a recorded answer: a day, long enough for any platform's retry or reconciliation. */
export const idempotencyAnswerTtlMsDefault = 24 * 60 * 60 * 1000;

/** What GET /api/commands/{key} answers (libs/contracts `commandStatus`). */
export type CommandStatus =
  | { status: 'IN_PROGRESS' }
  | { status: 'DONE'; statusCode: number; body: unknown; request: string }
  | { status: 'UNKNOWN' };

/** Reads what became of the caller's keyed commands. */
export interface CommandStatusReader {
  statusOf(principal: { kind: string; subject: string }, key: string): Promise<CommandStatus>;
}

interface RecordedAnswer {
  statusCode: number;
  body: unknown;
  request: string;
  recordedAt: number;
}

/** The one rule for the command id of a keyed request: per caller, route and key. */
function keyedCommandId(principal: { kind: string; subject: string }, route: string, key: string): string {
  return uuidV5(`${principal.kind}:${principal.subject}:${route}:${key}`);
}
const lockKeyOf = (commandId: string) => `idem:${commandId}`;
const answerKeyOf = (commandId: string) => `idem:answer:${commandId}`;

/** Marks the answer about to be sent as the command's own, so GET /api/commands/{key} can show it. */
export function markCommandAnswered(request: FastifyRequest): void {
  if (request.idempotency) request.idempotency.commandAnswered = true;
}

/**
 * What a retry must repeat exactly to be answered from the stored outcome: the
 * method and the concrete URL as sent (path parameters, so another hold's capture or another
 * approval's decision is another request; and the query string, which no keyed route reads but a
 * retry repeats verbatim anyway), the caller (already in the command id: a second namespace
 * costs nothing), the API key used on routes that need one (another key of the same admin is
 * another authorisation), and the canonical body. Each part on its own line, the body last, so
 * no part can run into the next.
 */
export function requestHashOf(parts: {
  method: string;
  url: string;
  principal: { kind: string; subject: string };
  apiKeyId?: string | undefined;
  body: unknown;
}): string {
  return sha256Hex(
    [
      'v2',
      `${parts.method} ${parts.url}`,
      `${parts.principal.kind}:${parts.principal.subject}`,
      `api-key:${parts.apiKeyId ?? ''}`,
      canonicalJson(parts.body ?? null),
    ].join('\n'),
  );
}

const releaseScript = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

type RedisWithRelease = Redis & { idempotencyRelease(key: string, token: string): Promise<number> };

type LockOutcome = { acquired: boolean } | { error: unknown };
/** A lock SET NX sent for a keyed request, with its outcome as a value (it never rejects). */
interface LockAttempt {
  /** The Idempotency-Key it was made for: preHandler reuses its command id (a SHA-1) rather than computing it again. */
  key: string;
  commandId: string;
  lock: { key: string; token: string };
  outcome: Promise<LockOutcome>;
}

export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): CommandStatusReader {
  const answerTtlMs = options.answerTtlMs ?? idempotencyAnswerTtlMsDefault;
  /** Every keyed route ("POST /api/coins/transfer"…): a key's command id depends on the route. */
  const idempotentRoutes: string[] = [];
  app.addHook('onRoute', (route) => {
    if (!(route.config as { idempotent?: boolean } | undefined)?.idempotent) return;
    for (const method of [route.method].flat()) idempotentRoutes.push(`${String(method)} ${route.url}`);
  });
  // A defined command runs by EVALSHA: the script text is not sent and hashed on every release.
  if (!('idempotencyRelease' in options.redis)) options.redis.defineCommand('idempotencyRelease', { numberOfKeys: 1, lua: releaseScript });
  const redis = options.redis as RedisWithRelease;
  /** Lock attempts sent from onRequest, read by preHandler and onResponse. */
  const attempts = new WeakMap<FastifyRequest, LockAttempt>();
  /** Requests whose lock release was sent with their answer record (onSend). */
  const released = new WeakSet<FastifyRequest>();
  const tryLock = (key: string, commandId: string): LockAttempt => {
    const lock = { key: lockKeyOf(commandId), token: randomUUID() };
    // Settled into a value at once: a request answered before preHandler (429, 400) never reads it.
    const outcome = options.redis.set(lock.key, lock.token, 'PX', options.lockMs, 'NX').then(
      (answer): LockOutcome => ({ acquired: answer === 'OK' }),
      (err: unknown): LockOutcome => ({ error: err }),
    );
    return { key, commandId, lock, outcome };
  };
  /** Requests whose lock the gate did not take because their write limit was exceeded (they get 429 next). */
  const skipped = new WeakSet<FastifyRequest>();
  if (options.gate) {
    options.gate.lock = (request, principal) => {
      if (!request.routeOptions.config?.idempotent) return undefined;
      const checked = idempotencyKey.safeParse(request.headers[idempotencyKeyHeader]);
      if (!checked.success) return undefined;
      const commandId = keyedCommandId(principal, `${request.method} ${request.routeOptions.url}`, checked.data);
      const lock = { key: lockKeyOf(commandId), token: randomUUID() };
      return {
        ...lock,
        ms: options.lockMs,
        settle: (result) => {
          if ('skipped' in result) skipped.add(request);
          else attempts.set(request, { key: checked.data, commandId, lock, outcome: Promise.resolve(result) });
        },
      };
    };
  }

  // onRequest, after authentication (global hooks run before a route's own): the lock is sent
  // now, not awaited, so it shares its round trip with the rate-limit check (see above).
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config?.idempotent || !request.principal) return;
    // The gate took it, or left it for a request about to get 429.
    if (attempts.has(request) || skipped.has(request)) return;
    const checked = idempotencyKey.safeParse(request.headers[idempotencyKeyHeader]);
    // No key, or one the route schema will refuse: nothing to lock.
    if (!checked.success) return;
    attempts.set(
      request,
      tryLock(checked.data, keyedCommandId(request.principal, `${request.method} ${request.routeOptions.url}`, checked.data)),
    );
  });

  // preHandler: after authentication and body validation, so only valid requests go on with a lock.
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.idempotent) return;
    const principal = principalOf(request);
    const route = `${request.method} ${request.routeOptions.url}`;
    const hashOf = () =>
      requestHashOf({ method: request.method, url: request.url, principal, apiKeyId: request.apiKeyId, body: request.body });
    const key = request.headers[idempotencyKeyHeader];
    if (key === undefined) {
      request.idempotency = {
        commandId: randomUUID(),
        get requestHash() {
          return hashOf();
        },
      };
      return;
    }
    // The route schema validated the header already; this guards a route that forgot `headers`.
    const checked = idempotencyKey.safeParse(key);
    if (!checked.success) {
      throw validationError([{ path: `headers.${idempotencyKeyHeader}`, message: checked.error.issues[0]?.message ?? 'invalid' }]);
    }
    // The same request, principal and route as in onRequest: the same key gives the same command id.
    const sent = attempts.get(request);
    const attempt = sent?.key === checked.data ? sent : tryLock(checked.data, keyedCommandId(principal, route, checked.data));
    const commandId = attempt.commandId;
    attempts.set(request, attempt);
    const outcome = await attempt.outcome;
    if ('error' in outcome) {
      // Even a lock that timed out may have been set: it then expires after lockMs, and a retry
      // before that gets 409 REQUEST_IN_PROGRESS, as retryable as this 503.
      request.log[redisFailureLogLevel(outcome.error)]({ err: outcome.error }, 'idempotency lock unavailable; answered 503');
      reply.header('retry-after', String(lockUnavailableRetryAfterS));
      throw new AppError('UNAVAILABLE', 'The request could not be accepted right now; retry with the same Idempotency-Key');
    }
    if (!outcome.acquired) throw new AppError('REQUEST_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed');
    request.idempotency = {
      commandId,
      lock: attempt.lock,
      get requestHash() {
        return hashOf();
      },
    };
  });

  const release = (request: FastifyRequest, lock: { key: string; token: string }): Promise<unknown> =>
    redis.idempotencyRelease(lock.key, lock.token).catch((err: unknown) => {
      request.log.warn({ err }, 'idempotency lock not released; it expires on its own');
    });

  // Recorded before the answer leaves, so a status read after it never says UNKNOWN or
  // IN_PROGRESS for a command whose answer the caller already has. The first answer stands (NX):
  // the ledger answers every retry of the command the same way. The lock release goes with the
  // record, after it on the same connection, so a status read sees the lock or the answer, and
  // costs no round trip of its own.
  app.addHook('onSend', (request, reply, payload, done) => {
    const idempotency = request.idempotency;
    // Stripe's header: this answer is the one the key's first request got (only for a keyed request).
    if (idempotency?.replayed && idempotency.commandAnswered && request.headers[idempotencyKeyHeader] !== undefined)
      reply.header('idempotent-replayed', 'true');
    if (!idempotency?.lock || !idempotency.commandAnswered || typeof payload !== 'string') {
      done(null, payload);
      return;
    }
    // The payload is the JSON the route's serializer produced: embedded as is, not parsed again.
    // The concrete request (path parameters included), as the request hash names it.
    const meta = { statusCode: reply.statusCode, request: `${request.method} ${request.url}`, recordedAt: Date.now() };
    const answer = `${JSON.stringify(meta).slice(0, -1)},"body":${payload}}`;
    const recorded = options.redis.set(answerKeyOf(idempotency.commandId), answer, 'PX', answerTtlMs, 'NX').catch((err: unknown) => {
      request.log[redisFailureLogLevel(err)]({ err }, 'command answer not recorded; its status reads UNKNOWN');
    });
    released.add(request);
    void Promise.all([recorded, release(request, idempotency.lock)]).finally(() => done(null, payload));
  });

  // Any other lock is released once the answer is out: one taken in onRequest by a request
  // answered before preHandler, or one whose answer was not the command's (504, a route's error).
  app.addHook('onResponse', async (request) => {
    if (released.has(request)) return;
    let lock = request.idempotency?.lock;
    const attempt = attempts.get(request);
    if (!lock && attempt) {
      const outcome = await attempt.outcome;
      if ('acquired' in outcome && outcome.acquired) lock = attempt.lock;
    }
    if (!lock) return;
    await release(request, lock);
  });

  return {
    async statusOf(principal, key) {
      const commandIds = idempotentRoutes.map((route) => keyedCommandId(principal, route, key));
      if (commandIds.length === 0) return { status: 'UNKNOWN' };
      let values: Array<string | null>;
      try {
        values = await options.redis.mget(...commandIds.map(answerKeyOf), ...commandIds.map(lockKeyOf));
      } catch (err) {
        throw new AppError('UNAVAILABLE', `The command status cannot be read right now; retry later (${(err as Error).name})`);
      }
      const answers = values
        .slice(0, commandIds.length)
        .flatMap((value) => (value === null ? [] : [JSON.parse(value) as RecordedAnswer]))
        .sort((a, b) => b.recordedAt - a.recordedAt);
      // The same key on two routes is two commands: the latest answer is the one shown.
      const latest = answers[0];
      if (latest) return { status: 'DONE', statusCode: latest.statusCode, body: latest.body, request: latest.request };
      if (values.slice(commandIds.length).some((value) => value !== null)) return { status: 'IN_PROGRESS' };
      return { status: 'UNKNOWN' };
    },
  };
}

/** The command id and request hash of an idempotent route (the hook guarantees them). */
export function idempotencyOf(request: FastifyRequest): Idempotency {
  if (!request.idempotency) throw new Error('idempotencyOf called on a route without config.idempotent');
  return request.idempotency;
}
