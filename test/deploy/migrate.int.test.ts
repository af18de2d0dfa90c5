import { createKafka, topicSpecs } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { serviceDatabaseUrl } from '@coin/db';
import pg from 'pg';
import { runMigrate, rolePasswordsFrom } from '../../scripts/migrate';
import { loadMigrateConfig } from '../../scripts/container/migrate-config';
import { devRolePassword, sandboxRuntimeRoles } from '../../scripts/stack/services';
import { testInfra, uniquePrefix } from '../harness/env';

describe('scripts/migrate.ts: the migration step of the container image, configured from env only', () => {
  const infra = testInfra();
  const urlOf = (role: string) => serviceDatabaseUrl(infra.databaseUrl, role, devRolePassword(infra.databaseUrl, role));

  it('when run with production settings, then topics (ledger.commands with the given partitions), schemas and the first SUPERADMIN exist', async () => {
    const prefix = uniquePrefix();
    await runMigrate({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      TOPIC_PREFIX: prefix,
      DB_SCHEMA_PREFIX: prefix,
      DATABASE_URL: infra.databaseUrl,
      USER_DATABASE_URL: urlOf('coin_user_app'),
      LEDGER_DATABASE_URL: urlOf('coin_ledger_app'),
      HISTORY_DATABASE_URL: urlOf('coin_history_app'),
      WEBHOOKS_DATABASE_URL: urlOf('coin_webhooks_app'),
      MONITORING_DATABASE_URL: urlOf('coin_monitoring_app'),
      HISTORY_REBUILD_DATABASE_URL: urlOf('coin_history_rebuild'),
      LEDGER_COMMANDS_PARTITIONS: '2',
      BOOTSTRAP_SUPERADMIN_EMAIL: `root.${prefix.replace(/_/g, '')}@example.test`,
      BOOTSTRAP_SUPERADMIN_PASSWORD: 'a long bootstrap password',
    });

    const admin = createKafka({ brokers: infra.kafkaBrokers, clientId: 'migrate-test', logger: createLogger('test', 'warn') }).admin();
    await admin.connect();
    try {
      const metadata = await admin.fetchTopicMetadata({
        topics: [`${prefix}ledger.commands`, `${prefix}ledger.internal`, `${prefix}user.commands`],
      });
      const partitions = Object.fromEntries(metadata.topics.map((t) => [t.name, t.partitions.length]));
      // ledger.internal is co-partitioned with ledger.commands: created with the same count.
      expect(partitions).toEqual({ [`${prefix}ledger.commands`]: 2, [`${prefix}ledger.internal`]: 2, [`${prefix}user.commands`]: 3 });
    } finally {
      await admin.disconnect();
    }

    const client = new pg.Client({ connectionString: urlOf('coin_user_app') });
    await client.connect();
    try {
      const superadmins = await client.query(`SELECT count(*)::int AS n FROM ${prefix}users.users WHERE role = 'SUPERADMIN'`);
      expect(superadmins.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  }, 90_000);

  it('when run with MIGRATE_SANDBOX=true (components/sandbox), then the sandbox’s topics and ledger schema exist under <prefix>sandbox_, usable by the sandbox ledger’s own role and not the live one, and without it they do not', async () => {
    const prefix = uniquePrefix();
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      TOPIC_PREFIX: prefix,
      DB_SCHEMA_PREFIX: prefix,
      DATABASE_URL: infra.databaseUrl,
      USER_DATABASE_URL: urlOf('coin_user_app'),
      LEDGER_DATABASE_URL: urlOf('coin_ledger_app'),
      HISTORY_DATABASE_URL: urlOf('coin_history_app'),
      WEBHOOKS_DATABASE_URL: urlOf('coin_webhooks_app'),
      MONITORING_DATABASE_URL: urlOf('coin_monitoring_app'),
      HISTORY_REBUILD_DATABASE_URL: urlOf('coin_history_rebuild'),
    };
    // The sandbox's own runtime roles, from the Secrets components/sandbox gives the Job.
    const sandboxUrls = {
      SANDBOX_LEDGER_DATABASE_URL: urlOf(sandboxRuntimeRoles.ledger),
      SANDBOX_HISTORY_DATABASE_URL: urlOf(sandboxRuntimeRoles.history),
      SANDBOX_WEBHOOKS_DATABASE_URL: urlOf(sandboxRuntimeRoles.webhooks),
    };
    const sandboxSchemaExists = async () => {
      const client = new pg.Client({ connectionString: urlOf(sandboxRuntimeRoles.ledger) });
      const liveRole = new pg.Client({ connectionString: urlOf('coin_ledger_app') });
      await client.connect();
      await liveRole.connect();
      try {
        const found = await client.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [`${prefix}sandbox_ledger`]);
        if (found.rowCount === 0) return false;
        // The sandbox ledger's role reads and writes it as the ledger does its own (the ledger's row of the grants table)...
        await client.query(`SELECT count(*) FROM ${prefix}sandbox_ledger.wallets`);
        // ...and the live ledger's role not at all.
        await expect(liveRole.query(`SELECT count(*) FROM ${prefix}sandbox_ledger.wallets`)).rejects.toThrow(/permission denied/);
        return true;
      } finally {
        await client.end();
        await liveRole.end();
      }
    };
    const admin = createKafka({ brokers: infra.kafkaBrokers, clientId: 'migrate-test', logger: createLogger('test', 'warn') }).admin();
    await admin.connect();
    try {
      const sandboxTopics = async () => (await admin.listTopics()).filter((t) => t.startsWith(`${prefix}sandbox_`)).sort();
      await runMigrate(env);
      expect(await sandboxTopics()).toEqual([]);
      expect(await sandboxSchemaExists()).toBe(false);

      // In production the sandbox's roles need their own passwords: refused without them.
      await expect(runMigrate({ ...env, MIGRATE_SANDBOX: 'true' })).rejects.toThrow(/SANDBOX_LEDGER_DATABASE_URL: required in production/);
      await runMigrate({ ...env, MIGRATE_SANDBOX: 'true', ...sandboxUrls });
      expect(await sandboxTopics()).toEqual(
        topicSpecs(`${prefix}sandbox_`)
          .map((s) => s.topic)
          .sort(),
      );
      expect(await sandboxSchemaExists()).toBe(true);
      // Idempotent, as every migrate run.
      await runMigrate({ ...env, MIGRATE_SANDBOX: 'true', ...sandboxUrls });
      expect(await sandboxSchemaExists()).toBe(true);
    } finally {
      await admin.disconnect();
    }
  }, 120_000);

  it('when production settings lack a service database URL or name the wrong role, then it refuses before touching anything', () => {
    expect(() => loadMigrateConfig({ NODE_ENV: 'production', DATABASE_URL: infra.databaseUrl })).toThrow(
      /USER_DATABASE_URL: required in production/,
    );
    const withoutWebhooks = {
      NODE_ENV: 'production',
      DATABASE_URL: infra.databaseUrl,
      USER_DATABASE_URL: urlOf('coin_user_app'),
      LEDGER_DATABASE_URL: urlOf('coin_ledger_app'),
      HISTORY_DATABASE_URL: urlOf('coin_history_app'),
    };
    expect(() => loadMigrateConfig(withoutWebhooks)).toThrow(/WEBHOOKS_DATABASE_URL: required in production/);
    expect(() => loadMigrateConfig({ ...withoutWebhooks, WEBHOOKS_DATABASE_URL: urlOf('coin_webhooks_app') })).toThrow(
      /MONITORING_DATABASE_URL: required in production/,
    );
    expect(() =>
      loadMigrateConfig({
        ...withoutWebhooks,
        WEBHOOKS_DATABASE_URL: urlOf('coin_webhooks_app'),
        MONITORING_DATABASE_URL: urlOf('coin_monitoring_app'),
      }),
    ).toThrow(/HISTORY_REBUILD_DATABASE_URL: required in production/);
    const rebuildAsService = loadMigrateConfig({
      DATABASE_URL: infra.databaseUrl,
      HISTORY_REBUILD_DATABASE_URL: urlOf('coin_history_app'),
    });
    expect(() => rolePasswordsFrom(rebuildAsService)).toThrow(/HISTORY_REBUILD_DATABASE_URL must connect as role coin_history_rebuild/);
    const config = loadMigrateConfig({ DATABASE_URL: infra.databaseUrl, USER_DATABASE_URL: urlOf('coin_ledger_app') });
    expect(() => rolePasswordsFrom(config)).toThrow(/USER_DATABASE_URL must connect as role coin_user_app/);
    // The sandbox's URL naming the live ledger's role would hand a sandbox pod the live credential: refused.
    const sandboxAsLive = loadMigrateConfig({ DATABASE_URL: infra.databaseUrl, SANDBOX_LEDGER_DATABASE_URL: urlOf('coin_ledger_app') });
    expect(() => rolePasswordsFrom(sandboxAsLive)).toThrow(/SANDBOX_LEDGER_DATABASE_URL must connect as role coin_ledger_sandbox_app/);
    expect(() => loadMigrateConfig({ DATABASE_URL: infra.databaseUrl, BOOTSTRAP_SUPERADMIN_EMAIL: 'a@example.test' })).toThrow(/set both/);
  });
});
