import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { loadGatewayConfig, sandboxConfigOf } from './config';

/** The keys without a default: the gateway's service-token key and the cache MAC key. */
const base = {
  SERVICE_TOKEN_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  CACHE_MAC_SECRET: randomBytes(32).toString('base64url'),
};

describe('gateway configuration: the sandbox (docs/decisions/0018-sandbox.md)', () => {
  const sandbox = {
    SANDBOX_TOPIC_PREFIX: 'sandbox_',
    SANDBOX_LEDGER_URL: 'http://sandbox-ledger:8083',
    SANDBOX_HISTORY_URL: 'http://sandbox-history:8084',
  };

  it('when none of the three is set, or each is empty (`KEY=` in a ConfigMap or compose), then the gateway serves no sandbox', () => {
    expect(sandboxConfigOf(loadGatewayConfig(base))).toBeUndefined();
    const empty = { SANDBOX_TOPIC_PREFIX: '', SANDBOX_LEDGER_URL: '', SANDBOX_HISTORY_URL: '' };
    expect(sandboxConfigOf(loadGatewayConfig({ ...base, ...empty }))).toBeUndefined();
  });

  it('when all three are set, then its commands topic prefix and the internal APIs of its reads are the ones named', () => {
    expect(sandboxConfigOf(loadGatewayConfig({ ...base, ...sandbox }))).toEqual({
      topicPrefix: 'sandbox_',
      ledgerUrl: 'http://sandbox-ledger:8083',
      historyUrl: 'http://sandbox-history:8084',
    });
  });

  it.each(Object.keys(sandbox))('when %s alone is missing, then the gateway does not start (commands served, reads nowhere)', (key) => {
    const { [key as keyof typeof sandbox]: _left, ...rest } = sandbox;
    expect(() => loadGatewayConfig({ ...base, ...rest })).toThrow(/set together or not at all/);
  });

  it('when one is set but malformed, then the gateway does not start', () => {
    expect(() => loadGatewayConfig({ ...base, ...sandbox, SANDBOX_LEDGER_URL: 'sandbox-ledger' })).toThrow(/SANDBOX_LEDGER_URL/);
    expect(() => loadGatewayConfig({ ...base, ...sandbox, SANDBOX_TOPIC_PREFIX: 'a b' })).toThrow(/SANDBOX_TOPIC_PREFIX/);
  });
});

describe('gateway configuration: the configured callback secrets (CASHOUT_CALLBACK_SECRET, deprecated)', () => {
  const key = randomBytes(32);
  const configured = (secret: unknown) => loadGatewayConfig({ ...base, CASHOUT_CALLBACK_SECRET: JSON.stringify({ pc_a: secret }) });

  it('when a secret is in the standard form (standard base64) or the earlier one (base64url), then it is accepted as given', () => {
    const standard = `whsec_${key.toString('base64')}`;
    const url = `whsec_${key.toString('base64url')}`;
    expect(configured(standard).CASHOUT_CALLBACK_SECRET).toEqual({ pc_a: [standard] });
    expect(configured([standard, url]).CASHOUT_CALLBACK_SECRET).toEqual({ pc_a: [standard, url] });
  });

  it('when a secret mixes the two alphabets, is short, or lacks its prefix, then the gateway does not start', () => {
    // Bytes whose encodings hold both `+`/`/` and `-`/`_`: one of each kind in the same body is no secret.
    const mixed = `whsec_${Buffer.alloc(32, 0xfb).toString('base64').replace('+', '-')}`;
    for (const secret of [mixed, `whsec_${randomBytes(8).toString('base64')}`, key.toString('base64')]) {
      expect(() => configured(secret)).toThrow(/CASHOUT_CALLBACK_SECRET/);
    }
  });
});
