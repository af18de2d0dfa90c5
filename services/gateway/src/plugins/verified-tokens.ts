import type { Principal } from './access';

/**
 * Access tokens this gateway has already verified, so a client's next request skips the Ed25519
 * signature check (12% of the gateway's CPU under load, by profile). Only what the signature
 * proves is cached: the token-version check and, for SYSTEM tokens, the platform-client check
 * (immediate revocation) still run on every request.
 * Entries live until the token expires, but at most `entryTtlMsMax`, so a signing key withdrawn
 * from the JWKS stops being honoured within that time; the oldest entry makes room for a new one.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, { principal: Principal; validUntilMs: number }>();

  constructor(
    private readonly entriesMax: number,
    private readonly entryTtlMsMax: number,
  ) {}

  get(token: string, nowMs: number): Principal | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.validUntilMs <= nowMs) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.principal;
  }

  set(token: string, principal: Principal, expiresAtMs: number, nowMs: number): void {
    if (this.entries.size >= this.entriesMax) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { principal, validUntilMs: Math.min(expiresAtMs, nowMs + this.entryTtlMsMax) });
  }

  get size(): number {
    return this.entries.size;
  }
}
