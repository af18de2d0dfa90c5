import { randomBytes } from 'node:crypto';
import { generateServiceKeys } from '../../../scripts/stack/keys';
import { loadWebhooksConfig } from './config';

describe('the webhooks configuration: its space (docs/decisions/0018-sandbox.md)', () => {
  const keys = generateServiceKeys();
  const env = {
    KAFKA_BROKERS: '127.0.0.1:9092',
    WEBHOOKS_DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/coin',
    WEBHOOKS_ENCRYPTION_SECRET: randomBytes(32).toString('base64url'),
    SERVICE_TOKEN_PUBLIC_KEYS: JSON.stringify({ gateway: keys.gateway.publicKeyPem }),
    SERVICE_TOKEN_PRIVATE_KEY: keys.webhooks.privateKeyPem,
  };

  it('when nothing says otherwise, then the instance is live and reads no test clock (an empty URL is unset)', () => {
    const config = loadWebhooksConfig({ ...env, WEBHOOKS_TEST_CLOCKS_URL: '' });
    expect([config.WEBHOOKS_SPACE, config.WEBHOOKS_TEST_CLOCKS_URL]).toEqual(['live', undefined]);
  });

  it("when the sandbox's instance has no ledger to read the test clocks from, then it does not start", () => {
    expect(() => loadWebhooksConfig({ ...env, WEBHOOKS_SPACE: 'test' })).toThrow(/WEBHOOKS_TEST_CLOCKS_URL/);
    const config = loadWebhooksConfig({ ...env, WEBHOOKS_SPACE: 'test', WEBHOOKS_TEST_CLOCKS_URL: 'http://127.0.0.1:8087' });
    expect(config.WEBHOOKS_TEST_CLOCKS_URL).toBe('http://127.0.0.1:8087');
  });
});
