import { createLogger } from '@coin/logger';
import { migrate, schemaName } from '@coin/db';
import { createKafka, ensureTopics, topicSpecs, type KafkaClientSecurity } from '@coin/kafka';
import { devRolePassword, serviceDatabases } from './services';

export interface ProvisionTarget {
  kafkaBrokers: string[];
  /** TLS and SASL of the admin client (kafkaSecurityOf); PLAINTEXT when absent. */
  kafkaSecurity?: KafkaClientSecurity;
  databaseUrl: string;
  topicPrefix: string;
  schemaPrefix: string;
  /** Per-service role passwords; development defaults when absent. */
  rolePassword?: (role: string) => string;
  /** Partitions of ledger.commands; fixed at creation (see docs/OPERATIONS.md). */
  ledgerPartitions?: number;
  log?: (message: string) => void;
}

/** Creates the topics and applies every service's migrations in its own schema and role. */
export async function provision(target: ProvisionTarget): Promise<void> {
  const log = target.log ?? (() => undefined);
  const kafka = createKafka({
    brokers: target.kafkaBrokers,
    ...(target.kafkaSecurity ? { security: target.kafkaSecurity } : {}),
    clientId: 'provision',
    logger: createLogger('provision', 'warn'),
  });
  const created = await ensureTopics(
    kafka,
    topicSpecs(target.topicPrefix, target.ledgerPartitions ? { 'ledger.commands': target.ledgerPartitions } : {}),
  );
  if (created.length > 0) log(`created topics: ${created.join(', ')}`);
  for (const db of Object.values(serviceDatabases)) {
    await migrate({
      adminUrl: target.databaseUrl,
      schema: schemaName(target.schemaPrefix, db.schema),
      role: db.role,
      rolePassword: (target.rolePassword ?? devRolePassword)(db.role),
      migrationsDir: db.migrationsDir,
      log,
    });
  }
}
