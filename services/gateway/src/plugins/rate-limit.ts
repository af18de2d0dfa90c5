import rateLimit from '@fastify/rate-limit';
import { AppError } from '@coin/errors';
import type { Redis } from '@coin/redis';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';

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
 * skipped (fail open): availability of the API wins over throttling; the outage shows in /readyz.
 */
export async function registerRateLimits(app: FastifyInstance, options: { redis: Redis; limits: RateLimitSettings }): Promise<void> {
  await app.register(rateLimit, { global: false, redis: options.redis, nameSpace: 'rl:', skipOnError: true });
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
  const enforce = (limiter: Limiter) => async (request: FastifyRequest, reply: { header(name: string, value: unknown): unknown }) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      throw new AppError('RATE_LIMITED', 'Too many requests; retry after the time in Retry-After');
    }
  };

  app.addHook('onRoute', (route) => {
    const config = route.config as { access?: string; rateLimitPolicies?: RateLimitPolicy[] } | undefined;
    for (const policy of config?.rateLimitPolicies ?? []) addHook(route, 'onRequest', enforce(limiters[policy]) as onRequestHookHandler);
    const methods = [route.method].flat().map(String);
    const isWrite = methods.some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m));
    if (isWrite && config?.access && config.access !== 'public') {
      addHook(route, 'onRequest', enforce(limiters['writes-caller']) as onRequestHookHandler);
    }
  });
}
