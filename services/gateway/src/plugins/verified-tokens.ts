import type { Principal } from './access';

/**
 * Access tokens this gateway has already verified, so a client's next request skips the Ed25519
 * signature check (7–12 % of the gateway's CPU under load, by profile). Only what the signature
 * proves is cached: the token-version check and, for SYSTEM tokens, the platform-client check
 * (immediate revocation) still run on every request.
 * An entry lives until its token expires, and is honoured only while the key that signed it
 * (`kid`) is still in the key set: a signing key withdrawn from the JWKS stops being honoured
 * as soon as the key set is reloaded (`KeySetFreshness`). The oldest entry makes room for a new one.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, { principal: Principal; kid: string; expiresAtMs: number }>();

  constructor(private readonly entriesMax: number) {}

  get(token: string, nowMs: number, keyTrusted: (kid: string) => boolean): Principal | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= nowMs || !keyTrusted(entry.kid)) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.principal;
  }

  set(token: string, principal: Principal, kid: string, expiresAtMs: number): void {
    if (this.entries.size >= this.entriesMax) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { principal, kid, expiresAtMs });
  }

  get size(): number {
    return this.entries.size;
  }
}

/** What the cache needs of jose's remote key set (createRemoteJWKSet). */
export interface ReloadableKeySet {
  jwks(): { keys: Array<{ kid?: string }> } | undefined;
  reload(): Promise<void>;
  readonly reloading: boolean;
}

/**
 * Which signing keys are trusted now, for cached tokens: the kids of the key set jose holds,
 * reloaded in the background at most every `refreshMs` while cached tokens are used (jose itself
 * reloads only on a verification, which a cache hit skips, and then only every 10 minutes). So a
 * key withdrawn from the JWKS stops being honoured within `refreshMs` plus one fetch. A failed
 * reload keeps the set jose has (its own behaviour for verifications), and is tried again after
 * `refreshMs`. The kids are read from jose's set once per reload (and again for a kid not among
 * them), not per request.
 */
export class KeySetFreshness {
  private checkedAtMs: number;
  /** The kids of the set last read: jose's jwks() hands out a deep copy, too dear for every request. */
  private kids: Set<string> | undefined;

  constructor(
    private readonly keys: ReloadableKeySet,
    private readonly refreshMs: number,
    nowMs: number,
  ) {
    this.checkedAtMs = nowMs;
  }

  trusts(kid: string, nowMs: number): boolean {
    if (nowMs - this.checkedAtMs >= this.refreshMs && !this.keys.reloading) {
      this.checkedAtMs = nowMs;
      this.keys.reload().then(
        () => {
          this.kids = undefined;
        },
        () => undefined,
      );
    }
    if (this.kids?.has(kid)) return true;
    // Not among the kids read last: jose may hold a newer set since (a rotation added a key).
    this.kids = new Set((this.keys.jwks()?.keys ?? []).flatMap((key) => (key.kid ? [key.kid] : [])));
    return this.kids.has(kid);
  }
}
