import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { callbackSecretList } from '@coin/contracts';
import { newWebhookSecret } from '@coin/events';
import type { Logger } from '@coin/logger';
import { redisFailureLogLevel, type Redis } from '@coin/redis';
import type { z } from 'zod';
import type { CacheAuthenticator } from '../plugins/cache-mac';

/** A provider's callback secrets by its client id (`whsec_…`, newest first: two during a rotation). */
export type CashoutCallbackSecrets = Readonly<Record<string, readonly string[]>>;

type SealedSecrets = z.infer<typeof callbackSecretList>['callbackSecrets'];

const keyBytes = 32;
const ivBytes = 12;
/** Always a whole GCM tag: a shorter one, which GCM would check as far as it goes, is refused. */
const tagBytes = 16;
const version = 'v1';
const base64Pattern = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** The 32 bytes of a CASHOUT_CALLBACK_ENCRYPTION_SECRET (base64 or base64url), or null when it is not one. */
export function callbackKeyBytes(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!base64Pattern.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length !== keyBytes || bytes.every((byte) => byte === bytes[0])) return null;
  return bytes;
}

/**
 * A new callback secret: 256 random bits, shown once and stored only sealed. In the Standard
 * Webhooks form (`whsec_` and standard base64), so the provider signs with an official library
 * given it as it is; secrets issued earlier (base64url) still verify until replaced.
 */
export function newCallbackSecret(): string {
  return newWebhookSecret();
}

/**
 * Payout providers' callback secrets sealed (AES-256-GCM under CASHOUT_CALLBACK_ENCRYPTION_SECRET,
 * which only the gateway holds): the HMAC of a callback needs the secret itself, so it cannot be
 * hashed. The client id is the additional data, so a sealed secret moved to another provider's
 * row does not open. Layout: `v1.<iv>.<ciphertext>.<tag>`, base64url; the tag is 16 bytes, and a
 * shorter one does not open (docs/design/security.md "Secrets at rest").
 */
export class CallbackSecretBox {
  private readonly key: Buffer;

  constructor(keyText: string) {
    const key = callbackKeyBytes(keyText);
    if (!key) throw new Error('CASHOUT_CALLBACK_ENCRYPTION_SECRET must be 32 random bytes, base64 or base64url');
    this.key = key;
  }

  seal(secret: string, clientId: string): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: tagBytes });
    cipher.setAAD(Buffer.from(`cashout-callback:${clientId}`));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [version, iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** The secret, or null when the text was not sealed for this client under this key. */
  open(sealedText: string, clientId: string): string | null {
    const [textVersion, iv, body, tag, ...rest] = sealedText.split('.');
    if (textVersion !== version || !iv || !body || !tag || rest.length > 0) return null;
    const tagRead = Buffer.from(tag, 'base64url');
    if (tagRead.length !== tagBytes) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: tagBytes });
      decipher.setAAD(Buffer.from(`cashout-callback:${clientId}`));
      decipher.setAuthTag(tagRead);
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/** Where a provider's sealed secrets are read: the user service (GET /internal/platform-clients/:id/callback-secrets). */
export type SealedSecretsReader = (clientId: string, requestId?: string) => Promise<SealedSecrets>;

export interface ProviderCallbackSecretsOptions {
  /** The gateway's Redis; absent: nothing is cached. */
  redis?: Pick<Redis, 'get' | 'set'>;
  auth?: CacheAuthenticator;
  read: SealedSecretsReader;
  /** Absent (no CASHOUT_CALLBACK_ENCRYPTION_SECRET): an issued secret cannot be opened, and verifies nothing. */
  box: CallbackSecretBox | null;
  /** The deprecated configured secrets (CASHOUT_CALLBACK_SECRET), for providers with none issued. */
  fallback: CashoutCallbackSecrets;
  overlapS: number;
  cacheTtlS: number;
  logger: Logger;
  /** The clock the overlap is judged by (ms since the epoch). */
  nowMs?: () => number;
}

