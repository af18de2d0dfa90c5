import { createLogger } from '@coin/logger';
import { migrate, schemaName } from '@coin/db';
import { createKafka, ensureTopics, topicSpecs, type KafkaClientSecurity } from '@coin/kafka';
import { type DatabaseService, devRolePassword, serviceDatabases } from './services';

export interface ProvisionTarget {
  kafkaBrokers: string[];
  /** TLS and SASL of the admin client (kafkaSecurityOf); PLAINTEXT when absent. */
  kafkaSecurity?: KafkaClientSecurity;
  databaseUrl: string;
  topicPrefix: string;
  schemaPrefix: string;
  /** The passwords of the roles that log in (runtime roles, the history rebuild's); development defaults (devRolePassword) when absent. */
  rolePassword?: (role: string) => string;
  /** Partitions of ledger.commands; fixed at creation (see docs/OPERATIONS.md). */
  ledgerPartitions?: number;
  log?: (message: string) => void;
}

/**
 * Creates the topics, and per service its migration and runtime roles, its schema, its migrations
 * and its runtime grants (serviceDatabases: the roles and grants table).
 */
export async function provision(target: ProvisionTarget): Promise<void> {
  const log = target.log ?? (() => undefined);
  const kafka = createKafka({
    brokers: target.kafkaBrokers,
    ...(target.kafkaSecurity ? { security: target.kafkaSecurity } : {}),
    clientId: 'provision',
    logger: createLogger('provision', 'warn'),
  });
  // The topics and each service's schema are independent (each service owns its roles and schema;
  // migrate serializes role changes by an advisory lock): made at the same time.
  const [created] = await Promise.all([
    ensureTopics(kafka, topicSpecs(target.topicPrefix, target.ledgerPartitions ? { 'ledger.commands': target.ledgerPartitions } : {})),
    ...(Object.keys(serviceDatabases) as DatabaseService[]).map((service) =>
      migrateServiceDatabase({
        databaseUrl: target.databaseUrl,
        schema: schemaName(target.schemaPrefix, serviceDatabases[service].schema),
        service,
        ...(target.rolePassword ? { rolePassword: target.rolePassword } : {}),
        log,
      }),
    ),
  ]);
  if (created.length > 0) log(`created topics: ${created.join(', ')}`);
}

/**
 * One service's roles, schema, migrations and grants, from its row of the roles and grants table.
 * `runtimeRole` replaces the row's runtime role (the sandbox's own, sandboxRuntimeRoles) with the
 * same grants; the row's role then holds nothing in this schema (revoked if it held anything).
 */
export function migrateServiceDatabase(target: {
  databaseUrl: string;
  /** The full schema name (prefix included). */
  schema: string;
  service: DatabaseService;
  runtimeRole?: string;
  rolePassword?: (role: string) => string;
  log?: (message: string) => void;
}): Promise<string[]> {
  const db = serviceDatabases[target.service];
  const passwordOf = (role: string) => target.rolePassword?.(role) ?? devRolePassword(target.databaseUrl, role);
  const runtime = target.runtimeRole ?? db.runtime;
  return migrate({
    adminUrl: target.databaseUrl,
    schema: target.schema,
    owner: db.owner,
    runtime: { role: runtime, password: passwordOf(runtime), grants: db.grants },
    ...(runtime !== db.runtime ? { revokedRoles: [db.runtime] } : {}),
    otherRoles: 'rebuild' in db ? [{ role: db.rebuild.role, password: passwordOf(db.rebuild.role), grants: db.rebuild.grants }] : [],
    migrationsDir: db.migrationsDir,
    ...(target.log ? { log: target.log } : {}),
  });
}
