import rateLimit from '@fastify/rate-limit';
import { AppError } from '@coin/errors';
import type { Redis } from '@coin/redis';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import type { Counter } from 'prom-client';
import type { FailOpenLimit } from '../metrics';

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

function addHook(route: RouteOptions, hook: 'onRequest' | 'preHandler', handler: onRequestHookHandler | preHandlerHookHandler): void {
  const existing = route[hook] as unknown;
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<string, unknown>)[hook] = [...list, handler];
}

/**
 * Redis-backed fixed-window limits (SPEC §9) shared by every gateway instance, answered
 * 429 RATE_LIMITED with Retry-After. Route-level hooks run after the global auth hook, so the
 * per-caller limit keys on the verified principal. When Redis is unreachable the limits are
 * skipped (fail open): availability of the API wins over throttling. Each skipped check counts in
 * `gateway_rate_limit_fail_open_total{limit}`, and the outage shows in /readyz. The Redis client
 * bounds every call (libs/redis), so a skipped check costs at most its command timeout.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { redis: Redis; limits: RateLimitSettings; failOpen: Counter<'limit'> },
): Promise<void> {
  // skipOnError stays off: the plugin would swallow the error where this one counts it.
  await app.register(rateLimit, { global: false, redis: options.redis, nameSpace: 'rl:', skipOnError: false });
  const make = (name: string, rule: RateLimitRule, keyOf: (request: FastifyRequest) => string): Limiter =>
    app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: (request) => `${name}:${keyOf(request)}` });

  const byIp = (request: FastifyRequest) => request.ip;
  const byCaller = (request: FastifyRequest) => request.principal?.subject ?? request.ip;

  const limiters: Record<RateLimitPolicy | 'writes-caller', Limiter> = {
    'login-ip': make('login-ip', options.limits.loginPerIp, byIp),
    'register-ip': make('register-ip', options.limits.registerPerIp, byIp),
    'credentials-ip': make('credentials-ip', options.limits.credentialsPerIp, byIp),
    'writes-caller': make('writes-caller', options.limits.writesPerCaller, byCaller),
  };
  const enforce =
    (name: FailOpenLimit, limiter: Limiter) =>
    async (request: FastifyRequest, reply: { header(name: string, value: unknown): unknown }) => {
      let result: Awaited<ReturnType<Limiter>>;
      try {
        result = await limiter(request);
      } catch (err) {
        // The counter is the signal; a log line per request would flood the logs for the whole outage.
        options.failOpen.inc({ limit: name });
        request.log.debug({ err, limit: name }, 'rate limit unavailable; request let through unchecked');
        return;
      }
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new AppError('RATE_LIMITED', 'Too many requests; retry after the time in Retry-After');
      }
    };

  app.addHook('onRoute', (route) => {
    const config = route.config as { access?: string; rateLimitPolicies?: RateLimitPolicy[] } | undefined;
    for (const policy of config?.rateLimitPolicies ?? [])
      addHook(route, 'onRequest', enforce(policy, limiters[policy]) as onRequestHookHandler);
    const methods = [route.method].flat().map(String);
    const isWrite = methods.some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m));
    if (isWrite && config?.access && config.access !== 'public') {
      addHook(route, 'onRequest', enforce('writes-caller', limiters['writes-caller']) as onRequestHookHandler);
    }
  });
}
