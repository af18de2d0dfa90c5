import type { ApiKeyGrant } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { Logger } from '@coin/logger';
import { redisFailureLogLevel, type Redis } from '@coin/redis';
import { sha256Hex } from '@coin/security';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InternalApi } from '../clients/internal-api';
import type { InternalHttpClient } from '../clients/internal-http';
import { revocationDefaults, Revocations } from '../revocation/revocations';
import type { ApiKeyScope } from './access';
import type { CacheAuthenticator } from './cache-mac';

/** `ck_` + 32 random bytes in base64url (libs/security randomSecret). */
export const apiKeyPrefix = 'ck_';
const apiKeyPattern = /^ck_[A-Za-z0-9_-]{43}$/;
/** How long a revocation tombstone outlives any cached grant it must override. */
const tombstoneTtlSeconds = 24 * 3600;
/**
 * A key proof is asked for again when less than this is left of it: the command it goes into is
 * judged by the ledger at about the time it is sent, with a minute of clock skew allowed either way.
 */
const keyProofRenewMs = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key that authorised this request (audit), on routes that need one. */
    apiKeyId?: string;
    /** That key's proof, signed by the user service: copied into the commands the request sends (docs/DESIGN.md "API keys"). */
    apiKeyProof?: string;
    /** That key's grant: its scopes and the people behind it, whom no payment made with it may reach. */
    apiKeyGrant?: ApiKeyGrant;
  }
}

/** A grant as cached (sealed): the look-up's answer and when its key proof expires. */
interface CachedGrant extends ApiKeyGrant {
  keyProofExpiresAtMs: number;
}

