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
    USER_SERVICE_URL: 'http://127.0.0.1:8082',
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

describe('the webhooks configuration: the platform clients it records events for', () => {
  const keys = generateServiceKeys();
  const env = {
    KAFKA_BROKERS: '127.0.0.1:9092',
    WEBHOOKS_DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/coin',
    WEBHOOKS_ENCRYPTION_SECRET: randomBytes(32).toString('base64url'),
    SERVICE_TOKEN_PUBLIC_KEYS: JSON.stringify({ gateway: keys.gateway.publicKeyPem }),
    SERVICE_TOKEN_PRIVATE_KEY: keys.webhooks.privateKeyPem,
  };

  it('when the user service is not named, then it does not start; named, the clients are read again every minute unless told otherwise', () => {
    expect(() => loadWebhooksConfig(env)).toThrow(/USER_SERVICE_URL/);
    const config = loadWebhooksConfig({ ...env, USER_SERVICE_URL: 'http://127.0.0.1:8082' });
    expect([config.USER_SERVICE_URL, config.WEBHOOKS_CLIENTS_REFRESH_MS]).toEqual(['http://127.0.0.1:8082', 60_000]);
    expect(() => loadWebhooksConfig({ ...env, USER_SERVICE_URL: 'http://127.0.0.1:8082', WEBHOOKS_CLIENTS_REFRESH_MS: '10' })).toThrow(
      /WEBHOOKS_CLIENTS_REFRESH_MS/,
    );
  });
});
