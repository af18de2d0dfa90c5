import { createPrivateKey } from 'node:crypto';
import { kafkaSecurityOf } from '@coin/config';
import { topicNames } from '@coin/contracts';
import { openServiceDatabase } from '@coin/db';
import {
  buildInternalApp,
  buildOperationalApp,
  createMetricsRegistry,
  type RunningService,
  type ServiceRuntime,
  startService,
} from '@coin/http';
import { consumersReadiness, offPathFetch, startConsumer, type RunningConsumer, openServiceKafka } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { startTracing } from '@coin/telemetry';
import type { HistoryConfig } from './config';
import { registerInternalRoutes } from './http/internal-routes';
import { historyRouteCallers } from './http/route-callers';
import { handleTransactionEvents, projectableTransactionEvent } from './kafka/transaction-events';
import { auditGroupId, auditSourceRefusal, handleAuditEvents, projectableAuditEvent } from './kafka/audit-events';
import { registerHistoryMetrics } from './metrics';
import { AuditCheckpointer } from './audit-checkpointer';
import { AuditSignatureVerifier } from '@coin/security';

export type { RunningService };

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
  // Components open in order and close in the reverse order (ServiceRuntime).
  return startService(logger, (runtime) => openHistoryService(runtime, config, logger, options));
}

async function openHistoryService(
  runtime: ServiceRuntime,
  config: Readonly<HistoryConfig>,
  logger: Logger,
  options: HistoryServiceOptions,
): Promise<Omit<RunningService, 'close'>> {
  // Before anything opens: a SASL protocol without credentials is a configuration error.
  const security = kafkaSecurityOf(config);
  const tracing = startTracing(config);
  runtime.onClose('tracing', () => tracing.shutdown());
  const schema = `${config.DB_SCHEMA_PREFIX}history`;
  const { pool, watch: database } = openServiceDatabase(
    {
      url: config.HISTORY_DATABASE_URL,
      schema,
      applicationName: 'history-service',
      graceMs: config.DB_OUTAGE_GRACE_MS,
      log: logger,
      ...(options.onDatabaseLost ? { onGraceExceeded: options.onDatabaseLost } : {}),
    },
    runtime,
  );
  const { kafka, producer, admin } = await openServiceKafka(runtime, {
    brokers: config.KAFKA_BROKERS,
    security,
    clientId: 'history-service',
    logger,
  });
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
    started: () => runtime.isReady(),
  });
  const app = buildInternalApp({
    logger,
    metrics: registry,
    serviceAuth: { audience: 'history', publicKeys: config.SERVICE_TOKEN_PUBLIC_KEYS, routes: historyRouteCallers },
  });
  registerInternalRoutes(app, { pool });
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
    tuning: offPathFetch(50),
    metrics: registry,
    handleBatch: handleTransactionEvents({ pool, producer, logger, metrics, tracing }),
  });
  runtime.onClose('transaction events consumer', () => consumer.stop());
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
    handleBatch: handleAuditEvents({
      pool,
      producer,
      logger,
      verifier: new AuditSignatureVerifier(config.AUDIT_SIGNER_PUBLIC_KEYS),
      refusalsTopic: topics.adminRefusals,
      metrics,
    }),
  });
  runtime.onClose('audit events consumer', () => auditConsumer.stop());
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
  if (checkpointer) {
    checkpointer.start();
    runtime.onClose('audit checkpointer', () => checkpointer.stop());
  } else logger.warn('AUDIT_CHECKPOINT_PRIVATE_KEY is not set: the admin audit log is not anchored by signed checkpoints');
  const metricsUrl = await operational.listen({ host: config.HOST, port: config.METRICS_PORT });
  runtime.onClose('operational port', () => operational.close());
  const url = await app.listen({ host: config.HOST, port: config.HISTORY_HTTP_PORT });
  runtime.onClose('internal API', () => app.close());
  return { url, metricsUrl };
}