/** The `exp` of a key proof (ms), read without verifying: the user service's answer, which the ledger verifies. */
function keyProofExpiryMs(keyProof: string): number | null {
  try {
    const exp = (JSON.parse(Buffer.from(keyProof.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** A cached grant of this version (with its owner and proof), its proof not about to expire; null otherwise (a miss). */
function usableGrant(text: string, nowMs: number): ApiKeyGrant | null {
  const cached = JSON.parse(text) as Partial<CachedGrant>;
  if (typeof cached.keyProof !== 'string' || typeof cached.ownerUserId !== 'number' || typeof cached.keyProofExpiresAtMs !== 'number')
    return null;
  if (cached.keyProofExpiresAtMs - nowMs < keyProofRenewMs) return null;
  return {
    id: cached.id!,
    scopes: cached.scopes!,
    ownerUserId: cached.ownerUserId,
    keyProof: cached.keyProof,
    createdBy: cached.createdBy ?? null,
    approvedBy: cached.approvedBy ?? null,
  };
}

/**
 * Checks `x-api-key` against the user service, with a short Redis cache of active keys. A
 * revocation through the API writes a tombstone read in the same round trip as the cache
 * (MGET), so it is effective on the next request even if a lookup that started before the
 * revocation writes its stale grant afterwards. With Redis down the user service is asked
 * directly (never a stale grant), after at most one Redis command timeout, and nothing is
 * written back; a revocation that cannot write its tombstone says so (503; cached copies expire
 * within the cache TTL).
 *
 * A cached grant is MAC'd (plugins/cache-mac.ts: CACHE_MAC_SECRET, bound to the key name, so to
 * this key's hash, and to its own expiry, API_KEY_CACHE_TTL_S after it was read): a grant written
 * by anything but a gateway, or another key's grant moved here, does not verify and is a miss,
 * answered by the user service. The tombstone is not MAC'd: forging one can only refuse a key,
 * which whoever writes Redis can do anyway. Deleting it and writing back a grant recorded before
 * the revocation does not revive the key either: the grant names the key's id, which this
 * instance's revocation set holds (its own revocations at once, the user service's list within a
 * poll), and past its sealed expiry the grant is not believed anyway (docs/DESIGN.md "API keys").
 */
export class ApiKeyVerifier {
  /** The user service's routes of the contract table, their answers checked (clients/internal-api.ts). */
  private readonly internal: InternalApi;

  constructor(
    private readonly redis: Redis,
    users: InternalHttpClient,
    private readonly cacheTtlSeconds: number,
    private readonly logger: Logger,
    private readonly auth: CacheAuthenticator,
    /** What this instance knows of revoked keys: a cached grant of one is not believed. */
    private readonly revocations: Revocations = new Revocations(revocationDefaults),
    private readonly now: () => number = Date.now,
  ) {
    this.internal = new InternalApi({ users });
  }

  async grantOf(key: string, requestId?: string): Promise<ApiKeyGrant> {
    if (!apiKeyPattern.test(key)) throw new AppError('API_KEY_INVALID', 'The API key is invalid or revoked');
    const hash = sha256Hex(key);
    let cached: string | null | undefined = null;
    let revoked: string | null | undefined = null;
    let cacheUp = true;
    try {
      [cached, revoked] = await this.redis.mget(`apikey:${hash}`, `apikey-revoked:${hash}`);
    } catch (err) {
      cacheUp = false;
      this.logger[redisFailureLogLevel(err)]({ err }, 'API key cache unavailable; asking the user service');
    }
    if (revoked) throw new AppError('API_KEY_INVALID', 'The API key is invalid or revoked');
    const entry = `apikey:${hash}`;
    const verified = await this.auth.verified('api-key', entry, cached);
    // An entry of an earlier version (no owner or proof), or whose proof is about to expire, is a miss.
    const usable = verified === null ? null : usableGrant(verified.value, this.now());
    if (usable && cached) {
      if (!this.revocations.apiKeyRevoked(usable.id)) return usable;
      // A grant of a key revoked since it was cached: written back, or cached by a lookup that raced the revocation.
      await this.auth.stale('api-key', entry, cached, 'revoked');
      throw new AppError('API_KEY_INVALID', 'The API key is invalid or revoked');
    }
    const grant = await this.internal.post('users.api-key-lookup', { keyHash: hash }, requestId);
    const expiresAtMs = keyProofExpiryMs(grant.keyProof);
    // Cached no longer than its proof stays worth sending (the proof lives minutes, the cache seconds).
    const ttlSeconds =
      expiresAtMs === null ? 0 : Math.min(this.cacheTtlSeconds, Math.floor((expiresAtMs - keyProofRenewMs - this.now()) / 1000));
    if (cacheUp && ttlSeconds > 0) {
      const value: CachedGrant = { ...grant, keyProofExpiresAtMs: expiresAtMs! };
      const sealed = this.auth.seal(entry, JSON.stringify(value), ttlSeconds);
      await this.redis.set(entry, sealed, 'EX', ttlSeconds).catch(() => undefined);
    }
    return grant;
  }

  /**
   * After a revocation committed: refused by this instance at once (its revocation set), then the
   * cached grant dropped and any late re-caching blocked for the other instances until their poll
   * of the user service's list brings it.
   */
  async revoked(keyHash: string, keyId: string): Promise<void> {
    this.revocations.revokeApiKey(keyId);
    try {
      await this.redis.multi().del(`apikey:${keyHash}`).set(`apikey-revoked:${keyHash}`, '1', 'EX', tombstoneTtlSeconds).exec();
    } catch (err) {
      this.logger.error({ err }, 'API key revoked but the cache could not be updated');
      throw new AppError('UNAVAILABLE', `The key is revoked; cached copies expire within ${this.cacheTtlSeconds} s. Retry to confirm.`);
    }
  }
}

/**
 * Routes declaring `config.apiKeyScope` need an `x-api-key` with that scope, checked after the
 * bearer token and role (registered after registerAuth, so its hook runs second).
 */
export function registerApiKeyCheck(app: FastifyInstance, verifier: ApiKeyVerifier): void {
  app.addHook('onRoute', (route) => {
    const config = route.config as { access?: string; apiKeyScope?: string } | undefined;
    if (config?.apiKeyScope && (!config.access || config.access === 'public')) {
      throw new Error(`route ${String(route.method)} ${route.url} needs an API key but no authenticated caller`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const scope = request.routeOptions.config?.apiKeyScope;
    if (!scope) return;
    // A platform client's token is its only credential (it has no API key); a person's reward
    // needs the key's scope like every other money route of an admin.
    if (request.principal?.kind === 'system') return;
    await requireApiKeyScope(request, verifier, scope);
  });
}

/**
 * The check of the hook above, for a route whose scope depends on what it acts on (approving a
 * request needs the scope of the command it applies, which the ledger judges once it loaded the
 * request): an `x-api-key` issued to the caller, with that scope (or one of `scope`), or 401/403.
 * The key's proof is kept for the command the route sends.
 */
export async function requireApiKeyScope(
  request: FastifyRequest,
  verifier: ApiKeyVerifier,
  scope: ApiKeyScope | readonly ApiKeyScope[],
): Promise<void> {
  const header = request.headers['x-api-key'];
  if (typeof header !== 'string' || header.length === 0) throw new AppError('API_KEY_INVALID', 'An x-api-key header is required');
  const grant = await verifier.grantOf(header, String(request.id));
  // A key works for the admin it was issued to, never for another (docs/DESIGN.md "API keys").
  const principal = request.principal;
  if (principal?.kind !== 'user' || principal.subject !== String(grant.ownerUserId)) {
    throw new AppError('API_KEY_INVALID', 'The API key was issued to another admin');
  }
  const scopes: readonly ApiKeyScope[] = typeof scope === 'string' ? [scope] : scope;
  if (!scopes.some((one) => grant.scopes.includes(one))) {
    throw new AppError(
      'API_KEY_SCOPE',
      `The API key lacks the "${scopes.join('", "')}" scope${scopes.length > 1 ? 's (one of them)' : ''}`,
    );
  }
  request.apiKeyId = grant.id;
  request.apiKeyProof = grant.keyProof;
  request.apiKeyGrant = grant;
}

/**
 * No payment made with an API key goes to the people behind it, the SUPERADMINs who asked for
 * and approved the key (docs/DESIGN.md "Two-person acts"): 403 SELF_DEALING when one of
 * `recipients` (user ids) is one of them. The gateway judges it, as only it sees the key; the
 * ledger judges a person paying themselves on its own.
 */
export function refusePaymentToPeopleBehindKey(request: FastifyRequest, recipients: Iterable<number>): void {
  const grant = request.apiKeyGrant;
  if (!grant) return;
  const behind = new Set([grant.createdBy, grant.approvedBy].filter((id): id is number => id !== null));
  for (const recipient of recipients) {
    if (behind.has(recipient)) {
      request.refusedAtGateway = true;
      throw new AppError('SELF_DEALING', 'No payment made with an API key goes to the SUPERADMINs who asked for or approved the key');
    }
  }
}
