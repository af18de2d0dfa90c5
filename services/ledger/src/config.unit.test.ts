import { generateKeyPairSync } from 'node:crypto';
import { ledgerConfigSchema, ledgerPolicyOf } from './config';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
/** The keys without a default besides the database: the callers' service keys, its own, and the trusted token keys. */
const keys = {
  SERVICE_TOKEN_PUBLIC_KEYS: JSON.stringify({ gateway: publicKeyPem }),
  SERVICE_TOKEN_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  AUTHORITY_PUBLIC_KEYS: JSON.stringify([{ kid: 'k1', publicKeyPem }]),
};

describe('ledger configuration: the continuous supply check', () => {
  const base = { LEDGER_DATABASE_URL: 'postgres://ledger@localhost/coin', ...keys };

  it('when nothing is set, then the check ticks every 10 s, rebases every hour and calls legs stale after 300 s', () => {
    expect(ledgerConfigSchema.parse(base)).toMatchObject({
      SUPPLY_CHECK_INTERVAL_MS: 10_000,
      SUPPLY_CHECK_REBASE_INTERVAL_MS: 3_600_000,
      CREDIT_LEG_MAX_AGE_S: 300,
    });
  });

  it('when values are given as environment strings, then they are read as integers', () => {
    expect(
      ledgerConfigSchema.parse({
        ...base,
        SUPPLY_CHECK_INTERVAL_MS: '500',
        SUPPLY_CHECK_REBASE_INTERVAL_MS: '60000',
        CREDIT_LEG_MAX_AGE_S: '30',
      }),
    ).toMatchObject({ SUPPLY_CHECK_INTERVAL_MS: 500, SUPPLY_CHECK_REBASE_INTERVAL_MS: 60_000, CREDIT_LEG_MAX_AGE_S: 30 });
  });

  it.each([
    ['SUPPLY_CHECK_INTERVAL_MS', '0'],
    ['SUPPLY_CHECK_REBASE_INTERVAL_MS', '-1'],
    ['CREDIT_LEG_MAX_AGE_S', '1.5'],
    ['CREDIT_LEG_MAX_AGE_S', 'five minutes'],
  ])('when %s is %s, then the configuration is refused naming the key', (key, value) => {
    const result = ledgerConfigSchema.safeParse({ ...base, [key]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([key]);
  });
});

describe("ledger configuration: the command consumer's session", () => {
  const base = { LEDGER_DATABASE_URL: 'postgres://ledger@localhost/coin', ...keys };

  it.each([
    ['5999', false],
    ['6000', true],
    ['10000', true],
  ])(
    'when LEDGER_SESSION_TIMEOUT_MS is %s, then the configuration is accepted: %s (a session shorter than three idle fetches of 2 s, or than the broker allows, would drop an idle member)',
    (value, accepted) => {
      const result = ledgerConfigSchema.safeParse({ ...base, LEDGER_SESSION_TIMEOUT_MS: value });
      expect(result.success).toBe(accepted);
      if (!accepted) expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['LEDGER_SESSION_TIMEOUT_MS']);
    },
  );
});

describe('ledger configuration: proofs of authority and four-eyes windows', () => {
  const base = {
    LEDGER_DATABASE_URL: 'postgres://ledger@localhost/coin',
    SERVICE_TOKEN_PUBLIC_KEYS: keys.SERVICE_TOKEN_PUBLIC_KEYS,
    SERVICE_TOKEN_PRIVATE_KEY: keys.SERVICE_TOKEN_PRIVATE_KEY,
  };

  it('when AUTHORITY_PUBLIC_KEYS is missing, empty or not JSON keys, then the configuration is refused naming the key', () => {
    for (const value of [undefined, '[]', 'not json', '[{"kid":"k"}]']) {
      const result = ledgerConfigSchema.safeParse({ ...base, ...(value === undefined ? {} : { AUTHORITY_PUBLIC_KEYS: value }) });
      expect(result.success).toBe(false);
      expect(JSON.stringify(result.error?.issues)).toContain('AUTHORITY_PUBLIC_KEYS');
    }
  });

  it('when nothing else is set, then the windows are 10,000 coins, treasury mints wait and a client may reward 100,000 a day', () => {
    expect(ledgerConfigSchema.parse({ ...base, AUTHORITY_PUBLIC_KEYS: keys.AUTHORITY_PUBLIC_KEYS })).toMatchObject({
      FOUR_EYES_ACTOR_DAILY_COINS: 10_000,
      FOUR_EYES_RECIPIENT_DAILY_COINS: 10_000,
      FOUR_EYES_TREASURY_MINT: true,
      PLATFORM_CLIENT_DAILY_REWARD_COINS: 100_000,
      COMMAND_MAX_AGE_S: 604_800,
    });
  });
});

describe('ledger configuration: mandates started in the past (test stacks only)', () => {
  const base = { LEDGER_DATABASE_URL: 'postgres://ledger@localhost/coin', ...keys };

  it('when nothing is set, then the policy keeps the contract (no backdating); a test stack may allow up to 31 days', () => {
    expect(ledgerPolicyOf(ledgerConfigSchema.parse(base)).mandateBackdateSeconds).toBeUndefined();
    expect(
      ledgerPolicyOf(ledgerConfigSchema.parse({ ...base, NODE_ENV: 'test', MANDATE_BACKDATE_FOR_TESTS_S: '864000' }))
        .mandateBackdateSeconds,
    ).toBe(864_000);
    expect(ledgerConfigSchema.safeParse({ ...base, MANDATE_BACKDATE_FOR_TESTS_S: String(32 * 24 * 3600) }).success).toBe(false);
  });

  it('when it is set in production, then the configuration is refused', () => {
    const config = ledgerConfigSchema.parse({ ...base, NODE_ENV: 'production', MANDATE_BACKDATE_FOR_TESTS_S: '60' });
    expect(() => ledgerPolicyOf(config)).toThrow(/MANDATE_BACKDATE_FOR_TESTS_S/);
  });
});
