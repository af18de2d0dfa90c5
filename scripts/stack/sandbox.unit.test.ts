import { sandboxHistoryEnv, sandboxLedgerEnv, sandboxPrefixOf, sandboxWebhooksEnv } from './sandbox';

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
    const env = sandboxLedgerEnv(liveLedger, 'run1_', { http: 8086, metrics: 9186 }, (role) => `pw-of-${role}`);
    expect(env).toMatchObject({
      TOPIC_PREFIX: 'run1_sandbox_',
      DB_SCHEMA_PREFIX: 'run1_sandbox_',
      LEDGER_SPACE: 'test',
      LIVE_TOPIC_PREFIX: 'run1_',
      LEDGER_HTTP_PORT: '8086',
      METRICS_PORT: '9186',
      // Its own role and password, never the live ledger's.
      LEDGER_DATABASE_URL: 'postgres://coin_ledger_sandbox_app:pw-of-coin_ledger_sandbox_app@127.0.0.1:5432/coin',
    });
    expect(sandboxPrefixOf('')).toBe('sandbox_');
  });

  it("when the live ledger runs on shards, then the sandbox does not take its shard map (it names the live schema's clusters)", () => {
    expect(sandboxLedgerEnv(liveLedger, 'run1_', { http: 0, metrics: 0 }, () => 'pw')).not.toHaveProperty('LEDGER_SHARDS_DATABASE_URL');
  });
});

describe('the sandbox history of npm start and the test stacks', () => {
  const liveHistory = {
    TOPIC_PREFIX: 'run1_',
    DB_SCHEMA_PREFIX: 'run1_',
    HISTORY_HTTP_PORT: '8084',
    METRICS_PORT: '9184',
    AUDIT_SIGNER_PUBLIC_KEYS: JSON.stringify({ gateway: 'g', user: 'u', ledger: 'l', webhooks: 'w' }),
    AUDIT_CHECKPOINT_PRIVATE_KEY: 'the live log’s checkpoint key',
    HISTORY_DATABASE_URL: 'postgres://coin_history_app:live@127.0.0.1:5432/coin',
  };

  it('when made from the live history, then it runs under the sandbox’s prefixes, believes the sandbox writers’ signatures only, and holds no checkpoint key of the live log', () => {
    const env = sandboxHistoryEnv(liveHistory, 'run1_', { http: 8088, metrics: 9188 }, (role) => `pw-of-${role}`);
    expect(env.HISTORY_DATABASE_URL).toBe('postgres://coin_history_sandbox_app:pw-of-coin_history_sandbox_app@127.0.0.1:5432/coin');
    expect(env).toMatchObject({ TOPIC_PREFIX: 'run1_sandbox_', DB_SCHEMA_PREFIX: 'run1_sandbox_', HISTORY_HTTP_PORT: '8088' });
    // The sandbox's writers only: its ledger and its webhooks instance.
    expect(JSON.parse(env.AUDIT_SIGNER_PUBLIC_KEYS!)).toEqual({ ledger: 'l', webhooks: 'w' });
    expect(env).not.toHaveProperty('AUDIT_CHECKPOINT_PRIVATE_KEY');
  });
});

describe('the sandbox webhooks of npm start and the test stacks', () => {
  it('when made from the live webhooks, then it connects as its own role, never the live one’s', () => {
    const live = { WEBHOOKS_DATABASE_URL: 'postgres://coin_webhooks_app:live@127.0.0.1:5432/coin', WEBHOOKS_ENCRYPTION_SECRET: 'k' };
    const env = sandboxWebhooksEnv(live, 'run1_', { http: 8089, metrics: 9189 }, 'http://127.0.0.1:8086', (role) => `pw-of-${role}`);
    expect(env.WEBHOOKS_DATABASE_URL).toBe('postgres://coin_webhooks_sandbox_app:pw-of-coin_webhooks_sandbox_app@127.0.0.1:5432/coin');
    expect(env).toMatchObject({ WEBHOOKS_SPACE: 'test', TOPIC_PREFIX: 'run1_sandbox_' });
    expect(env.WEBHOOKS_ENCRYPTION_SECRET).not.toBe('k');
  });
});
