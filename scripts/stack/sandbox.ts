import { createHmac } from 'node:crypto';
import { createLogger } from '@coin/logger';
import { schemaName } from '@coin/db';
import { createKafka, ensureTopics, topicSpecs } from '@coin/kafka';
import { migrateServiceDatabase } from './provision';
import { serviceDatabases } from './services';

/**
 * The sandbox (docs/decisions/0018-sandbox.md): a second ledger beside the live one, the same code
 * with LEDGER_SPACE=test, under a topic and schema prefix of its own. `npm start` and the test
 * stack both start it with these.
 */

/** The sandbox's topic and schema prefix for a deployment's own prefix: `<prefix>sandbox_`. */
export function sandboxPrefixOf(livePrefix: string): string {
  return `${livePrefix}sandbox_`;
}

/** The sandbox's topics, its ledger schema and its webhooks schema (roles and grants from their rows of the table); nothing of the other services. */
export async function provisionSandbox(target: {
  kafkaBrokers: string[];
  databaseUrl: string;
  livePrefix: string;
  log?: (message: string) => void;
}): Promise<string> {
  const prefix = sandboxPrefixOf(target.livePrefix);
  const kafka = createKafka({ brokers: target.kafkaBrokers, clientId: 'provision-sandbox', logger: createLogger('provision', 'warn') });
  const created = await ensureTopics(kafka, topicSpecs(prefix));
  if (created.length > 0) target.log?.(`created sandbox topics: ${created.join(', ')}`);
  await migrateServiceDatabase({
    databaseUrl: target.databaseUrl,
    schema: schemaName(prefix, serviceDatabases.ledger.schema),
    service: 'ledger',
    ...(target.log ? { log: target.log } : {}),
  });
  await migrateServiceDatabase({
    databaseUrl: target.databaseUrl,
    schema: schemaName(prefix, serviceDatabases.webhooks.schema),
    service: 'webhooks',
    ...(target.log ? { log: target.log } : {}),
  });
  return prefix;
}

/**
 * The sandbox ledger's environment from the live ledger's: its own topics, schema and ports, the
 * space `test`, and the live prefix whose user events open its wallets and whose gateways' reply
 * topic it answers on. One cluster: the live ledger's shard map names the live schema's shards.
 */
export function sandboxLedgerEnv(
  liveLedgerEnv: Record<string, string>,
  livePrefix: string,
  ports: { http: number; metrics: number },
): Record<string, string> {
  const prefix = sandboxPrefixOf(livePrefix);
  const { LEDGER_SHARDS_DATABASE_URL: _liveShards, ...env } = liveLedgerEnv;
  return {
    ...env,
    TOPIC_PREFIX: prefix,
    DB_SCHEMA_PREFIX: prefix,
    LEDGER_SPACE: 'test',
    LIVE_TOPIC_PREFIX: livePrefix,
    LEDGER_HTTP_PORT: String(ports.http),
    METRICS_PORT: String(ports.metrics),
  };
}

/**
 * The sandbox webhooks instance's environment from the live one's: its own topics, schema and
 * ports, the space `test` (endpoints for test-mode clients only, retries by their test clocks,
 * read from the sandbox ledger at `sandboxLedgerUrl`), and an encryption key of its own, derived
 * from the live one (one way: the sandbox's key opens nothing of the live space's).
 */
export function sandboxWebhooksEnv(
  liveWebhooksEnv: Record<string, string>,
  livePrefix: string,
  ports: { http: number; metrics: number },
  sandboxLedgerUrl: string,
): Record<string, string> {
  const prefix = sandboxPrefixOf(livePrefix);
  return {
    ...liveWebhooksEnv,
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
