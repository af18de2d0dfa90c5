import { randomUUID } from 'node:crypto';
import { type ConsumedUserEvent, idempotencyKey, idempotentReplayedHeader } from '@coin/contracts';
import { AppError, validationError } from '@coin/errors';
import type { Delivered } from '@coin/kafka';
import { isRedisUnreachable, redisFailureLogLevel } from '@coin/redis';
import type { Logger } from '@coin/logger';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Counter } from 'prom-client';
import type { Principal } from './access';
import type { AdmissionAnswer, AdmissionAsk, AdmissionStore } from './admission-store';
import { principalOf } from './auth';
import type { CacheMac } from './cache-mac';
import {
  answerKeyOf,
  asksDryRun,
  dryRunNotTaken,
  type CommandStatusReader,
  idempotencyAnswerTtlMsDefault,
  idempotencyKeyHeader,
  keyedCommandId,
  type KeyOwner,
  lockKeyOf,
  phoneAnswersKeyOf,
  phoneHoldersOf,
  requestHashOf,
  type RecordedAnswer,
} from './idempotency';
import type { LocalLimiter } from './local-limiter';
import {
  addRouteHook,
  counterNameSpace,
  countLocally,
  enforceLimitCount,
  type LimitCount,
  type RateLimitRule,
  rateLimitsOf,
} from './rate-limit';

/**
 * Write admission: what a write must pass before its handler, in one plugin with one store
 * (AdmissionStore: Redis in production, in memory in component tests), the same code either way.
 *
 * - the **token version** of a user's token (immediate revocation), for every user request: the
 *   auth plugin asks `tokenVersion` (plugins/auth.ts);
 * - the **per-caller write limit** of every authenticated write (docs/CONTRACT.md "Limits"),
 *   reported in the IETF fields like the other limits (plugins/rate-limit.ts);
 * - the **Idempotency-Key lock** of a keyed route (plugins/idempotency.ts has the rules): a
 *   concurrent duplicate gets 409; the answer the command got is recorded for
 *   `GET /api/commands/{key}` before it is sent, and the lock released in the same round trip.
 *
 * One round trip: a user's write on a route whose only limit is this one (no IP policy, no API-key
 * scope to check after it), that passes its role and second-factor checks, asks all three of the
 * store at once, each only if the one before passed; so a revoked token counts nothing and a
 * rate-limited request holds no lock. Anything else the version check did not take with it (a
 * miss of the cached version, a platform client, an API-key route once its key passed) asks the
 * limit and the lock at once, in the route's onRequest.
 *
 * The store unreachable: the version is read from the user service (503 if it cannot answer), the
 * limit is counted in process (fail open per instance, counted in the metric), a keyed request
 * gets 503 with Retry-After, before any command exists (docs/design/ledger.md "Idempotency keys").
 *
 * Registered (encapsulated) around the command routes; `guard` refuses, at ready, an
 * authenticated write registered outside them, which would go unlimited.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by write admission on the routes it admits: what it checks for them. */
    writeAdmission?: { keyed: boolean; withVersion: boolean };
  }
}

/** What a 503 tells the caller to wait before retrying with the same key: Redis reconnects about every second. */
const lockUnavailableRetryAfterS = 1;

/** The token-version cache as admission uses it (plugins/token-version.ts). */
export interface TokenVersionSource {
  keyOf(userId: number): string;
  expectedEntry(userId: number, version: number): string;
  resolve(userId: number, read: { stored: string | null } | { error: unknown }): Promise<number | null>;
}

