import { sandboxLedgerEnv, sandboxPrefixOf } from './sandbox';

describe('the sandbox ledger of npm start and the test stacks', () => {
  const liveLedger = {
    TOPIC_PREFIX: 'run1_',
    DB_SCHEMA_PREFIX: 'run1_',
    LEDGER_HTTP_PORT: '8083',
    METRICS_PORT: '9183',
    LEDGER_DATABASE_URL: 'postgres://coin_ledger_app:x@127.0.0.1:5432/coin',
    LEDGER_SHARDS_DATABASE_URL: '0-2=postgres://a@h1/coin;3-5=postgres://a@h2/coin',
  };

  it('when made from the live ledger, then it is the test space under topics and a schema of its own, answering the live prefix, on ports of its own', () => {
    const env = sandboxLedgerEnv(liveLedger, 'run1_', { http: 8086, metrics: 9186 });
    expect(env).toMatchObject({
      TOPIC_PREFIX: 'run1_sandbox_',
      DB_SCHEMA_PREFIX: 'run1_sandbox_',
      LEDGER_SPACE: 'test',
      LIVE_TOPIC_PREFIX: 'run1_',
      LEDGER_HTTP_PORT: '8086',
      METRICS_PORT: '9186',
      LEDGER_DATABASE_URL: liveLedger.LEDGER_DATABASE_URL,
    });
    expect(sandboxPrefixOf('')).toBe('sandbox_');
  });

  it("when the live ledger runs on shards, then the sandbox does not take its shard map (it names the live schema's clusters)", () => {
    expect(sandboxLedgerEnv(liveLedger, 'run1_', { http: 0, metrics: 0 })).not.toHaveProperty('LEDGER_SHARDS_DATABASE_URL');
  });
});
