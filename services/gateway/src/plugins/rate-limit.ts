import rateLimit from '@fastify/rate-limit';
import { AppError } from '@coin/errors';
import type { Redis } from '@coin/redis';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { Counter } from 'prom-client';
import type { FailOpenLimit } from '../metrics';
import type { LocalLimiter } from './local-limiter';

/**
 * Limits a route opts into by name; authenticated writes are limited per caller automatically.
 * These count requests. Failed logins are counted apart, per (e-mail, client) and per client
 * (plugins/login-throttle.ts): a per-e-mail request limit would let anyone lock the owner out.
 */
export type RateLimitPolicy = 'login-ip' | 'register-ip' | 'credentials-ip' | 'resends-client';

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
  /** Event resends per platform client (`POST /api/events/{id}/resend`): each writes audit rows. */
  resendsPerClient: RateLimitRule;
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

/** Appends a route-level hook, after those the route or an earlier onRoute hook set. */
export function addRouteHook(
  route: RouteOptions,
  hook: 'onRequest' | 'preValidation' | 'preHandler' | 'onSend' | 'onResponse',
  handler: unknown,
): void {
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
/** The counters' key prefix in Redis (the plugin's `nameSpace`; the write limit's own counters too, plugins/admission.ts). */
export const counterNameSpace = 'rl:';

/** What one limit counted for a request: its rule and the count so far in the window. */
export interface LimitCount {
  name: FailOpenLimit;
  rule: RateLimitRule;
  current: number;
  ttlMs: number;
}

const reported = new WeakMap<FastifyRequest, RateLimitState[]>();

/**
 * Reports a limit checked for the request in the IETF fields (both lists, one item per limit
 * checked, in the order they were checked) and answers 429 with Retry-After when it is exceeded.
 * Every limit of the gateway goes through here: the named ones below and the per-caller write
 * limit of write admission (plugins/admission.ts).
 */
export function enforceLimitCount(
  request: FastifyRequest,
  reply: { header(name: string, value: unknown): unknown },
  count: LimitCount,
): void {
  const ttlInSeconds = Math.ceil(count.ttlMs / 1000);
  const state: RateLimitState = {
    name: count.name,
    max: count.rule.max,
    timeWindow: count.rule.windowMs,
    remaining: Math.max(0, count.rule.max - count.current),
    ttlInSeconds,
  };
  const states = [...(reported.get(request) ?? []), state];
  reported.set(request, states);
  reply.header('ratelimit-policy', rateLimitPolicyField(states));
  reply.header('ratelimit', rateLimitField(states));
  if (count.current > count.rule.max) {
    reply.header('retry-after', String(Math.max(1, ttlInSeconds)));
    throw new AppError('RATE_LIMITED', 'Too many requests; retry after the time in Retry-After');
  }
}

/**
 * A count made in process while Redis is unreachable: counted in the fail-open metric (the
 * counter is the signal; a log line per request would flood the logs for the whole outage).
 */
export function countLocally(
  request: FastifyRequest,
  options: { failOpen: Counter<'limit'>; local: LocalLimiter },
  limit: { name: FailOpenLimit; key: string; rule: RateLimitRule; err: unknown },
): LimitCount {
  options.failOpen.inc({ limit: limit.name });
  request.log.debug({ err: limit.err, limit: limit.name }, 'rate limit counter (Redis) unavailable; checked in process');
  const { count, ttlMs } = options.local.hit(limit.key, limit.rule.windowMs);
  return { name: limit.name, rule: limit.rule, current: count, ttlMs };
}

export async function registerRateLimits(
  app: FastifyInstance,
  options: { redis: Redis; limits: RateLimitSettings; failOpen: Counter<'limit'>; local: LocalLimiter },
): Promise<void> {
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
  const byIp = (request: FastifyRequest) => request.ip;
  // The verified caller (a route-level hook runs after authentication): its token's subject, the client id.
  const byCaller = (request: FastifyRequest) => request.principal?.subject ?? `ip:${request.ip}`;
  const limiters: Record<RateLimitPolicy, Checked> = {
    'login-ip': make('login-ip', options.limits.loginPerIp, byIp),
    'register-ip': make('register-ip', options.limits.registerPerIp, byIp),
    'credentials-ip': make('credentials-ip', options.limits.credentialsPerIp, byIp),
    'resends-client': make('resends-client', options.limits.resendsPerClient, byCaller),
  };
  const enforce =
    (name: RateLimitPolicy, checked: Checked) =>
    async (request: FastifyRequest, reply: { header(name: string, value: unknown): unknown }) => {
      let count: LimitCount;
      try {
        const result = await checked.limiter(request);
        // isAllowed is only ever true for an allow list, which none of these limits has.
        if (result.isAllowed) return;
        count = { name, rule: checked.rule, current: checked.rule.max - result.remaining + (result.isExceeded ? 1 : 0), ttlMs: result.ttl };
      } catch (err) {
        count = countLocally(request, options, { name, key: checked.keyOf(request), rule: checked.rule, err });
      }
      enforceLimitCount(request, reply, count);
    };

  // The per-caller write limit is write admission's (plugins/admission.ts): these are the named ones.
  app.addHook('onRoute', (route) => {
    for (const policy of rateLimitsOf(route).policies)
      addRouteHook(route, 'onRequest', enforce(policy, limiters[policy]) as onRequestHookHandler);
  });
}