export interface WriteAdmissionOptions {
  store: AdmissionStore;
  tokenVersions: TokenVersionSource;
  writesPerCaller: RateLimitRule;
  /** How long the in-flight lock lives if its release is lost: a little over the command timeout. */
  lockMs: number;
  /** How long the answer of a keyed command stays readable through GET /api/commands/{key}. */
  answerTtlMs?: number;
  failOpen: Counter<'limit'>;
  local: LocalLimiter;
  /**
   * Seals each recorded answer (plugins/cache-mac.ts, CACHE_MAC_SECRET, bound to its key name
   * and its expiry): one that does not verify is read as no answer, never shown.
   */
  answerMac: CacheMac;
  /** Counts answers that failed their MAC (`coin_gateway_cache_mac_failures_total{cache="command-answer"}`). */
  answerMacFailures?: Counter<'cache'>;
  logger?: Logger;
}

type UserPrincipal = Principal & { userId: number };

/** What a request asks of the store beyond its version, with the lock's command id. */
interface Plan {
  ask: Pick<AdmissionAsk, 'limit' | 'lock'>;
  commandId?: string;
}

/** What the store answered for a request's limit and lock (an error: it could not be reached). */
interface Admitted {
  plan: Plan;
  answer: AdmissionAnswer | { error: unknown };
}

/** Whether a route needs admission: an authenticated write, or a keyed route. */
function admissionOf(route: { method: string | string[]; config?: unknown }) {
  const { policies, perCallerWrites } = rateLimitsOf(route);
  const config = route.config as { idempotent?: boolean; apiKeyScope?: string } | undefined;
  if (!perCallerWrites) return undefined;
  return { keyed: config?.idempotent === true, withVersion: policies.length === 0 && config?.apiKeyScope === undefined };
}

const routeKeysOf = (route: { method: string | string[]; url: string }) => [route.method].flat().map((m) => `${String(m)} ${route.url}`);

export class WriteAdmission implements CommandStatusReader {
  /** Every route admitted, "POST /api/coins/transfer"…; the keyed ones in order (a key's command id depends on the route). */
  private readonly routes = new Set<string>();
  private readonly keyedRoutes: string[] = [];
  /** The keyed routes the sandbox serves (docs/decisions/0018-sandbox.md): the only ones a test-mode caller's keys can name. */
  private readonly sandboxKeyedRoutes: string[] = [];
  private readonly admitted = new WeakMap<FastifyRequest, Admitted>();
  /** Requests whose lock release was sent with their answer record (onSend). */
  private readonly released = new WeakSet<FastifyRequest>();
  private readonly answerTtlMs: number;

  constructor(private readonly options: WriteAdmissionOptions) {
    this.answerTtlMs = options.answerTtlMs ?? idempotencyAnswerTtlMsDefault;
  }

  /**
   * The version a user's token must carry (null: deleted), for plugins/auth.ts. A write that
   * goes on (`goesOn`: allowed, no second factor wanting) on a route admitted with its version
   * has its limit and lock asked in the same call.
   */
  readonly tokenVersion = async (principal: UserPrincipal, request: FastifyRequest, goesOn: boolean): Promise<number | null> => {
    const versions = this.options.tokenVersions;
    const plan: Plan = goesOn && request.routeOptions.config?.writeAdmission?.withVersion ? this.planOf(request, principal) : { ask: {} };
    const version = { key: versions.keyOf(principal.userId), expected: versions.expectedEntry(principal.userId, principal.tokenVersion) };
    let answer: AdmissionAnswer;
    try {
      answer = await this.options.store.admit({ version, ...plan.ask });
    } catch (error) {
      if (plan.ask.limit) this.admitted.set(request, { plan, answer: { error } });
      return versions.resolve(principal.userId, { error });
    }
    if (!answer.version.current) return versions.resolve(principal.userId, { stored: answer.version.stored });
    if (plan.ask.limit) this.admitted.set(request, { plan, answer });
    return principal.tokenVersion;
  };

