import { createPublicKey, randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { headerNames, topicNames, type Transaction, type TransactionRecorded } from '@coin/contracts';
import { createLogger } from '@coin/logger';
import { loadHistoryConfig, startHistoryService, type RunningService } from '@coin/history';
import { devRoleDatabaseUrl, devServiceDatabaseUrl, serviceDatabases } from '../../scripts/stack/services';
import { provision } from '../../scripts/stack/provision';
import { testInfra, testKafkaEnv, uniquePrefix } from './env';
import { http, type HttpResult } from './http';
import { generateAuditCheckpointKey, generateServiceKeys } from '../../scripts/stack/keys';
import { ServiceTokenSigner } from '@coin/http';
import { AuditRecordSigner } from '@coin/security';

/** This process's audit checkpoint signing key; its public half is `auditCheckpointPublicKey`. */
const auditCheckpointKey = generateAuditCheckpointKey();
export const auditCheckpointPublicKey = createPublicKey(auditCheckpointKey).export({ type: 'spki', format: 'pem' }).toString();

/** This process's service key pairs: the history services of these tests admit the gateway's, and trust each as a writer of the audit log. */
const serviceKeys = generateServiceKeys();
const gatewayKeys = serviceKeys.gateway;

/**
 * Signs audit records as a writer of the log would (docs/DESIGN.md "Admin audit log"): the history
 * services of these tests hold the public keys of these writers (AUDIT_SIGNER_PUBLIC_KEYS).
 */
export function auditSignerAs(writer: 'gateway' | 'user' | 'ledger' | 'webhooks'): AuditRecordSigner {
  return new AuditRecordSigner(writer, serviceKeys[writer].privateKeyPem);
}
/** The `authorization` header of a call to the history service's internal API, as the gateway. */
export const asGateway = new ServiceTokenSigner('gateway', gatewayKeys.privateKeyPem).authorizationFor('history');

/** The history service alone, on its own topics and schema, and a producer for its input topic. */
export interface HistoryTestBed {
  prefix: string;
  url: string;
  /** /healthz, /readyz and /metrics (METRICS_PORT). */
  metricsUrl: string;
  topic: string;
  env: Record<string, string>;
  kafka: Kafka;
  producer: Producer;
  /** Produces events keyed by transaction id (docs/CONTRACT.md "Events"), optionally to a chosen partition. */
  publish(events: TransactionRecorded[], partition?: number): Promise<void>;
  close(): Promise<void>;
}

export function historyEnv(prefix: string, overrides: Record<string, string> = {}): Record<string, string> {
  const infra = testInfra();
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.COIN_TEST_LOG_LEVEL ?? 'warn',
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    ...testKafkaEnv,
    TOPIC_PREFIX: prefix,
    DB_SCHEMA_PREFIX: prefix,
    HOST: '127.0.0.1',
    HISTORY_HTTP_PORT: '0',
    METRICS_PORT: '0',
    SERVICE_TOKEN_PUBLIC_KEYS: JSON.stringify({ gateway: gatewayKeys.publicKeyPem }),
    HISTORY_DATABASE_URL: devServiceDatabaseUrl(infra.databaseUrl, 'history'),
    AUDIT_CHECKPOINT_PRIVATE_KEY: auditCheckpointKey,
    AUDIT_SIGNER_PUBLIC_KEYS: JSON.stringify(
      Object.fromEntries((['gateway', 'user', 'ledger', 'webhooks'] as const).map((w) => [w, serviceKeys[w].publicKeyPem])),
    ),
    // Often, so that a test sees the log anchored soon after it wrote.
    AUDIT_CHECKPOINT_INTERVAL_MS: '200',
    ...overrides,
  };
}

export async function startHistoryTestBed(): Promise<HistoryTestBed> {
  const infra = testInfra();
  const prefix = uniquePrefix();
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
  const env = historyEnv(prefix);
  const service: RunningService = await startHistoryService(loadHistoryConfig(env), createLogger('history', env.LOG_LEVEL as 'warn'));
  const kafka = new Kafka({ clientId: 'history-test', brokers: infra.kafkaBrokers, logLevel: logLevel.NOTHING });
  const producer = kafka.producer();
  await producer.connect();
  const topic = topicNames(prefix).coinTransactions;
  return {
    prefix,
    url: service.url,
    metricsUrl: service.metricsUrl,
    topic,
    env,
    kafka,
    producer,
    publish: (events, partition) => publishEvents(producer, topic, events, partition),
    close: async () => {
      await producer.disconnect();
      await service.close();
    },
  };
}

export async function publishEvents(producer: Producer, topic: string, events: TransactionRecorded[], partition?: number): Promise<void> {
  await producer.send({
    topic,
    messages: events.map((e) => ({
      key: String(e.transaction.id),
      value: JSON.stringify(e),
      headers: { [headerNames.type]: e.type },
      ...(partition !== undefined ? { partition } : {}),
    })),
  });
}

let lastId = 0;
/** An id (of a transaction or a user) no other call of this process has used. */
/**
 * The URL of `npm run history:rebuild`'s own role (coin_history_rebuild) against a stack's
 * database: the one role that may repair (UPDATE) and reset (TRUNCATE) the projection.
 */
export function rebuildDatabaseUrl(stack: { databaseUrl: string }): string {
  return devRoleDatabaseUrl(stack.databaseUrl, serviceDatabases.history.rebuild.role);
}

export function freshId(): number {
  lastId += 1;
  return lastId;
}

/** A valid coin.transaction.recorded event; the transaction defaults to a transfer. */
export function transactionEvent(overrides: Partial<Transaction> & { id: number }, occurredAt?: string): TransactionRecorded {
  const createdAt = overrides.createdAt ?? new Date().toISOString();
  return {
    eventId: randomUUID(),
    type: 'coin.transaction.recorded',
    version: 1,
    occurredAt: occurredAt ?? createdAt,
    transaction: {
      type: 'TRANSFER',
      amount: 1.5,
      fromUserId: 1,
      toUserId: 2,
      fromTreasury: null,
      toTreasury: null,
      reason: 'test',
      reference: null,
      refundOf: null,
      createdAt,
      ...overrides,
    },
  };
}

export { eventually } from './eventually';

/** GET on the history service's internal API, as the gateway (with its service token). */
export async function historyGet(baseUrl: string, path: string): Promise<HttpResult> {
  return http(baseUrl, 'GET', path, { headers: { authorization: await asGateway() } });
}
