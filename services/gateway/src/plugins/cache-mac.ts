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
export const macCaches = ['api-key', 'platform-client', 'token-version', 'command-answer', 'callback-secret'] as const;
export type MacCache = (typeof macCaches)[number];

/** Verified entries remembered per gateway (CacheMac.open): about 2 MB at most. */
const openedEntriesMaxDefault = 20_000;
const macLength = 43; // 32 bytes of HMAC-SHA256 in base64url, unpadded
/**
 * Version 2 binds each entry's own expiry: an entry of version 1 (no expiry) never verifies, so a
 * gateway of this version reads one as a miss, as it reads a forged one.
 */
const domain = 'coin-gateway-cache-v2';
const expiryPattern = /^[1-9][0-9]{0,11}$/;

/** What a verified entry says: the value sealed and until when it may be believed (unix seconds). */
export interface OpenedEntry {
  value: string;
  expiresAtS: number;
}

/**
 * The codec of authenticated cache entries ("a cache cannot grant"): a value is stored as
 * `<value>.<expiry>.<mac>`, the expiry being the end of the entry's lifetime in unix seconds and
 * the MAC HMAC-SHA256 under CACHE_MAC_SECRET, a key Redis never holds, over the full Redis key
 * name (the client's prefix included), the value and the expiry. Whoever can write Redis can then
 * delete or garble entries (a denial, or a miss) but cannot make one that verifies: not a new
 * one, not a widened one, not a valid one moved under another key (another API key's hash,
 * another user's token version, another deployment's prefix), and not one that lives longer than
 * the gateway that sealed it allowed: a copy recorded earlier and written back after its expiry
 * is refused by the reader (CacheAuthenticator). What an entry written back before its expiry
 * may no longer say (a revoked version, key or client) the reader learns elsewhere (docs/DESIGN.md
 * "A cache cannot grant").
 */
export class CacheMac {
  /** Imported once: createHmac with the raw bytes imports them again on every call (3 % of the gateway's CPU under load). */
  private readonly secret: KeyObject;
  /**
   * Entries that verified, by key name and stored text: the same text under the same key always
   * verifies again, so a repeated read (a user's token version, on each of their requests) costs
   * a map lookup, not an HMAC. Only exact texts that passed are kept; anything else is computed.
   * Their expiry is judged on every read, by the caller.
   */
  private readonly opened = new Map<string, OpenedEntry>();

  constructor(
    secret: Buffer,
    /** The Redis client's key prefix: part of the name the MAC binds. */
    private readonly keyPrefix: string,
    private readonly openedMax = openedEntriesMaxDefault,
  ) {
    if (secret.length < cacheMacSecretBytesMin) throw new Error(`a cache MAC key needs at least ${cacheMacSecretBytesMin} bytes`);
    this.secret = createSecretKey(secret);
  }

  private macOf(key: string, sealedText: string): Buffer {
    // Length-prefixed: no (key, value) pair can pose as another by moving the boundary.
    const name = `${this.keyPrefix}${key}`;
    return createHmac('sha256', this.secret).update(`${domain}\n${name.length}:${name}\n${sealedText}`).digest();
  }

  /** The entry to store under `key` (without the client's prefix, as commands take it), believed until `expiresAtS` (unix seconds). */
  seal(key: string, value: string, expiresAtS: number): string {
    if (!Number.isSafeInteger(expiresAtS) || !expiryPattern.test(String(expiresAtS))) {
      throw new Error(`a cache entry's expiry must be a positive whole number of seconds, not ${expiresAtS}`);
    }
    const sealedText = `${value}.${expiresAtS}`;
    return `${sealedText}.${this.macOf(key, sealedText).toString('base64url')}`;
  }

  /** What a stored entry says if its MAC verifies for `key`; undefined if not (a forgery, another key's entry, an older format). */
  open(key: string, stored: string): OpenedEntry | undefined {
    // Length-prefixed, as the MAC's own input: no (key, text) pair can pose as another.
    const seen = `${key.length}:${key}\n${stored}`;
    const known = this.opened.get(seen);
    if (known !== undefined) return known;
    const entry = this.verify(key, stored);
    if (entry === undefined) return undefined;
    // The oldest entry makes room: a bounded map, refilled by the next read of what it dropped.
    if (this.opened.size >= this.openedMax) this.opened.delete(this.opened.keys().next().value as string);
    this.opened.set(seen, entry);
    return entry;
  }

