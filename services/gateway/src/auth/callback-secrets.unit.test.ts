import { randomBytes } from 'node:crypto';
import { standardWebhookHeaders, verifyStandardWebhookSignature } from '@coin/events';
import { createLogger } from '@coin/logger';
import type { Redis } from '@coin/redis';
import { Registry } from 'prom-client';
import { Webhook } from 'standardwebhooks';
import { cacheMacFailureCounter, cacheStaleEntriesCounter } from '../metrics';
import { CacheAuthenticator, CacheMac } from '../plugins/cache-mac';
import { CallbackSecretBox, newCallbackSecret, ProviderCallbackSecrets, type SealedSecretsReader } from './callback-secrets';

/**
 * Each payout provider's own callback secrets (docs/CONTRACT.md "Cash-out"), the attacks first: a
 * provider signing with another's secret, a sealed secret moved to another provider, the previous
 * secret past its overlap (an injected clock, no sleeps), a forged cache entry.
 */

/** Just what the cache uses: GET, SET with EX, and the MAC check's delete-if-unchanged script. */
class FakeRedis {
  readonly values = new Map<string, string>();
  async get(key: string): Promise<string | null> {
    return this.values.get(key) ?? null;
  }
  async set(key: string, value: string): Promise<'OK'> {
    this.values.set(key, value);
    return 'OK';
  }
  defineCommand(name: string): void {
    (this as unknown as Record<string, unknown>)[name] = async (key: string, value: string) =>
      this.values.get(key) === value ? Number(this.values.delete(key)) : 0;
  }
}

const hour = 3600 * 1000;
const keyText = randomBytes(32).toString('base64url');
const box = new CallbackSecretBox(keyText);
const logger = createLogger('callback-secrets-test', 'silent');
const body = JSON.stringify({ cashoutId: 'h_1', outcome: 'CONFIRMED' });

/** Whether a callback signed with `signedWith` verifies against `secrets`. */
function verifies(signedWith: string, secrets: readonly string[]): boolean {
  const headers = standardWebhookHeaders({ id: 'msg_1', timestamp: Math.floor(Date.now() / 1000), body, secrets: [signedWith] });
  try {
    verifyStandardWebhookSignature(body, headers, secrets);
    return true;
  } catch {
    return false;
  }
}

function setup(issued: Record<string, Array<{ secret: string; issuedAtMs: number; sealedFor?: string }>>, fallback = {}) {
  let nowMs = Date.parse('2026-03-01T12:00:00Z');
  const reads: string[] = [];
  const read: SealedSecretsReader = async (clientId) => {
    reads.push(clientId);
    return (issued[clientId] ?? [])
      .toSorted((a, b) => b.issuedAtMs - a.issuedAtMs)
      .slice(0, 2)
      .map((entry) => ({
        sealed: box.seal(entry.secret, entry.sealedFor ?? clientId),
        issuedAt: new Date(entry.issuedAtMs).toISOString(),
      }));
  };
  const redis = new FakeRedis();
  const metrics = new Registry();
  const auth = new CacheAuthenticator(
    new CacheMac(randomBytes(32), ''),
    redis as unknown as Redis,
    cacheMacFailureCounter(metrics),
    logger,
    cacheStaleEntriesCounter(metrics),
    () => nowMs,
  );
  const secrets = new ProviderCallbackSecrets({
    redis: redis as unknown as Redis,
    auth,
    read,
    box,
    fallback,
    overlapS: 24 * 3600,
    cacheTtlS: 10,
    logger,
    nowMs: () => nowMs,
  });
  return { secrets, redis, reads, at: (ms: number) => (nowMs = ms), now: () => nowMs };
}