/** The secrets a provider's callback may be signed with, and whether they came from the cache. */
export interface ProviderSecrets {
  secrets: readonly string[];
  cached: boolean;
}

const cacheKey = (clientId: string) => `callback-secrets:${clientId}`;

/**
 * Each payout provider's callback secrets (docs/CONTRACT.md "Cash-out"): its issued ones, read
 * from the user service sealed and opened here; the newest verifies, the previous one only until
 * the newest's issue plus CASHOUT_CALLBACK_SECRET_OVERLAP_S, judged by this clock at each
 * callback (so no cache extends it). A provider with none issued falls back to the configured
 * CASHOUT_CALLBACK_SECRET (deprecated), read anew at each callback. The user service's answer
 * of issued secrets (ciphertexts and issue times) is cached briefly in Redis, MAC'd ("A cache
 * cannot grant"): an entry written by anything but a gateway is a miss. A cached answer may lack a secret approved since: the caller asks again,
 * fresh, when the cached secrets refuse a signature (`fresh`).
 */
export class ProviderCallbackSecrets {
  private readonly nowMs: () => number;

  constructor(private readonly options: ProviderCallbackSecretsOptions) {
    this.nowMs = options.nowMs ?? Date.now;
  }

  async secretsOf(clientId: string, call: { fresh?: boolean; requestId?: string } = {}): Promise<ProviderSecrets> {
    const cachedList = call.fresh ? null : await this.cached(clientId);
    const sealed = cachedList ?? (await this.options.read(clientId, call.requestId));
    // "None issued" is never cached: the configured fallback stops at the approval, not a cache lifetime later.
    if (!cachedList && sealed.length > 0) await this.remember(clientId, sealed);
    return { secrets: this.usable(clientId, sealed), cached: cachedList !== null };
  }

  /** The secrets that verify now: the newest issued, the previous within the overlap; none issued: the configured ones. */
  private usable(clientId: string, sealed: SealedSecrets): readonly string[] {
    if (sealed.length === 0) {
      const { fallback } = this.options;
      return Object.hasOwn(fallback, clientId) ? (fallback[clientId] ?? []) : [];
    }
    const [newest, previous] = sealed;
    const within = (entry: SealedSecrets[number]) =>
      entry === newest || Date.parse(newest?.issuedAt ?? '') + this.options.overlapS * 1000 > this.nowMs();
    const opened: string[] = [];
    for (const entry of [newest, previous]) {
      if (!entry || !within(entry)) continue;
      const secret = this.options.box?.open(entry.sealed, clientId) ?? null;
      if (secret === null) {
        this.options.logger.error(
          { event: 'callback-secret-unopened', clientId },
          'a callback secret does not open with this gateway’s key',
        );
        continue;
      }
      opened.push(secret);
    }
    return opened;
  }

  private async cached(clientId: string): Promise<SealedSecrets | null> {
    const { redis, auth } = this.options;
    if (!redis || !auth) return null;
    try {
      const stored = await redis.get(cacheKey(clientId));
      const entry = await auth.verified('callback-secret', cacheKey(clientId), stored);
      if (!entry) return null;
      const parsed = callbackSecretList.shape.callbackSecrets.safeParse(JSON.parse(entry.value));
      return parsed.success && parsed.data.length > 0 ? parsed.data : null;
    } catch (err) {
      this.options.logger[redisFailureLogLevel(err)]({ err }, 'callback secret cache unavailable; asking the user service');
      return null;
    }
  }

  private async remember(clientId: string, sealed: SealedSecrets): Promise<void> {
    const { redis, auth, cacheTtlS } = this.options;
    if (!redis || !auth) return;
    try {
      await redis.set(cacheKey(clientId), auth.seal(cacheKey(clientId), JSON.stringify(sealed), cacheTtlS), 'EX', cacheTtlS);
    } catch (err) {
      this.options.logger[redisFailureLogLevel(err)]({ err }, 'callback secret cache unavailable; not cached');
    }
  }
}
