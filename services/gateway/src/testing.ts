/**
 * Test-only entry (`@coin/gateway/testing`): the gateway's auth and API-key plugins and its
 * internal HTTP client, for a test that mounts them on a probe route of its own
 * (test/e2e/identity/api-keys.test.ts), and the statement CSV's pass-through (bench:history). Not for production code: use the package's main entry.
 */
export { InternalHttpClient } from './clients/internal-http';
export { InternalApi } from './clients/internal-api';
/** The statement CSV's pass-through, for bench:history's gateway process (memory of a million-line statement). */
export { sendStatementCsv } from './routes/statements';
export { ApiKeyVerifier, registerApiKeyCheck } from './plugins/api-key';
export { registerAuth } from './plugins/auth';
export { CacheAuthenticator, CacheMac } from './plugins/cache-mac';
export { MemoryAdmissionStore } from './plugins/admission-store';

import { Registry } from 'prom-client';
import type { App } from '@coin/http';
import { createLogger } from '@coin/logger';
import type { Redis } from '@coin/redis';
import { buildApp, type GatewayDeps } from './app';
import { randomBytes } from 'node:crypto';
import type { Logger } from '@coin/logger';
import { cacheMacFailureCounter, cacheStaleEntriesCounter } from './metrics';
import { CacheAuthenticator, CacheMac } from './plugins/cache-mac';
import type { TokenVersionSource } from './plugins/admission';
import { MemoryAdmissionStore } from './plugins/admission-store';
import type { TokenVersionStore } from './plugins/token-version';

/**
 * The token-version cache of a component test, over its in-memory admission store: the user
 * service's answer is `versions` (a user not listed is at version 0, null is deleted), written
 * back to the store on a miss as TokenVersionStore does, unsealed (no MAC to check in process).
 * `set` changes a user's version and its cached entry, as a user event would.
 */
export class MemoryTokenVersions implements TokenVersionSource {
  private readonly versions = new Map<number, number | null>();

  constructor(private readonly store: MemoryAdmissionStore) {}

  keyOf(userId: number): string {
    return `tokenver:${userId}`;
  }

  expectedEntry(_userId: number, version: number): string {
    return String(version);
  }

  async resolve(userId: number): Promise<number | null> {
    const version = this.versions.has(userId) ? (this.versions.get(userId) ?? null) : 0;
    this.store.put(this.keyOf(userId), version === null ? 'deleted' : String(version));
    return version;
  }

  set(userId: number, version: number | null): void {
    this.versions.set(userId, version);
    this.store.put(this.keyOf(userId), version === null ? 'deleted' : String(version));
  }

  /** As GatewayDeps takes it: the routes a component test calls use no more of it than admission does. */
  asStore(): TokenVersionStore {
    return this as unknown as TokenVersionStore;
  }
}

/** A cache authenticator under a fresh random key, for a test that builds the caches itself. */
export function testCacheAuthenticator(redis: Redis, logger: Logger, metrics: Registry = new Registry()): CacheAuthenticator {
  // A fake Redis (the component test's) has no options: no prefix.
  const prefix = (redis as { options?: { keyPrefix?: string } }).options?.keyPrefix ?? '';
  return new CacheAuthenticator(
    new CacheMac(randomBytes(32), prefix),
    redis,
    cacheMacFailureCounter(metrics),
    logger,
    cacheStaleEntriesCounter(metrics),
  );
}

/**
 * The gateway built with inert ports, ready and not listening: what it documents and how it
 * validates, without any infrastructure (no route may be called). The caller closes it.
 */
export async function documentedApp(): Promise<App> {
  const none = {} as never;
  const rule = { max: 1000, windowMs: 60_000 };
  const deps: GatewayDeps = {
    logger: createLogger('openapi-document', 'silent'),
    metrics: new Registry(),
    commands: none,
    users: none,
    ledger: none,
    history: none,
    auth: {
      jwksUrl: 'http://127.0.0.1:9/.well-known/jwks.json',
      issuer: 'coin-ledger',
      audience: 'coin-ledger-api',
      stepUpMaxAgeS: 300,
      platformClientActive: async () => true,
    },
    bodyBytesMax: 16 * 1024,
    trustedProxies: [],
    redis: { defineCommand: () => undefined } as unknown as Redis,
    admissionStore: new MemoryAdmissionStore(),
    commandAnswerMac: new CacheMac(randomBytes(32), ''),
    idempotencyLockMs: 10_000,
    apiKeys: none,
    tokenVersions: none,
    rateLimits: { loginPerIp: rule, registerPerIp: rule, credentialsPerIp: rule, writesPerCaller: rule, resendsPerClient: rule },
    loginThrottle: none,
  };
  const app = await buildApp(deps);
  await app.ready();
  return app;
}

/**
 * The OpenAPI document exactly as GET /openapi.json serves it, built without any infrastructure.
 * Used by scripts/contract/generate-client.ts to generate @coin/client.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const app = await documentedApp();
  try {
    return JSON.parse(JSON.stringify(app.swagger())) as Record<string, unknown>;
  } finally {
    await app.close();
  }
}
/** The code samples' table key and shape, for the generator that writes them (scripts/contract/code-samples.ts). */
export { codeSampleKey, type CodeSample } from './plugins/code-samples';
