// The migration entry point of the container image (`docker compose` one-shot, Kubernetes Job):
// topics, per-service roles/schemas/migrations, and the optional first SUPERADMIN, from env only.
// Idempotent: run it before every rollout.
import { kafkaSecurityOf } from '@coin/config';
import { serviceDatabaseUrl } from '@coin/db';
import { createCommandLineLogger } from '@coin/logger';
import { loadMigrateConfig, type MigrateConfig } from './container/migrate-config';
import { bootstrapSuperadmin } from './stack/bootstrap-admin';
import { provision } from './stack/provision';
import { provisionSandbox } from './stack/sandbox';
import { devRolePassword, sandboxRuntimeRoles, serviceDatabases, type DatabaseService } from './stack/services';

const urlKeys: Record<
  DatabaseService,
  'USER_DATABASE_URL' | 'LEDGER_DATABASE_URL' | 'HISTORY_DATABASE_URL' | 'WEBHOOKS_DATABASE_URL' | 'MONITORING_DATABASE_URL'
> = {
  user: 'USER_DATABASE_URL',
  ledger: 'LEDGER_DATABASE_URL',
  history: 'HISTORY_DATABASE_URL',
  webhooks: 'WEBHOOKS_DATABASE_URL',
  monitoring: 'MONITORING_DATABASE_URL',
};

/**
 * The password of each role that logs in comes from the URL its user reads (a service's own
 * Secret; the history rebuild's HISTORY_REBUILD_DATABASE_URL; a sandbox instance's), so the password exists in one
 * place. Without one (development only) the development password is used.
 */
export function rolePasswordsFrom(config: Readonly<MigrateConfig>): (role: string) => string {
  const byRole = new Map<string, string>();
  const urls: Array<[keyof MigrateConfig, string]> = [
    ...(Object.entries(urlKeys) as Array<[DatabaseService, (typeof urlKeys)[DatabaseService]]>).map(
      ([service, key]): [keyof MigrateConfig, string] => [key, serviceDatabases[service].runtime],
    ),
    ['HISTORY_REBUILD_DATABASE_URL', serviceDatabases.history.rebuild.role],
    // The sandbox's own runtime roles (MIGRATE_SANDBOX), from the Secrets its pods read.
    ['SANDBOX_LEDGER_DATABASE_URL', sandboxRuntimeRoles.ledger],
    ['SANDBOX_HISTORY_DATABASE_URL', sandboxRuntimeRoles.history],
    ['SANDBOX_WEBHOOKS_DATABASE_URL', sandboxRuntimeRoles.webhooks],
  ];
  for (const [key, role] of urls) {
    const value = config[key];
    if (typeof value !== 'string' || !value) continue;
    const url = new URL(value);
    if (decodeURIComponent(url.username) !== role) throw new Error(`${key} must connect as role ${role}`);
    if (!url.password) throw new Error(`${key} has no password`);
    byRole.set(role, decodeURIComponent(url.password));
  }
  return (role) => byRole.get(role) ?? devRolePassword(config.DATABASE_URL, role);
}

/**
 * What MIGRATE_SANDBOX provisions (scripts/stack/sandbox.ts provisionSandbox): the sandbox of this
 * deployment's prefixes, with the same Kafka security and role passwords as the live services;
 * null without the flag.
 */
export function sandboxProvisionOf(
  config: Readonly<MigrateConfig>,
  rolePassword: (role: string) => string,
  log: (message: string) => void,
): Parameters<typeof provisionSandbox>[0] | null {
  if (!config.MIGRATE_SANDBOX) return null;
  return {
    kafkaBrokers: config.KAFKA_BROKERS,
    kafkaSecurity: kafkaSecurityOf(config),
    databaseUrl: config.DATABASE_URL,
    livePrefix: config.TOPIC_PREFIX,
    liveSchemaPrefix: config.DB_SCHEMA_PREFIX,
    rolePassword,
    log,
  };
}

export async function runMigrate(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = loadMigrateConfig(env);
  const logger = createCommandLineLogger('migrate', config.LOG_LEVEL);
  const rolePassword = rolePasswordsFrom(config);
  const log = (message: string) => logger.info(message);
  await provision({
    kafkaBrokers: config.KAFKA_BROKERS,
    kafkaSecurity: kafkaSecurityOf(config),
    databaseUrl: config.DATABASE_URL,
    topicPrefix: config.TOPIC_PREFIX,
    schemaPrefix: config.DB_SCHEMA_PREFIX,
    rolePassword,
    ledgerPartitions: config.LEDGER_COMMANDS_PARTITIONS,
    log,
  });
  const sandbox = sandboxProvisionOf(config, rolePassword, log);
  if (sandbox) logger.info({ prefix: await provisionSandbox(sandbox) }, 'sandbox provisioned');
  if (config.BOOTSTRAP_SUPERADMIN_EMAIL && config.BOOTSTRAP_SUPERADMIN_PASSWORD) {
    const outcome = await bootstrapSuperadmin({
      databaseUrl:
        config.USER_DATABASE_URL ??
        serviceDatabaseUrl(config.DATABASE_URL, serviceDatabases.user.runtime, rolePassword(serviceDatabases.user.runtime)),
      schemaPrefix: config.DB_SCHEMA_PREFIX,
      topicPrefix: config.TOPIC_PREFIX,
      email: config.BOOTSTRAP_SUPERADMIN_EMAIL,
      password: config.BOOTSTRAP_SUPERADMIN_PASSWORD,
    });
    logger.info({ outcome }, 'bootstrap superadmin');
  }
  logger.info('migration done');
}

if (require.main === module) {
  runMigrate().then(
    () => process.exit(0),
    (err) => {
      createCommandLineLogger('migrate').fatal({ err }, 'migration failed');
      process.exit(1);
    },
  );
}
