import { ledgerConfigSchema } from './config';

describe('ledger configuration: the continuous supply check', () => {
  const base = { LEDGER_DATABASE_URL: 'postgres://ledger@localhost/coin' };

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
