import { createHmac } from 'node:crypto';
import { createLogger } from '@coin/logger';
import { schemaName } from '@coin/db';
import { createKafka, ensureTopics, topicSpecs, type KafkaClientSecurity } from '@coin/kafka';
import { migrateServiceDatabase } from './provision';
import { sandboxRuntimeRoles, serviceDatabases } from './services';

/**
 * The sandbox (docs/decisions/0018-sandbox.md): a second ledger beside the live one, the same code
 * with LEDGER_SPACE=test, under a topic and schema prefix of its own. `npm start` and the test
 * stack both start it with these.
 */

/** The sandbox's topic and schema prefix for a deployment's own prefix: `<prefix>sandbox_`. */
export function sandboxPrefixOf(livePrefix: string): string {
  return `${livePrefix}sandbox_`;
}

/**
 * The sandbox's topics and its ledger, history and webhooks schemas (owners and grants from each
 * service's row of the table, the runtime roles the sandbox's own: sandboxRuntimeRoles); nothing
 * of the other services.
 */
export async function provisionSandbox(target: {
  kafkaBrokers: string[];
  /** TLS and SASL of the admin client (kafkaSecurityOf); PLAINTEXT when absent. */
  kafkaSecurity?: KafkaClientSecurity;
  databaseUrl: string;
  livePrefix: string;
  /** The live DB_SCHEMA_PREFIX when it is not the live topic prefix (the migrate Job); the schema goes under it plus `sandbox_`. */
  liveSchemaPrefix?: string;
  /** The sandbox runtime roles' passwords (its ledger's, history's, webhooks'); development defaults (devRolePassword) when absent. */
  rolePassword?: (role: string) => string;
  log?: (message: string) => void;
}): Promise<string> {
  const prefix = sandboxPrefixOf(target.livePrefix);
  const kafka = createKafka({
    brokers: target.kafkaBrokers,
    ...(target.kafkaSecurity ? { security: target.kafkaSecurity } : {}),
    clientId: 'provision-sandbox',
    logger: createLogger('provision', 'warn'),
  });
  const created = await ensureTopics(kafka, topicSpecs(prefix));
  if (created.length > 0) target.log?.(`created sandbox topics: ${created.join(', ')}`);
  const schemaPrefix = sandboxPrefixOf(target.liveSchemaPrefix ?? target.livePrefix);
  // The ledger's schema, then the history's and the webhooks' (`<schema prefix>sandbox_history`, ...), each with the sandbox's own runtime role.
  for (const service of ['ledger', 'history', 'webhooks'] as const) {
    await migrateServiceDatabase({
      databaseUrl: target.databaseUrl,
      schema: schemaName(schemaPrefix, serviceDatabases[service].schema),
      service,
      runtimeRole: sandboxRuntimeRoles[service],
      ...(target.rolePassword ? { rolePassword: target.rolePassword } : {}),
      ...(target.log ? { log: target.log } : {}),
    });
  }
  return prefix;
}

/** A database URL with its user and password those of the sandbox's runtime role; unset stays unset. */
function asSandboxRole(url: string | undefined, role: string, rolePassword: (role: string) => string): string | undefined {
  if (url === undefined) return undefined;
  const rewritten = new URL(url);
  rewritten.username = role;
  rewritten.password = rolePassword(role);
  return rewritten.toString();
}

/**
 * The sandbox ledger's environment from the live ledger's: its own topics, schema and ports, the
 * space `test`, and the live prefix whose user events open its wallets and whose gateways' reply
 * topic it answers on. One cluster: the live ledger's shard map names the live schema's shards.
 * It connects as the sandbox ledger's own role (sandboxRuntimeRoles), with `rolePassword`'s password
 * (devRolePassword in development, as the live roles'), never as the live ledger's.
 */
export function sandboxLedgerEnv(
  liveLedgerEnv: Record<string, string>,
  livePrefix: string,
  ports: { http: number; metrics: number },
  rolePassword: (role: string) => string,
): Record<string, string> {
  const prefix = sandboxPrefixOf(livePrefix);
  const { LEDGER_SHARDS_DATABASE_URL: _liveShards, LEDGER_DATABASE_URL: liveUrl, ...env } = liveLedgerEnv;
  const url = asSandboxRole(liveUrl, sandboxRuntimeRoles.ledger, rolePassword);
  return {
    ...env,
    ...(url ? { LEDGER_DATABASE_URL: url } : {}),
    TOPIC_PREFIX: prefix,
    DB_SCHEMA_PREFIX: prefix,
    LEDGER_SPACE: 'test',
    LIVE_TOPIC_PREFIX: livePrefix,
    LEDGER_HTTP_PORT: String(ports.http),
    METRICS_PORT: String(ports.metrics),
  };
}