describe('payout providers’ callback secrets', () => {
  const issuedAt = Date.parse('2026-03-01T11:00:00Z');

  it('when a provider signs a callback with the official Standard Webhooks library and its secret as issued, then the gateway verifies it', async () => {
    // Many secrets: a base64url one fails the library only when it holds a `-` or `_`, most do.
    for (let i = 0; i < 32; i += 1) {
      const issued = newCallbackSecret();
      const { secrets } = setup({ pc_a: [{ secret: issued, issuedAtMs: issuedAt }] });
      const sentAt = new Date();
      const headers = {
        'webhook-id': `msg_${i}`,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': new Webhook(issued).sign(`msg_${i}`, sentAt, body),
      };
      expect(verifyStandardWebhookSignature(body, headers, (await secrets.secretsOf('pc_a')).secrets)).toBe(`msg_${i}`);
    }
  });

  it('when a provider signs a callback with another provider’s issued secret, then it does not verify: each provider is judged by its own secrets only', async () => {
    const [mine, theirs] = [newCallbackSecret(), newCallbackSecret()];
    const { secrets } = setup({ pc_a: [{ secret: mine, issuedAtMs: issuedAt }], pc_b: [{ secret: theirs, issuedAtMs: issuedAt }] });
    const ofA = (await secrets.secretsOf('pc_a')).secrets;
    expect(verifies(mine, ofA)).toBe(true);
    expect(verifies(theirs, ofA)).toBe(false);
    expect(verifies(mine, (await secrets.secretsOf('pc_b')).secrets)).toBe(false);
  });

  it('when another provider’s sealed secret is put in a provider’s row, then it does not open there and verifies nothing', async () => {
    const theirs = newCallbackSecret();
    const { secrets } = setup({ pc_a: [{ secret: theirs, issuedAtMs: issuedAt, sealedFor: 'pc_b' }] });
    expect((await secrets.secretsOf('pc_a')).secrets).toEqual([]);
    expect(() => new CallbackSecretBox(randomBytes(32).toString('base64url')).open(box.seal(theirs, 'pc_b'), 'pc_b')).not.toThrow();
    expect(new CallbackSecretBox(randomBytes(32).toString('base64url')).open(box.seal(theirs, 'pc_b'), 'pc_b')).toBeNull();
  });

  it('when a sealed secret’s tag is cut to fewer than 16 bytes, then it does not open, though GCM would take the shorter tag as valid', () => {
    const secret = newCallbackSecret();
    const sealed = box.seal(secret, 'pc_a');
    const [v, iv, body, tag] = sealed.split('.');
    for (const bytes of [4, 8, 12, 15]) {
      const cut = Buffer.from(tag!, 'base64url').subarray(0, bytes).toString('base64url');
      expect(box.open([v, iv, body, cut].join('.'), 'pc_a')).toBeNull();
    }
    expect(box.open(sealed, 'pc_a')).toBe(secret);
  });

  it('when a new secret is issued, then both verify during the overlap and only the new one after it (an injected clock)', async () => {
    const [old, fresh] = [newCallbackSecret(), newCallbackSecret()];
    const rotatedAt = Date.parse('2026-03-01T12:00:00Z');
    const { secrets, at } = setup({
      pc_a: [
        { secret: old, issuedAtMs: rotatedAt - 30 * 24 * hour },
        { secret: fresh, issuedAtMs: rotatedAt },
      ],
    });
    at(rotatedAt + 23 * hour);
    const during = (await secrets.secretsOf('pc_a', { fresh: true })).secrets;
    expect([verifies(fresh, during), verifies(old, during)]).toEqual([true, true]);
    at(rotatedAt + 24 * hour);
    const after = (await secrets.secretsOf('pc_a', { fresh: true })).secrets;
    expect([verifies(fresh, after), verifies(old, after)]).toEqual([true, false]);
    // A cached answer read during the overlap does not stretch it: the overlap is judged at each callback.
    at(rotatedAt + 24 * hour - 5000);
    expect(verifies(old, (await secrets.secretsOf('pc_a', { fresh: true })).secrets)).toBe(true);
    at(rotatedAt + 24 * hour + 1000);
    const fromCache = await secrets.secretsOf('pc_a');
    expect(fromCache.cached).toBe(true);
    expect([verifies(fresh, fromCache.secrets), verifies(old, fromCache.secrets)]).toEqual([true, false]);
  });

  it('when a forged cache entry names a secret of the attacker’s, or stretches the old one’s overlap, then it is a miss: the user service’s answer is used', async () => {
    const [old, fresh] = [newCallbackSecret(), newCallbackSecret()];
    const rotatedAt = Date.parse('2026-03-01T12:00:00Z');
    const { secrets, redis, reads, at } = setup({
      pc_a: [
        { secret: old, issuedAtMs: rotatedAt - 30 * 24 * hour },
        { secret: fresh, issuedAtMs: rotatedAt },
      ],
    });
    at(rotatedAt + 48 * hour);
    // The old sealed secret, genuine, listed as the newest: without the gateway's MAC it is not believed.
    const forged = JSON.stringify([{ sealed: box.seal(old, 'pc_a'), issuedAt: new Date(rotatedAt + 47 * hour).toISOString() }]);
    redis.values.set('callback-secrets:pc_a', forged);
    const read = await secrets.secretsOf('pc_a');
    expect(read.cached).toBe(false);
    expect(reads).toEqual(['pc_a']);
    expect([verifies(fresh, read.secrets), verifies(old, read.secrets)]).toEqual([true, false]);
    // A genuine entry is used for its lifetime; then the user service is asked again.
    const cached = await secrets.secretsOf('pc_a');
    expect([cached.cached, verifies(fresh, cached.secrets)]).toEqual([true, true]);
  });

  it('when no secret is issued, then the configured (deprecated) one verifies; once one is issued, the configured one no longer does', async () => {
    const [configured, issued] = [newCallbackSecret(), newCallbackSecret()];
    const before = setup({}, { pc_a: [configured] });
    expect(verifies(configured, (await before.secrets.secretsOf('pc_a')).secrets)).toBe(true);
    expect((await before.secrets.secretsOf('pc_b')).secrets).toEqual([]);
    const after = setup({ pc_a: [{ secret: issued, issuedAtMs: issuedAt }] }, { pc_a: [configured] });
    const secrets = (await after.secrets.secretsOf('pc_a')).secrets;
    expect([verifies(issued, secrets), verifies(configured, secrets)]).toEqual([true, false]);
  });
});