  private verify(key: string, stored: string): OpenedEntry | undefined {
    const dot = stored.length - macLength - 1;
    if (dot < 0 || stored[dot] !== '.') return undefined;
    const sealedText = stored.slice(0, dot);
    const given = Buffer.from(stored.slice(dot + 1), 'base64url');
    const expected = this.macOf(key, sealedText);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const expiryDot = sealedText.lastIndexOf('.');
    const expiry = sealedText.slice(expiryDot + 1);
    if (expiryDot < 0 || !expiryPattern.test(expiry)) return undefined;
    return { value: sealedText.slice(0, expiryDot), expiresAtS: Number(expiry) };
  }
}

/** Why a verified entry was not believed: past its sealed expiry, or older than a revocation the gateway knows of. */
export const staleReasons = ['expired', 'revoked'] as const;
export type StaleReason = (typeof staleReasons)[number];

/** Deletes an entry only if it still holds the value that failed: a valid entry written since stays. */
const deleteIfScript = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";
type RedisWithDeleteIf = Redis & { cacheMacDeleteIf(key: string, value: string): Promise<number> };

/**
 * The caches' side of the codec: verifies what was read and handles what does not verify. A
 * failed entry is treated as a miss (the caller asks the user service, never accepts it), logged
 * (cache and key name; never the secret, and not the value, which an attacker chose), counted in
 * `coin_gateway_cache_mac_failures_total{cache}`, and deleted if unchanged, so that the answer
 * the caller writes next is not kept out by it (the token versions' "set if higher" would keep a
 * forged high version in place). An entry past its sealed expiry is a miss too, counted in
 * `coin_gateway_cache_stale_entries_total{cache,reason="expired"}`; so is one a cache finds
 * older than a revocation it knows of (`stale`, reason "revoked").
 */
export class CacheAuthenticator {
  private readonly redis: RedisWithDeleteIf;

  constructor(
    readonly mac: CacheMac,
    redis: Redis,
    private readonly failures: Counter<'cache'>,
    private readonly logger: Logger,
    private readonly staleEntries?: Counter<'cache' | 'reason'>,
    /** The clock entries' expiries are judged by (ms since the epoch). */
    private readonly nowMs: () => number = Date.now,
  ) {
    if (!('cacheMacDeleteIf' in redis)) redis.defineCommand('cacheMacDeleteIf', { numberOfKeys: 1, lua: deleteIfScript });
    this.redis = redis as RedisWithDeleteIf;
  }

  /** The entry to store under `key` for `ttlSeconds` from now: its Redis TTL and its sealed expiry end together. */
  seal(key: string, value: string, ttlSeconds: number): string {
    return this.mac.seal(key, value, this.expiryIn(ttlSeconds));
  }

  /** The sealed expiry of an entry written now for `ttlSeconds`. */
  expiryIn(ttlSeconds: number): number {
    return Math.floor(this.nowMs() / 1000) + ttlSeconds;
  }

  /** Whether a verified entry is still within its sealed lifetime. */
  fresh(entry: OpenedEntry): boolean {
    return entry.expiresAtS * 1000 > this.nowMs();
  }

  /** The verified, unexpired entry read under `key`; null for a miss, a forgery or an expired copy included. */
  async verified(cache: MacCache, key: string, stored: string | null | undefined): Promise<OpenedEntry | null> {
    if (stored === null || stored === undefined) return null;
    const entry = this.mac.open(key, stored);
    if (entry === undefined) {
      this.failures.inc({ cache });
      this.logger.warn({ event: 'cache-mac-failure', cache, key }, 'cached authorization entry failed its MAC check; ignored and deleted');
      await this.redis.cacheMacDeleteIf(key, stored).catch(() => undefined);
      return null;
    }
    if (this.fresh(entry)) return entry;
    await this.stale(cache, key, stored, 'expired');
    return null;
  }

  /**
   * A verified entry that is not believed: past its expiry (Redis drops entries at the same time,
   * so one still there was written back, or the clocks disagree), or older than a revocation this
   * gateway knows of (written back after the revocation, or cached by a read that raced it).
   * Counted, logged, and deleted if unchanged, as a forged one; the caller reads the user service.
   */
  async stale(cache: MacCache, key: string, stored: string, reason: StaleReason): Promise<void> {
    this.staleEntries?.inc({ cache, reason });
    this.logger.warn(
      { event: 'cache-stale-entry', cache, key, reason },
      'cached authorization entry is no longer valid; ignored and deleted',
    );
    await this.redis.cacheMacDeleteIf(key, stored).catch(() => undefined);
  }
}