/**
 * The sandbox history's environment from the live history's: the same code under the sandbox's
 * topic and schema prefix, so it projects the sandbox's coin.transactions (the reads the gateway
 * serves a test-mode client) and keeps the sandbox's own admin audit log (the sandbox ledger's
 * refusals, on the sandbox's admin.audit), chained apart from the live one. It reads no live
 * topic; the sandbox's ledger and webhooks instance are its only writers, so the only signers it
 * believes. It holds no checkpoint key (AUDIT_CHECKPOINT_PRIVATE_KEY): the live one's would sign
 * for the live log. It connects as the sandbox history's own role, as sandboxLedgerEnv's ledger.
 */
export function sandboxHistoryEnv(
  liveHistoryEnv: Record<string, string>,
  livePrefix: string,
  ports: { http: number; metrics: number },
  rolePassword: (role: string) => string,
): Record<string, string> {
  const prefix = sandboxPrefixOf(livePrefix);
  const liveSigners = JSON.parse(liveHistoryEnv.AUDIT_SIGNER_PUBLIC_KEYS ?? '{}') as Record<string, unknown>;
  // The live log's checkpoint key never reaches a sandbox process: a checkpoint it signed would
  // pass for the live log's. The sandbox's log is chained, not anchored.
  const { AUDIT_CHECKPOINT_PRIVATE_KEY: _liveCheckpointKey, HISTORY_DATABASE_URL: liveUrl, ...env } = liveHistoryEnv;
  const url = asSandboxRole(liveUrl, sandboxRuntimeRoles.history, rolePassword);
  return {
    ...env,
    ...(url ? { HISTORY_DATABASE_URL: url } : {}),
    TOPIC_PREFIX: prefix,
    DB_SCHEMA_PREFIX: prefix,
    HISTORY_HTTP_PORT: String(ports.http),
    METRICS_PORT: String(ports.metrics),
    // The sandbox's writers: its ledger (refusals) and its webhooks instance (an endpoint disabled).
    AUDIT_SIGNER_PUBLIC_KEYS: JSON.stringify({ ledger: liveSigners.ledger, webhooks: liveSigners.webhooks }),
  };
}

/**
 * The sandbox webhooks instance's environment from the live one's: its own topics, schema and
 * ports, the space `test` (endpoints for test-mode clients only, retries by their test clocks,
 * read from the sandbox ledger at `sandboxLedgerUrl`), and an encryption key of its own, derived
 * from the live one (one way: the sandbox's key opens nothing of the live space's). It connects
 * as the sandbox webhooks' own role, as sandboxLedgerEnv's ledger.
 */
export function sandboxWebhooksEnv(
  liveWebhooksEnv: Record<string, string>,
  livePrefix: string,
  ports: { http: number; metrics: number },
  sandboxLedgerUrl: string,
  rolePassword: (role: string) => string,
): Record<string, string> {
  const prefix = sandboxPrefixOf(livePrefix);
  const { WEBHOOKS_DATABASE_URL: liveUrl, ...env } = liveWebhooksEnv;
  const url = asSandboxRole(liveUrl, sandboxRuntimeRoles.webhooks, rolePassword);
  return {
    ...env,
    ...(url ? { WEBHOOKS_DATABASE_URL: url } : {}),
    TOPIC_PREFIX: prefix,
    DB_SCHEMA_PREFIX: prefix,
    WEBHOOKS_SPACE: 'test',
    WEBHOOKS_TEST_CLOCKS_URL: sandboxLedgerUrl,
    WEBHOOKS_ENCRYPTION_SECRET: createHmac('sha256', liveWebhooksEnv.WEBHOOKS_ENCRYPTION_SECRET ?? '')
      .update('coin-ledger sandbox webhooks secret key')
      .digest('base64url'),
    WEBHOOKS_HTTP_PORT: String(ports.http),
    METRICS_PORT: String(ports.metrics),
  };
}
