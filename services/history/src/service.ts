import { createPrivateKey } from 'node:crypto';
import { kafkaSecurityOf } from '@coin/config';
import { topicNames } from '@coin/contracts';
import { openServiceDatabase } from '@coin/db';
import { buildInternalApp, buildOperationalApp, createMetricsRegistry } from '@coin/http';
import { BatchingProducer, consumersReadiness, createKafka, startConsumer, type RunningConsumer } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { startTracing } from '@coin/telemetry';
import type { HistoryConfig } from './config';
import { registerInternalRoutes } from './http/internal-routes';
import { historyRouteCallers } from './http/route-callers';
import { handleTransactionEvents, projectableTransactionEvent } from './kafka/transaction-events';
import { auditGroupId, auditSourceRefusal, handleAuditEvents, projectableAuditEvent } from './kafka/audit-events';
import { registerHistoryMetrics } from './metrics';
import { AuditCheckpointer } from './audit-checkpointer';

export interface RunningService {
  /** host:port of the internal HTTP API. */
  url: string;
  /** host:port of /healthz, /readyz and /metrics (METRICS_PORT). */
  metricsUrl: string;
  close(): Promise<void>;
}

/** The consumer group of the projection; operator tools (lag, rebuild) address it by this name. */
export function historyGroupId(topicPrefix: string): string {
  return `${topicPrefix}history-service`;
}

export interface HistoryServiceOptions {
  /** Called when PostgreSQL stays away longer than DB_OUTAGE_GRACE_MS (main.ts: exit). */
  onDatabaseLost?: () => void;
}

export async function startHistoryService(
  config: Readonly<HistoryConfig>,
  logger: Logger,
  options: HistoryServiceOptions = {},
): Promise<RunningService> {
  // Before anything opens: a SASL protocol without credentials is a configuration error.
  const security = kafkaSecurityOf(config);
  const schema = `${config.DB_SCHEMA_PREFIX}history`;
  const { pool, watch: database } = openServiceDatabase({
    url: config.HISTORY_DATABASE_URL,
    schema,
    applicationName: 'history-service',
    graceMs: config.DB_OUTAGE_GRACE_MS,
    log: logger,
    ...(options.onDatabaseLost ? { onGraceExceeded: options.onDatabaseLost } : {}),
  });
  const kafka = createKafka({ brokers: config.KAFKA_BROKERS, security, clientId: 'history-service', logger });
  const producer = new BatchingProducer(kafka.producer(), logger);
  await producer.connect();
  const admin = kafka.admin();
  await admin.connect();
  const topics = topicNames(config.TOPIC_PREFIX);
  const groupId = historyGroupId(config.TOPIC_PREFIX);
  const registry = createMetricsRegistry('history');
  const metrics = registerHistoryMetrics(registry, { admin, groupId, topic: topics.coinTransactions });
  const consumers: RunningConsumer[] = [];
  const operational = buildOperationalApp({
    logger,
    metrics: registry,
    readiness: {
      postgres: database.readiness,
      kafka: async () => void (await admin.describeCluster()),
      consumers: consumersReadiness(consumers),
    },
  });
  const app = buildInternalApp({
    logger,
    metrics: registry,
    serviceAuth: { audience: 'history', publicKeys: config.SERVICE_TOKEN_PUBLIC_KEYS, routes: historyRouteCallers },
  });
  registerInternalRoutes(app, { pool });
  const tracing = startTracing(config);
  const consumer = await startConsumer({
    kafka,
    groupId,
    topics: [topics.coinTransactions],
    schema: projectableTransactionEvent,
    logger,
    producer,
    // Rows of different partitions never conflict (the keys are per transaction), so partitions run side by side.
    partitionsConsumedConcurrently: 3,
    // A redelivered event hits the primary keys and changes nothing.
    commitIntervalMs: 500,
    // The projection is off the request path: letting a fetch wait up to 50 ms for 64 KB makes
    // batches about twice as large under load (one statement each) and halves its CPU per
    // event, for at most 50 ms more before a row is readable (the target is one second).
    tuning: { minBytes: 65536, maxWaitTimeInMs: 50 },
    metrics: registry,
    handleBatch: handleTransactionEvents({ pool, producer, logger, metrics, tracing }),
  });
  consumers.push(consumer);
  await consumer.ready;
  // The admin audit log: its own group on admin.audit and the gateway's admin.refusals (one
  // partition each), applied serially so the hash chain has one writer.
  const auditConsumer = await startConsumer({
    kafka,
    groupId: auditGroupId(config.TOPIC_PREFIX),
    topics: [topics.adminAudit, topics.adminRefusals],
    schema: projectableAuditEvent,
    refuse: auditSourceRefusal(topics),
    logger,
    producer,
    metrics: registry,
    handleBatch: handleAuditEvents({ pool, producer, logger }),
  });
  consumers.push(auditConsumer);
  await auditConsumer.ready;
  const checkpointer = config.AUDIT_CHECKPOINT_PRIVATE_KEY
    ? new AuditCheckpointer({
        pool,
        privateKey: createPrivateKey(config.AUDIT_CHECKPOINT_PRIVATE_KEY),
        intervalMs: config.AUDIT_CHECKPOINT_INTERVAL_MS,
        logger,
      })
    : undefined;
  if (checkpointer) checkpointer.start();
  else logger.warn('AUDIT_CHECKPOINT_PRIVATE_KEY is not set: the admin audit log is not anchored by signed checkpoints');
  const address = await app.listen({ host: config.HOST, port: config.HISTORY_HTTP_PORT });
  const metricsAddress = await operational.listen({ host: config.HOST, port: config.METRICS_PORT });
  return {
    url: address,
    metricsUrl: metricsAddress,
    close: async () => {
      await app.close();
      await operational.close();
      await consumer.stop();
      await auditConsumer.stop();
      await checkpointer?.stop();
      await producer.close();
      await admin.disconnect();
      database.stop();
      await pool.end();
      await tracing.shutdown();
    },
  };
}
