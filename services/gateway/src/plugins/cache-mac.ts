import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Logger } from '@coin/logger';
import type { Redis } from '@coin/redis';
import type { Counter } from 'prom-client';

/** The shortest MAC key accepted: HMAC-SHA256's own block of security (RFC 2104 §3). */
export const cacheMacSecretBytesMin = 32;
const base64Pattern = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** The bytes of a CACHE_MAC_SECRET (base64 or base64url), or why it is not one. */
export function decodeCacheMacSecret(text: string): Buffer {
  const trimmed = text.trim();
  if (!base64Pattern.test(trimmed)) throw new Error('CACHE_MAC_SECRET must be base64 or base64url (e.g. `openssl rand -base64 32`)');
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length < cacheMacSecretBytesMin) {
    throw new Error(`CACHE_MAC_SECRET must decode to at least ${cacheMacSecretBytesMin} bytes; it has ${bytes.length}`);
  }
  if (bytes.every((byte) => byte === bytes[0])) throw new Error('CACHE_MAC_SECRET is one repeated byte: generate a random one');
  return bytes;
}

/** The caches whose entries are authenticated, as the failure metric labels them. */
export type MacCache = 'api-key' | 'platform-client' | 'token-version';

/** Verified entries remembered per gateway (CacheMac.open): about 2 MB at most. */
const openedEntriesMaxDefault = 20_000;
const macLength = 43; // 32 bytes of HMAC-SHA256 in base64url, unpadded
const domain = 'coin-gateway-cache-v1';

/**
 * The codec of authenticated cache entries (issue 29 item 6, "a cache cannot grant"): a value is
 * stored as `<value>.<mac>`, the MAC being HMAC-SHA256 under CACHE_MAC_SECRET, a key Redis never
 * holds, over the full Redis key name (the client's prefix included) and the value. Whoever can
 * write Redis can then delete or garble entries (a denial, or a miss) but cannot make one that
 * verifies: not a new one, not a widened one, and not a valid one moved under another key (another
 * API key's hash, another user's token version, another deployment's prefix).
 */
export class CacheMac {
  /** Imported once: createHmac with the raw bytes imports them again on every call (3 % of the gateway's CPU under load). */
  private readonly secret: KeyObject;
  /**
   * Entries that verified, by key name and stored text: the same text under the same key always
   * verifies again, so a repeated read (a user's token version, on each of their requests) costs
   * a map lookup, not an HMAC. Only exact texts that passed are kept; anything else is computed.
   */
  private readonly opened = new Map<string, string>();
  /** Entries sealed, by key name and value: the gate (plugins/request-gate.ts) seals a user's current version on each write. */
  private readonly sealed = new Map<string, string>();

  constructor(
    secret: Buffer,
    /** The Redis client's key prefix: part of the name the MAC binds. */
    private readonly keyPrefix: string,
    private readonly openedMax = openedEntriesMaxDefault,
  ) {
    if (secret.length < cacheMacSecretBytesMin) throw new Error(`a cache MAC key needs at least ${cacheMacSecretBytesMin} bytes`);
    this.secret = createSecretKey(secret);
  }

  private macOf(key: string, value: string): Buffer {
    // Length-prefixed: no (key, value) pair can pose as another by moving the boundary.
    const name = `${this.keyPrefix}${key}`;
    return createHmac('sha256', this.secret).update(`${domain}\n${name.length}:${name}\n${value}`).digest();
  }

  /** The entry to store under `key` (without the client's prefix, as commands take it). */
  seal(key: string, value: string): string {
    const named = `${key.length}:${key}\n${value}`;
    const known = this.sealed.get(named);
    if (known !== undefined) return known;
    const entry = `${value}.${this.macOf(key, value).toString('base64url')}`;
    if (this.sealed.size >= this.openedMax) this.sealed.delete(this.sealed.keys().next().value as string);
    this.sealed.set(named, entry);
    return entry;
  }

  /** The value of a stored entry if its MAC verifies for `key`; undefined if not (a forgery, or another key's entry). */
  open(key: string, stored: string): string | undefined {
    // Length-prefixed, as the MAC's own input: no (key, text) pair can pose as another.
    const seen = `${key.length}:${key}\n${stored}`;
    const known = this.opened.get(seen);
    if (known !== undefined) return known;
    const value = this.verify(key, stored);
    if (value === undefined) return undefined;
    // The oldest entry makes room: a bounded map, refilled by the next read of what it dropped.
    if (this.opened.size >= this.openedMax) this.opened.delete(this.opened.keys().next().value as string);
    this.opened.set(seen, value);
    return value;
  }

  private verify(key: string, stored: string): string | undefined {
    const dot = stored.length - macLength - 1;
    if (dot < 0 || stored[dot] !== '.') return undefined;
    const value = stored.slice(0, dot);
    const given = Buffer.from(stored.slice(dot + 1), 'base64url');
    const expected = this.macOf(key, value);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return value;
  }
}

/** Deletes an entry only if it still holds the value that failed: a valid entry written since stays. */
const deleteIfScript = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";
type RedisWithDeleteIf = Redis & { cacheMacDeleteIf(key: string, value: string): Promise<number> };

/**
 * The caches' side of the codec: verifies what was read and handles what does not verify. A
 * failed entry is treated as a miss (the caller asks the user service, never accepts it), logged
 * (cache and key name; never the secret, and not the value, which an attacker chose), counted in
 * `coin_gateway_cache_mac_failures_total{cache}`, and deleted if unchanged, so that the answer
 * the caller writes next is not kept out by it (the token versions' "set if higher" would keep a
 * forged high version in place).
 */
export class CacheAuthenticator {
  private readonly redis: RedisWithDeleteIf;

  constructor(
    readonly mac: CacheMac,
    redis: Redis,
    private readonly failures: Counter<'cache'>,
    private readonly logger: Logger,
  ) {
    if (!('cacheMacDeleteIf' in redis)) redis.defineCommand('cacheMacDeleteIf', { numberOfKeys: 1, lua: deleteIfScript });
    this.redis = redis as RedisWithDeleteIf;
  }

  seal(key: string, value: string): string {
    return this.mac.seal(key, value);
  }

  /** The verified value of what was read under `key`; null for a miss, a forgery included. */
  async verified(cache: MacCache, key: string, stored: string | null | undefined): Promise<string | null> {
    if (stored === null || stored === undefined) return null;
    const value = this.mac.open(key, stored);
    if (value !== undefined) return value;
    this.failures.inc({ cache });
    this.logger.warn({ event: 'cache-mac-failure', cache, key }, 'cached authorization entry failed its MAC check; ignored and deleted');
    await this.redis.cacheMacDeleteIf(key, stored).catch(() => undefined);
    return null;
  }
}