  /** The limit and the lock a request asks: the lock only on a keyed route with a valid key. */
  private planOf(request: FastifyRequest, principal: Principal): Plan {
    const { max, windowMs } = this.options.writesPerCaller;
    const ask: Plan['ask'] = { limit: { key: `${counterNameSpace}writes-caller:${principal.subject}`, max, windowMs } };
    if (!request.routeOptions.config?.writeAdmission?.keyed) return { ask };
    // A dry run neither takes nor waits for its key's lock (docs/DESIGN.md "Dry runs"): it reserves nothing.
    if (asksDryRun(request)) return { ask };
    const checked = idempotencyKey.safeParse(request.headers[idempotencyKeyHeader]);
    // No key, or one the route schema will refuse: nothing to lock.
    if (!checked.success) return { ask };
    const commandId = keyedCommandId(principal, `${request.method} ${request.routeOptions.url}`, checked.data);
    return { ask: { ...ask, lock: { key: lockKeyOf(commandId), token: randomUUID(), ms: this.options.lockMs } }, commandId };
  }

  /** Route onRequest, after authentication and the API key: asks what the version check did not, then enforces the limit. */
  private readonly onRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    let admitted = this.admitted.get(request);
    if (!admitted) {
      const plan = this.planOf(request, principalOf(request));
      let answer: Admitted['answer'];
      try {
        answer = await this.options.store.admit(plan.ask);
      } catch (error) {
        answer = { error };
      }
      admitted = { plan, answer };
      this.admitted.set(request, admitted);
    }
    enforceLimitCount(request, reply, this.limitCount(request, admitted));
  };

  private limitCount(request: FastifyRequest, { plan, answer }: Admitted): LimitCount {
    const rule = this.options.writesPerCaller;
    if ('limit' in answer && answer.limit) return { name: 'writes-caller', rule, current: answer.limit.current, ttlMs: answer.limit.ttlMs };
    const err = 'error' in answer ? answer.error : new Error('write limit not counted');
    const key = plan.ask.limit?.key.slice(counterNameSpace.length) ?? `writes-caller:${request.ip}`;
    return countLocally(request, this.options, { name: 'writes-caller', key, rule, err });
  }

  /** Route preHandler of a keyed route, after body validation: only a valid request goes on, with its lock. */
  private readonly preHandler = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const principal = principalOf(request);
    const hashOf = () =>
      requestHashOf({ method: request.method, url: request.url, principal, apiKeyId: request.apiKeyId, body: request.body });
    const key = request.headers[idempotencyKeyHeader];
    if (asksDryRun(request)) {
      // A keyed route that takes no dry run is never applied for real when one was asked (refused
      // before this by refuseUnknownDryRun; checked again where the key would be taken).
      if (request.routeOptions.config?.dryRun !== true) throw validationError([dryRunNotTaken]);
      request.idempotency = {
        commandId: randomUUID(),
        dryRun: true,
        get requestHash() {
          return hashOf();
        },
      };
      return;
    }
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
    const { plan, answer } = this.admitted.get(request) ?? { plan: { ask: {} }, answer: { error: new Error('not admitted') } };
    const lock = plan.ask.lock;
    if (!lock || plan.commandId === undefined) throw new Error('write admission: a keyed request reached its handler without a lock asked');
    if ('error' in answer) {
      // Even a lock that timed out may have been set: it then expires after lockMs, and a retry
      // before that gets 409 REQUEST_IN_PROGRESS, as retryable as this 503.
      request.log[redisFailureLogLevel(answer.error)]({ err: answer.error }, 'idempotency lock unavailable; answered 503');
      reply.header('retry-after', String(lockUnavailableRetryAfterS));
      throw new AppError('UNAVAILABLE', 'The request could not be accepted right now; retry with the same Idempotency-Key');
    }
    if (answer.lock !== 'acquired')
      throw new AppError('REQUEST_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed');
    request.idempotency = {
      commandId: plan.commandId,
      lock: { key: lock.key, token: lock.token },
      get requestHash() {
        return hashOf();
      },
    };
  };

  /**
   * Route onSend of a keyed route. Recorded before the answer leaves, so a status read after it
   * never says UNKNOWN or IN_PROGRESS for a command whose answer the caller already has. The
   * first answer stands: the ledger answers every retry of the command the same way. The lock
   * release goes with the record (the same tick: one round trip), so a status read sees the lock
   * or the answer.
   */
  private readonly onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const idempotency = request.idempotency;
    // Stripe's header: this answer is the one the key's first request got (only for a keyed request):
    // the command's own outcome (a ledger route marks its refusals so), or any success of a service
    // that answered from its stored outcome (a user-service or webhooks command; a 4xx the gateway
    // raised after it, a key reused for another body, is no replay).
    const outcomeAnswered = idempotency?.commandAnswered || reply.statusCode < 400;
    if (idempotency?.replayed && outcomeAnswered && request.headers[idempotencyKeyHeader] !== undefined)
      reply.header(idempotentReplayedHeader, 'true');
    if (!idempotency?.lock || !idempotency.commandAnswered || typeof payload !== 'string') return payload;
    // The payload is the JSON the route's serializer produced: embedded as is, not parsed again.
    // The concrete request (path parameters included), as the request hash names it.
    const meta = { statusCode: reply.statusCode, request: `${request.method} ${request.url}`, recordedAt: Date.now() };
    const answer = `${JSON.stringify(meta).slice(0, -1)},"body":${payload}}`;
    const key = answerKeyOf(idempotency.commandId);
    const sealed = this.options.answerMac.seal(key, answer, Math.ceil((Date.now() + this.answerTtlMs) / 1000));
    // An answer holding a payer's phone number is named under that payer, for their erasure (forgetAnswersOf).
    const indexes = phoneHoldersOf(payload).map(phoneAnswersKeyOf);
    const recorded = this.options.store.record(key, sealed, this.answerTtlMs, indexes).catch((err: unknown) => {
      request.log[redisFailureLogLevel(err)]({ err }, 'command answer not recorded; its status reads UNKNOWN');
    });
    this.released.add(request);
    await Promise.all([recorded, this.release(request, idempotency.lock)]);
    return payload;
  };

  /** Route onResponse: any other lock taken is given back once the answer is out (a 400, a 504, a route's error). */
  private readonly onResponse = async (request: FastifyRequest): Promise<void> => {
    if (this.released.has(request)) return;
    const admitted = this.admitted.get(request);
    const taken = admitted && 'lock' in admitted.answer && admitted.answer.lock === 'acquired' ? admitted.plan.ask.lock : undefined;
    const lock = request.idempotency?.lock ?? taken;
    if (lock) await this.release(request, lock);
  };

  private release(request: FastifyRequest, lock: { key: string; token: string }): Promise<void> {
    return this.options.store.release({ key: lock.key, token: lock.token }).catch((err: unknown) => {
      request.log.warn({ err }, 'idempotency lock not released; it expires on its own');
    });
  }

  /** The onRoute hook of the command routes' context: marks an authenticated write and gives it the hooks. */
  readonly onRoute = (route: RouteOptions): void => {
    const admission = admissionOf(route);
    if (!admission) return;
    route.config = { ...route.config, writeAdmission: admission } as RouteOptions['config'];
    for (const key of routeKeysOf(route)) {
      this.routes.add(key);
      if (admission.keyed) this.keyedRoutes.push(key);
      if (admission.keyed && route.config?.sandbox) this.sandboxKeyedRoutes.push(key);
    }
    addRouteHook(route, 'onRequest', this.onRequest);
    if (!admission.keyed) return;
    addRouteHook(route, 'preHandler', this.preHandler);
    addRouteHook(route, 'onSend', this.onSend);
    addRouteHook(route, 'onResponse', this.onResponse);
  };

  /** On the root: an authenticated write outside the command routes' context is refused at ready. */
  guard(app: FastifyInstance): void {
    const writes: string[] = [];
    app.addHook('onRoute', (route) => {
      if (admissionOf(route)) writes.push(...routeKeysOf(route));
    });
    app.addHook('onReady', async () => {
      const outside = writes.filter((key) => !this.routes.has(key));
      if (outside.length > 0) throw new Error(`authenticated writes outside write admission (no write limit): ${outside.join(', ')}`);
    });
  }

  /**
   * A recorded answer read back, if its seal verifies for its key and it is within its sealed
   * lifetime; nothing otherwise (forged, altered, moved from another key, or written back after
   * its expiry): counted and logged, and then read as no answer.
   */
  private opened(key: string, stored: string | null): RecordedAnswer[] {
    if (stored === null) return [];
    const entry = this.options.answerMac.open(key, stored);
    if (entry !== undefined) return entry.expiresAtS * 1000 > Date.now() ? [JSON.parse(entry.value) as RecordedAnswer] : [];
    this.options.answerMacFailures?.inc({ cache: 'command-answer' });
    this.options.logger?.warn(
      { event: 'cache-mac-failure', cache: 'command-answer', key },
      'recorded command answer failed its MAC check; ignored',
    );
    return [];
  }

  /** What became of the caller's keyed commands (GET /api/commands/{key}). */
  async statusOf(principal: KeyOwner, key: string): ReturnType<CommandStatusReader['statusOf']> {
    const routes = principal.mode === 'test' ? this.sandboxKeyedRoutes : this.keyedRoutes;
    const commandIds = routes.map((route) => keyedCommandId(principal, route, key));
    if (commandIds.length === 0) return { status: 'UNKNOWN' };
    let values: Array<string | null>;
    try {
      values = await this.options.store.read([...commandIds.map(answerKeyOf), ...commandIds.map(lockKeyOf)]);
    } catch (err) {
      throw new AppError('UNAVAILABLE', `The command status cannot be read right now; retry later (${(err as Error).name})`);
    }
    const answers = values
      .slice(0, commandIds.length)
      .flatMap((value, i) => this.opened(answerKeyOf(commandIds[i] as string), value))
      .sort((a, b) => b.recordedAt - a.recordedAt);
    // The same key on two routes is two commands: the latest answer is the one shown.
    const latest = answers[0];
    if (latest) return { status: 'DONE', statusCode: latest.statusCode, body: latest.body, request: latest.request };
    if (values.slice(commandIds.length).some((value) => value !== null)) return { status: 'IN_PROGRESS' };
    return { status: 'UNKNOWN' };
  }
}

