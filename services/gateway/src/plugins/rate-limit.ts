import rateLimit from '@fastify/rate-limit';
import { AppError } from '@coin/errors';
import type { Redis } from '@coin/redis';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import type { Counter } from 'prom-client';
import type { FailOpenLimit } from '../metrics';
import { fixedWindowCounter } from './fixed-window';
import { LocalLimiter } from './local-limiter';
import type { RequestGate } from './request-gate';

/**
 * Limits a route opts into by name; authenticated writes are limited per caller automatically.
 * These count requests. Failed logins are counted apart, per (e-mail, client) and per client
 * (plugins/login-throttle.ts): a per-e-mail request limit would let anyone lock the owner out.
 */
export type RateLimitPolicy = 'login-ip' | 'register-ip' | 'credentials-ip';

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimitPolicies?: RateLimitPolicy[];
  }
}

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimitSettings {
  loginPerIp: RateLimitRule;
  registerPerIp: RateLimitRule;
  credentialsPerIp: RateLimitRule;
  writesPerCaller: RateLimitRule;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** One checked limit as the IETF fields report it. */
export interface RateLimitState {
  name: string;
  max: number;
  timeWindow: number;
  remaining: number;
  ttlInSeconds: number;
}

/**
 * draft-ietf-httpapi-ratelimit-headers (-08 to -11): `RateLimit-Policy` lists each policy as a
 * structured-field String item with its quota `q` and window `w` (seconds);
 * `RateLimit` lists, per policy, the remaining quota `r` and the seconds `t` until the window
 * resets. For example `RateLimit-Policy: "writes-caller";q=100;w=1` and
 * `RateLimit: "writes-caller";r=97;t=1`. Policy names are this module's limit names (plain
 * ASCII, no quote or backslash), so they need no escaping.
 */
export function rateLimitPolicyField(states: readonly RateLimitState[]): string {
  return states.map((s) => `"${s.name}";q=${s.max};w=${Math.max(1, Math.ceil(s.timeWindow / 1000))}`).join(', ');
}

export function rateLimitField(states: readonly RateLimitState[]): string {
  return states.map((s) => `"${s.name}";r=${Math.max(0, s.remaining)};t=${Math.max(0, s.ttlInSeconds)}`).join(', ');
}

function addHook(route: RouteOptions, hook: 'onRequest' | 'preHandler', handler: onRequestHookHandler | preHandlerHookHandler): void {
  const existing = route[hook] as unknown;
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<string, unknown>)[hook] = [...list, handler];
}

/** The limits a route is checked against: those it names, and the per-caller limit if it is an authenticated write. */
export function rateLimitsOf(route: { method: string | string[]; config?: unknown }): {
  policies: RateLimitPolicy[];
  perCallerWrites: boolean;
} {
  const config = route.config as { access?: string; rateLimitPolicies?: RateLimitPolicy[] } | undefined;
  const methods = [route.method].flat().map(String);
  const isWrite = methods.some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m));
  return {
    policies: config?.rateLimitPolicies ?? [],
    perCallerWrites: isWrite && config?.access !== undefined && config.access !== 'public',
  };
}

/** The two fields as the OpenAPI document describes them on every answer of a limited operation. */
export const rateLimitResponseHeaders = {
  'RateLimit-Policy': {
    type: 'string',
    description:
      'draft-ietf-httpapi-ratelimit-headers: each limit this operation is checked against, e.g. `"login-ip";q=10;w=60` (quota q requests per window w seconds). While the shared counters (Redis) are unreachable the limits are counted per gateway instance.',
  },
  RateLimit: {
    type: 'string',
    description:
      'draft-ietf-httpapi-ratelimit-headers: per limit, the requests left r and the seconds t until the window resets, e.g. `"login-ip";r=7;t=41`. A 429 also has Retry-After.',
  },
} as const;

/**
 * Redis-backed fixed-window limits (docs/CONTRACT.md "Limits") shared by every gateway instance, answered
 * 429 RATE_LIMITED with Retry-After. Every answer of a limited route, successes included, carries
 * the IETF `RateLimit-Policy` and `RateLimit` fields of each limit checked for it. Route-level hooks run after the global auth hook, so the
 * per-caller limit keys on the verified principal. When Redis is unreachable the limits fall back
 * to in-process counters (`LocalLimiter`): the same rules, counted per gateway
 * instance, so with N instances a client gets at most N times each budget during the outage
 * instead of unlimited requests (login guessing, registration floods). Each such check counts in
 * `coin_gateway_rate_limit_fail_open_total{limit}` (the name is historic: it counts checks made
 * without Redis), and the outage shows in /readyz. The Redis client bounds every call
 * (libs/redis), so the fallback costs at most its command timeout.
 */
/** The counters' key prefix in Redis (the plugin's `nameSpace`; the write limit's own counters too). */
const counterNameSpace = 'rl:';

