import { createPrivateKey } from 'node:crypto';
import { topicNames } from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { RunningService, ServiceRuntime } from '@coin/http';
import { offPathFetch } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { AuditSignatureVerifier } from '@coin/security';
import { defineService, type FrameParts } from '@coin/service-kit';
import { AuditCheckpointer } from './audit-checkpointer';
import type { HistoryConfig } from './config';
import { registerInternalRoutes } from './http/internal-routes';
import { historyRouteCallers } from './http/route-callers';
import { auditGroupId, auditSourceRefusal, handleAuditEvents, projectableAuditEvent } from './kafka/audit-events';
import { handleTransactionEvents, projectableTransactionEvent } from './kafka/transaction-events';
import { registerHistoryMetrics } from './metrics';

export type { RunningService };

/** The consumer group of the projection; operator tools (lag, rebuild) address it by this name. */
export function historyGroupId(topicPrefix: string): string {
  return `${topicPrefix}history-service`;
}

export const startHistoryService = defineService({
  frame: (config: Readonly<HistoryConfig>) => ({
    name: 'history',
    databases: [{ url: config.HISTORY_DATABASE_URL, schema: `${config.DB_SCHEMA_PREFIX}history` }],
    internalApi: { port: config.HISTORY_HTTP_PORT, routes: historyRouteCallers },
  }),
  open: (parts, { config }) => openHistoryParts(parts, config),
});

/** What is the history service's own: the projection's and the audit log's consumers, the checkpointer, the read routes. */
async function openHistoryParts(parts: FrameParts, config: Readonly<HistoryConfig>): Promise<Record<string, never>> {
  const { runtime, logger, pool, producer, admin, tracing, app, consume } = parts;
  const topics = topicNames(config.TOPIC_PREFIX);
  const groupId = historyGroupId(config.TOPIC_PREFIX);
  const metrics = registerHistoryMetrics(parts.metrics, { admin, groupId, topic: topics.coinTransactions });
  registerInternalRoutes(app, { pool });
  const consumer = await consume('transaction events consumer', {
    groupId,
    topics: [topics.coinTransactions],
    schema: projectableTransactionEvent,
    // Rows of different partitions never conflict (the keys are per transaction), so partitions run side by side.
    partitionsConsumedConcurrently: 3,
    // A redelivered event hits the primary keys and changes nothing.
    commitIntervalMs: 500,
    // The projection is off the request path: letting a fetch wait up to 50 ms for 64 KB makes
    // batches about twice as large under load (one statement each) and halves its CPU per
    // event, for at most 50 ms more before a row is readable (the target is one second).
    tuning: offPathFetch(50, config.KAFKA_OFF_PATH_FETCH_WAIT_MS),
    handleBatch: handleTransactionEvents({ pool, producer, logger, metrics, tracing }),
  });
  await consumer.ready;
  // The admin audit log: its own group on admin.audit and the gateway's admin.refusals (one
  // partition each), applied serially so the hash chain has one writer.
  const sourceRefusal = auditSourceRefusal(topics);
  const auditConsumer = await consume('audit events consumer', {
    groupId: auditGroupId(config.TOPIC_PREFIX),
    topics: [topics.adminAudit, topics.adminRefusals],
    schema: projectableAuditEvent,
    checks: [({ value, topic }) => sourceRefusal(value, topic)],
    tuning: offPathFetch(0, config.KAFKA_OFF_PATH_FETCH_WAIT_MS),
    handleBatch: handleAuditEvents({
      pool,
      producer,
      logger,
      verifier: new AuditSignatureVerifier(config.AUDIT_SIGNER_PUBLIC_KEYS),
      refusalsTopic: topics.adminRefusals,
      metrics,
    }),
  });
  await auditConsumer.ready;
  startAuditCheckpointer(runtime, pool, config, logger);
  return {};
}

/** Anchors the audit log with signed checkpoints, when a key is configured (a warning otherwise). */
function startAuditCheckpointer(runtime: ServiceRuntime, pool: Pool, config: Readonly<HistoryConfig>, logger: Logger): void {
  if (!config.AUDIT_CHECKPOINT_PRIVATE_KEY) {
    logger.warn('AUDIT_CHECKPOINT_PRIVATE_KEY is not set: the admin audit log is not anchored by signed checkpoints');
    return;
  }
  const checkpointer = new AuditCheckpointer({
    pool,
    privateKey: createPrivateKey(config.AUDIT_CHECKPOINT_PRIVATE_KEY),
    intervalMs: config.AUDIT_CHECKPOINT_INTERVAL_MS,
    logger,
  });
  checkpointer.start();
  runtime.onClose('audit checkpointer', () => checkpointer.stop());
}
