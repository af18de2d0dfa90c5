import { generateKeyPairSync } from 'node:crypto';
import {
  commonEnv,
  parseConfig,
  passwordHashCostOf,
  passwordHashEnv,
  port,
  serviceTokenPrivateKey,
  serviceTokenPublicKeys,
  trustedPublicKeys,
  z,
} from './index';

describe('config parsing', () => {
  const schema = z.object({ ...commonEnv, HTTP_PORT: port(8080), SECRET: z.string().min(10) });

  it('when the environment is valid, then defaults fill the gaps and the result is frozen', () => {
    const config = parseConfig(schema, { SECRET: 'a-long-secret', KAFKA_BROKERS: 'a:9092, b:9092' });
    expect(config.HTTP_PORT).toBe(8080);
    expect(config.KAFKA_BROKERS).toEqual(['a:9092', 'b:9092']);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('when several keys are invalid, then one error names them all without echoing values', () => {
    let message = '';
    try {
      parseConfig(schema, { SECRET: 'short-pw', HTTP_PORT: '99999', TOPIC_PREFIX: 'bad prefix!' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('SECRET');
    expect(message).toContain('HTTP_PORT');
    expect(message).toContain('TOPIC_PREFIX');
    expect(message).not.toContain('short-pw');
  });

  it('when the consumer stall settings are unset, then a stall is 20 s read every 5 s; outside 5 s..10 min and 1 s..1 min they are refused', () => {
    const parsed = parseConfig(schema, { SECRET: 'a-long-secret' });
    expect([parsed.CONSUMER_STALL_AFTER_MS, parsed.CONSUMER_STALL_CHECK_INTERVAL_MS]).toEqual([20_000, 5000]);
    const set = parseConfig(schema, {
      SECRET: 'a-long-secret',
      CONSUMER_STALL_AFTER_MS: '5000',
      CONSUMER_STALL_CHECK_INTERVAL_MS: '60000',
    });
    expect([set.CONSUMER_STALL_AFTER_MS, set.CONSUMER_STALL_CHECK_INTERVAL_MS]).toEqual([5000, 60_000]);
    expect(parseConfig(schema, { SECRET: 'a-long-secret', CONSUMER_STALL_AFTER_MS: '600000' }).CONSUMER_STALL_AFTER_MS).toBe(600_000);
    expect(
      parseConfig(schema, { SECRET: 'a-long-secret', CONSUMER_STALL_CHECK_INTERVAL_MS: '1000' }).CONSUMER_STALL_CHECK_INTERVAL_MS,
    ).toBe(1000);
    for (const [key, value] of [
      ['CONSUMER_STALL_AFTER_MS', '4999'],
      ['CONSUMER_STALL_AFTER_MS', '600001'],
      ['CONSUMER_STALL_AFTER_MS', '20000.5'],
      ['CONSUMER_STALL_AFTER_MS', 'soon'],
      ['CONSUMER_STALL_CHECK_INTERVAL_MS', '999'],
      ['CONSUMER_STALL_CHECK_INTERVAL_MS', '60001'],
      ['CONSUMER_STALL_CHECK_INTERVAL_MS', '-5000'],
    ] as const)
      expect(() => parseConfig(schema, { SECRET: 'a-long-secret', [key]: value })).toThrow(new RegExp(key));
  });

  it('when the consumer relaunch bound is unset, then it is 30 s; outside 10 s..10 min it is refused', () => {
    expect(parseConfig(schema, { SECRET: 'a-long-secret' }).CONSUMER_RELAUNCH_AFTER_MS).toBe(30_000);
    expect(parseConfig(schema, { SECRET: 'a-long-secret', CONSUMER_RELAUNCH_AFTER_MS: '10000' }).CONSUMER_RELAUNCH_AFTER_MS).toBe(10_000);
    expect(parseConfig(schema, { SECRET: 'a-long-secret', CONSUMER_RELAUNCH_AFTER_MS: '600000' }).CONSUMER_RELAUNCH_AFTER_MS).toBe(600_000);
    for (const value of ['9999', '600001', '30000.5', 'later'])
      expect(() => parseConfig(schema, { SECRET: 'a-long-secret', CONSUMER_RELAUNCH_AFTER_MS: value })).toThrow(
        /CONSUMER_RELAUNCH_AFTER_MS/,
      );
  });

  it('when the request-path fetch wait is unset, then it is 2 s; past a third of the 6 s session it is refused', () => {
    expect(parseConfig(schema, { SECRET: 'a-long-secret' }).KAFKA_REQUEST_PATH_FETCH_WAIT_MS).toBe(2000);
    expect(parseConfig(schema, { SECRET: 'a-long-secret', KAFKA_REQUEST_PATH_FETCH_WAIT_MS: '500' }).KAFKA_REQUEST_PATH_FETCH_WAIT_MS).toBe(
      500,
    );
    expect(() => parseConfig(schema, { SECRET: 'a-long-secret', KAFKA_REQUEST_PATH_FETCH_WAIT_MS: '2001' })).toThrow(
      /KAFKA_REQUEST_PATH_FETCH_WAIT_MS/,
    );
  });

  describe('service-token keys (docs/DESIGN.md "Internal HTTP credentials")', () => {
    const pair = () => generateKeyPairSync('ed25519');
    const pem = (k: ReturnType<typeof pair>, kind: 'private' | 'public') =>
      kind === 'private'
        ? k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
        : k.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const keys = z.object({ SERVICE_TOKEN_PRIVATE_KEY: serviceTokenPrivateKey(), SERVICE_TOKEN_PUBLIC_KEYS: serviceTokenPublicKeys() });
    const messageOf = (env: Record<string, string>) => {
      try {
        parseConfig(keys, env);
      } catch (err) {
        return (err as Error).message;
      }
      return '';
    };

    it('when both are missing, then start-up fails naming each and saying where they come from', () => {
      const message = messageOf({});
      expect(message).toContain('SERVICE_TOKEN_PRIVATE_KEY: required');
      expect(message).toContain('SERVICE_TOKEN_PUBLIC_KEYS: required');
    });

    it('when the private key is not Ed25519 or the callers are not a JSON object of Ed25519 public keys, then refused without echoing them', () => {
      const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const good = pair();
      expect(messageOf({ SERVICE_TOKEN_PRIVATE_KEY: rsa, SERVICE_TOKEN_PUBLIC_KEYS: '{}' })).toContain('must be an Ed25519 private key');
      expect(messageOf({ SERVICE_TOKEN_PRIVATE_KEY: pem(good, 'private'), SERVICE_TOKEN_PUBLIC_KEYS: 'not json' })).toContain(
        'JSON object',
      );
      const withPrivate = JSON.stringify({ gateway: pem(good, 'private') });
      const message = messageOf({ SERVICE_TOKEN_PRIVATE_KEY: pem(good, 'private'), SERVICE_TOKEN_PUBLIC_KEYS: withPrivate });
      expect(message).toContain('a key of gateway is not an Ed25519 public key');
      expect(message).not.toContain('PRIVATE KEY-----');
    });

    it('when a caller has one key, or two while it rotates, then the callers parse', () => {
      const [a, b] = [pair(), pair()];
      const parsed = parseConfig(keys, {
        SERVICE_TOKEN_PRIVATE_KEY: pem(a, 'private'),
        SERVICE_TOKEN_PUBLIC_KEYS: JSON.stringify({ gateway: [pem(a, 'public'), pem(b, 'public')], history: pem(b, 'public') }),
      });
      expect(Object.keys(parsed.SERVICE_TOKEN_PUBLIC_KEYS)).toEqual(['gateway', 'history']);
    });
  });

  describe('password hashing cost', () => {
    const schema = z.object(passwordHashEnv);
    const costOf = (env: Record<string, string>, logger?: { warn(details: object, message: string): void }) =>
      passwordHashCostOf(parseConfig(schema, env), logger);

    it("when nothing is set, then the cost is OWASP's minimum, scrypt 2^17, r=8, p=1", () => {
      expect(costOf({})).toEqual({ log2N: 17, r: 8, p: 1 });
      expect(costOf({ PASSWORD_SCRYPT_LOG2_N: '18' })).toEqual({ log2N: 18, r: 8, p: 1 });
    });

    it('when a lower cost is set without the test key, then start-up fails naming both keys', () => {
      expect(() => costOf({ PASSWORD_SCRYPT_LOG2_N: '15' })).toThrow(/PASSWORD_SCRYPT_LOG2_N.*PASSWORD_SCRYPT_BELOW_OWASP_FOR_TESTS=true/);
    });

    it('when a lower cost is set with the test key, then it is used and a warning says so', () => {
      const warnings: string[] = [];
      const cost = costOf(
        { PASSWORD_SCRYPT_LOG2_N: '12', PASSWORD_SCRYPT_BELOW_OWASP_FOR_TESTS: 'true' },
        { warn: (_d, m) => warnings.push(m) },
      );
      expect(cost).toEqual({ log2N: 12, r: 8, p: 1 });
      expect(warnings).toEqual([expect.stringContaining('below OWASP minimum')]);
    });

    it.each(['9', '19', '16.5', 'x'])('when the cost is %s, then the configuration is invalid', (value) => {
      expect(() => parseConfig(schema, { PASSWORD_SCRYPT_LOG2_N: value })).toThrow('PASSWORD_SCRYPT_LOG2_N');
    });
  });
});

describe('the trusted public keys of a service (AUTHORITY_PUBLIC_KEYS)', () => {
  it('when the text is a JSON list of {kid, publicKeyPem}, then it is those keys', () => {
    const keys = [
      { kid: 'k1', publicKeyPem: 'pem-1' },
      { kid: 'k2', publicKeyPem: 'pem-2' },
    ];
    expect(trustedPublicKeys().parse(JSON.stringify(keys))).toEqual(keys);
  });

  it.each([
    ['not JSON', '{', 'must be JSON [{kid, publicKeyPem}]'],
    ['not a list', '{"kid":"k1"}', 'a JSON array'],
    ['an empty list', '[]', 'at least one key'],
    ['an entry without a kid', '[{"publicKeyPem":"pem"}]', 'entry 0 must be {kid, publicKeyPem}'],
    ['an entry of the wrong types', '[{"kid":1,"publicKeyPem":["pem"]}]', 'entry 0 must be {kid, publicKeyPem}'],
    ['a null entry', '[null]', 'entry 0 must be {kid, publicKeyPem}'],
    ['a prototype key for a kid', '[{"constructor":"x","publicKeyPem":"pem"}]', 'entry 0 must be {kid, publicKeyPem}'],
  ])('when it is %s, then it is refused saying so', (_, text, message) => {
    const result = trustedPublicKeys().safeParse(text);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(message);
  });
});