export async function registerRateLimits(
  app: FastifyInstance,
  options: { redis: Redis; limits: RateLimitSettings; failOpen: Counter<'limit'>; local?: LocalLimiter; gate?: RequestGate },
): Promise<void> {
  const local = options.local ?? new LocalLimiter();
  // skipOnError stays off: the plugin would swallow the error where this one counts it.
  await app.register(rateLimit, { global: false, redis: options.redis, nameSpace: counterNameSpace, skipOnError: false });
  interface Checked {
    limiter: Limiter;
    rule: RateLimitRule;
    keyOf: (request: FastifyRequest) => string;
  }
  const make = (name: string, rule: RateLimitRule, keyOf: (request: FastifyRequest) => string): Checked => ({
    limiter: app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: (request) => `${name}:${keyOf(request)}` }),
    rule,
    keyOf: (request) => `${name}:${keyOf(request)}`,
  });
  /**
   * The per-caller write limit counts with its own command (plugins/fixed-window.ts, the plugin's
   * counting) under `rl:writes-caller:<caller>`, so that the request gate can count the same
   * counter in its one script (plugins/request-gate.ts). (The plugin's own key for a limiter made
   * by createRateLimit has its route part empty: `rl:undefinedundefined-writes-caller:<caller>`;
   * a deploy of this change starts each caller's window afresh once.)
   */
  const countWrite = fixedWindowCounter(options.redis);
  const makeWrites = (rule: RateLimitRule, keyOf: (request: FastifyRequest) => string): Checked => {
    const checked: Checked = {
      rule,
      keyOf: (request) => `writes-caller:${keyOf(request)}`,
      limiter: async (request) =>
        fromCount(checked, request, await countWrite(`${counterNameSpace}${checked.keyOf(request)}`, rule.windowMs)),
    };
    return checked;
  };
  /** The same check in process (Redis unreachable): the plugin's answer shape, from the local counter. */
  const checkLocally = (checked: Checked, request: FastifyRequest): Awaited<ReturnType<Limiter>> => {
    const { count, ttlMs } = local.hit(checked.keyOf(request), checked.rule.windowMs);
    const ttlInSeconds = Math.ceil(ttlMs / 1000);
    return {
      isAllowed: false,
      key: checked.keyOf(request),
      max: checked.rule.max,
      timeWindow: checked.rule.windowMs,
      remaining: Math.max(0, checked.rule.max - count),
      ttl: ttlMs,
      ttlInSeconds,
      isExceeded: count > checked.rule.max,
      isBanned: false,
    };
  };

  const byIp = (request: FastifyRequest) => request.ip;
  const byCaller = (request: FastifyRequest) => request.principal?.subject ?? request.ip;

  const limiters: Record<RateLimitPolicy | 'writes-caller', Checked> = {
    'login-ip': make('login-ip', options.limits.loginPerIp, byIp),
    'register-ip': make('register-ip', options.limits.registerPerIp, byIp),
    'credentials-ip': make('credentials-ip', options.limits.credentialsPerIp, byIp),
    'writes-caller': makeWrites(options.limits.writesPerCaller, byCaller),
  };
  /** The plugin's answer shape from a count of the write limit's own (alone, or in the request gate's script). */
  function fromCount(checked: Checked, request: FastifyRequest, counted: { current: number; ttlMs: number }): Awaited<ReturnType<Limiter>> {
    return {
      isAllowed: false,
      key: checked.keyOf(request),
      max: checked.rule.max,
      timeWindow: checked.rule.windowMs,
      remaining: Math.max(0, checked.rule.max - counted.current),
      ttl: counted.ttlMs,
      ttlInSeconds: Math.ceil(counted.ttlMs / 1000),
      isExceeded: counted.current > checked.rule.max,
      isBanned: false,
    };
  }
  /** What the request gate counted for a request's write limit: the hook below reads it instead of counting again. */
  const gated = new WeakMap<FastifyRequest, { current: number; ttlMs: number } | { error: unknown }>();
  if (options.gate) {
    const writes = limiters['writes-caller'];
    options.gate.writeLimit = (request, principal) => {
      const route = request.routeOptions;
      // Only a route whose one limit is this one, and that nothing checked later can refuse
      // (an API key's scope): what the gate counts must be what this hook would have counted.
      if (route.config?.apiKeyScope) return undefined;
      const { policies, perCallerWrites } = rateLimitsOf(route);
      if (!perCallerWrites || policies.length > 0) return undefined;
      return {
        key: `${counterNameSpace}writes-caller:${principal.subject}`,
        max: writes.rule.max,
        windowMs: writes.rule.windowMs,
        settle: (result) => gated.set(request, result),
      };
    };
  }
  const reported = new WeakMap<FastifyRequest, RateLimitState[]>();
  const enforce =
    (name: FailOpenLimit, checked: Checked) =>
    async (request: FastifyRequest, reply: { header(name: string, value: unknown): unknown }) => {
      let result: Awaited<ReturnType<Limiter>>;
      const counted = name === 'writes-caller' ? gated.get(request) : undefined;
      try {
        if (counted && 'error' in counted) throw counted.error;
        result = counted ? fromCount(checked, request, counted) : await checked.limiter(request);
      } catch (err) {
        // The counter is the signal; a log line per request would flood the logs for the whole outage.
        options.failOpen.inc({ limit: name });
        request.log.debug({ err, limit: name }, 'rate limit counter (Redis) unavailable; checked in process');
        result = checkLocally(checked, request);
      }
      // Every checked limit of the request, in the IETF fields (both are lists, one item per limit).
      // (isAllowed is only ever true for an allow list, which none of these limits has.)
      if (result.isAllowed) return;
      const states = [...(reported.get(request) ?? []), { ...result, name }];
      reported.set(request, states);
      reply.header('ratelimit-policy', rateLimitPolicyField(states));
      reply.header('ratelimit', rateLimitField(states));
      if (result.isExceeded) {
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new AppError('RATE_LIMITED', 'Too many requests; retry after the time in Retry-After');
      }
    };

  app.addHook('onRoute', (route) => {
    const { policies, perCallerWrites } = rateLimitsOf(route);
    for (const policy of policies) addHook(route, 'onRequest', enforce(policy, limiters[policy]) as onRequestHookHandler);
    if (perCallerWrites) addHook(route, 'onRequest', enforce('writes-caller', limiters['writes-caller']) as onRequestHookHandler);
  });
}
