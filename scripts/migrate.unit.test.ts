import { loadMigrateConfig } from './container/migrate-config';
import { sandboxProvisionOf } from './migrate';

describe('scripts/migrate.ts: MIGRATE_SANDBOX, the sandbox beside the live space (deploy/k8s/components/sandbox)', () => {
  const log = () => undefined;
  const password = (role: string) => `pw-${role}`;
  const base = { DATABASE_URL: 'postgres://admin:secret@db:5432/coin', KAFKA_BROKERS: 'kafka:9092' };

  it('when MIGRATE_SANDBOX is unset or false, then nothing of the sandbox is provisioned', () => {
    expect(loadMigrateConfig(base).MIGRATE_SANDBOX).toBe(false);
    expect(sandboxProvisionOf(loadMigrateConfig(base), password, log)).toBeNull();
    expect(sandboxProvisionOf(loadMigrateConfig({ ...base, MIGRATE_SANDBOX: 'false' }), password, log)).toBeNull();
  });

  it('when MIGRATE_SANDBOX=true, then the sandbox of the deployment’s prefixes is provisioned with its Kafka security and role passwords', () => {
    const config = loadMigrateConfig({
      ...base,
      MIGRATE_SANDBOX: 'true',
      TOPIC_PREFIX: 'acme_',
      DB_SCHEMA_PREFIX: 'acme_db_',
      KAFKA_SECURITY_PROTOCOL: 'SASL_PLAINTEXT',
      KAFKA_SASL_USERNAME: 'coin-ledger-migrate',
      KAFKA_SASL_PASSWORD: 'kafka-secret',
    });
    const target = sandboxProvisionOf(config, password, log)!;
    expect(target).toMatchObject({
      kafkaBrokers: ['kafka:9092'],
      databaseUrl: base.DATABASE_URL,
      livePrefix: 'acme_',
      liveSchemaPrefix: 'acme_db_',
    });
    expect(target.kafkaSecurity).toMatchObject({
      sasl: { mechanism: 'scram-sha-512', username: 'coin-ledger-migrate', password: 'kafka-secret' },
    });
    expect(target.rolePassword?.('coin_ledger_app')).toBe('pw-coin_ledger_app');
  });

  it('when MIGRATE_SANDBOX is not a boolean, then the configuration is refused before anything is touched', () => {
    expect(() => loadMigrateConfig({ ...base, MIGRATE_SANDBOX: 'yes' })).toThrow(/MIGRATE_SANDBOX/);
  });
});