/** Registers write admission in the command routes' context (an encapsulated plugin): its writes get the hooks. */
export function registerWriteAdmission(scope: FastifyInstance, admission: WriteAdmission): void {
  scope.addHook('onRoute', admission.onRoute);
}

/**
 * Erasure (docs/design/data.md "Erasure"): what the gateway's shared consumer of user events does
 * with each batch: `then` first (the token versions), then, for each deletion the user service
 * confirms (`deleted`: never on the event's word alone), removes the recorded command answers
 * that hold the user's phone number (their cash-outs' answers, to them, to a provider or to an
 * admin), so no status read shows it once they are deleted. Redis out of reach is UNAVAILABLE:
 * the consumer retries the batch.
 */
export function erasingPhoneAnswers(
  store: AdmissionStore,
  deleted: (userId: number) => Promise<boolean>,
  then: (items: Delivered<ConsumedUserEvent>[]) => Promise<void>,
): (items: Delivered<ConsumedUserEvent>[]) => Promise<void> {
  return async (items) => {
    await then(items);
    for (const { value: event } of items) {
      if (event.type !== 'user.deleted' || !(await deleted(event.user.id))) continue;
      await store.forget(phoneAnswersKeyOf(event.user.id)).catch((err: unknown) => {
        if (isRedisUnreachable(err))
          throw new AppError('UNAVAILABLE', `The command answers (Redis) are unreachable: ${(err as Error).message}`);
        throw err;
      });
    }
  };
}
