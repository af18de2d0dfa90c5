import { kafkaSecurityOf } from '@coin/config';
import { topicNames } from '@coin/contracts';
import { AuditRecordSigner } from '@coin/security';
import { OutboxRelay, openServiceDatabase, outboxTable } from '@coin/db';
import { coinBalanceEvent } from '@coin/events';
import {
  buildInternalApp,
  buildOperationalApp,
  createMetricsRegistry,
  type RunningService,
  type ServiceRuntime,
  startService,
} from '@coin/http';
import { consumersReadiness, offPathFetch, openServiceKafka, outboxPublisher, type RunningConsumer, startConsumer } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { startTracing } from '@coin/telemetry';
import { Counter } from 'prom-client';
import { encryptionKeyBytes, type WebhooksConfig } from './config';
import { OutboundSender } from './delivery/outbound';
import { DeliveryWorker } from './delivery/worker';
import { SecretBox } from './domain/secret-box';
import { registerInternalRoutes } from './http/internal-routes';
import { webhooksRouteCallers } from './http/route-callers';
import { registerMonitorRoutes } from './http/monitor-routes';
import { monitoredWalletKeys } from './db/monitors-repo';
import { handleBalanceEvents } from './kafka/balance-events';
import { MonitoredWallets } from './kafka/monitored-wallets';
import { handleCoinEvents, webhookEvent } from './kafka/coin-events';

export type { RunningService };

/** The names of the metrics this service registers (docs/OPERATIONS.md "Observability"). */
export const webhooksMetricNames = {
  endpointsDisabled: 'coin_webhooks_endpoints_disabled_total',
  balanceEventsSkipped: 'coin_webhooks_balance_events_skipped_total',
} as const;

/** The consumer group that turns coin events into deliveries. */
export function webhooksGroupId(topicPrefix: string): string {
  return `${topicPrefix}webhooks-service`;
}

/** The consumer group of the balance monitors (coin.balances): its own, so a slow one does not hold the other back. */
export function balanceMonitorsGroupId(topicPrefix: string): string {
  return `${topicPrefix}webhooks-balance-monitors`;
}

export interface WebhooksServiceOptions {
  /** Called when PostgreSQL stays away longer than DB_OUTAGE_GRACE_MS (main.ts: exit). */
  onDatabaseLost?: () => void;
}

export interface RunningWebhooksService extends RunningService {
  /** Sends what is due now, without waiting for the next poll (tests). */
  deliverDue(): Promise<number>;
}

export async function startWebhooksService(
  config: Readonly<WebhooksConfig>,
  logger: Logger,
  options: WebhooksServiceOptions = {},
): Promise<RunningWebhooksService> {
  return startService(logger, (runtime) => openWebhooksService(runtime, config, logger, options));
}

async function openWebhooksService(
  runtime: ServiceRuntime,
  config: Readonly<WebhooksConfig>,
  logger: Logger,
  options: WebhooksServiceOptions,
): Promise<Omit<RunningWebhooksService, 'close'>> {
  const security = kafkaSecurityOf(config);
  const key = encryptionKeyBytes(config.WEBHOOKS_ENCRYPTION_SECRET);
  if (!key) throw new Error('WEBHOOKS_ENCRYPTION_SECRET must be 32 bytes, base64 or base64url');
  const box = new SecretBox(key);
  const tracing = startTracing(config);
  runtime.onClose('tracing', () => tracing.shutdown());
  const { pool, watch: database } = openServiceDatabase(
    {
      url: config.WEBHOOKS_DATABASE_URL,
      schema: `${config.DB_SCHEMA_PREFIX}webhooks`,
      applicationName: 'webhooks-service',
      graceMs: config.DB_OUTAGE_GRACE_MS,
      log: logger,
      ...(options.onDatabaseLost ? { onGraceExceeded: options.onDatabaseLost } : {}),
    },
    runtime,
  );
  // The producer sends, through the outbox, the balance monitors' crossings and the records of the
  // service's own actions to admin.audit, and the dead letters of events a consumer's schema refuses.
  const auditSigner = new AuditRecordSigner('webhooks', config.SERVICE_TOKEN_PRIVATE_KEY);
  const { kafka, producer, admin } = await openServiceKafka(runtime, {
    brokers: config.KAFKA_BROKERS,
    security,
    clientId: 'webhooks-service',
    logger,
    // Its admin audit records are signed with its own key (docs/DESIGN.md "Admin audit log").
    producer: { auditSigning: { topics: [topicNames(config.TOPIC_PREFIX).adminAudit], signer: auditSigner } },
  });
  const topics = topicNames(config.TOPIC_PREFIX);
  // Where the records of its own actions go (through the outbox): the admin audit log.
  const auditOutbox = { topic: topics.adminAudit };
  const registry = createMetricsRegistry('webhooks');
  const disabledEndpoints = new Counter({
    name: webhooksMetricNames.endpointsDisabled,
    help: 'Webhook endpoints disabled after their retry schedule ran out',
    registers: [registry],
  });
  const skippedBalanceEvents = new Counter({
    name: webhooksMetricNames.balanceEventsSkipped,
    help: 'Well-formed coin.balances events the balance monitors passed over: a wallet naming no or both sides, a balance with more than 2 decimals, a wallet other than the record key',
    labelNames: ['reason'],
    registers: [registry],
  });
  // The outbox of the crossings and of the admin.audit records (an endpoint disabled or re-enabled), each written in its action's transaction.
  const outbox = new OutboxRelay({
    store: outboxTable(pool),
    metrics: registry,
    publish: outboxPublisher(producer),
    onError: (err) => logger.warn({ err }, 'outbox sweep failed'),
  });
  outbox.start();
  runtime.onClose('outbox relay', () => outbox.stop());
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
  const policy = { allowHttp: config.WEBHOOKS_ALLOW_HTTP, allowPrivateNetworks: config.WEBHOOKS_ALLOW_PRIVATE_NETWORKS };
  if (policy.allowHttp || policy.allowPrivateNetworks)
    logger.warn(policy, 'webhooks may be sent over http or to private networks (operator allowance)');
  const app = buildInternalApp({
    logger,
    metrics: registry,
    serviceAuth: { audience: 'webhooks', publicKeys: config.SERVICE_TOKEN_PUBLIC_KEYS, routes: webhooksRouteCallers },
  });
  registerInternalRoutes(app, {
    pool,
    box,
    policy,
    maxEndpointsPerClient: config.WEBHOOKS_MAX_ENDPOINTS_PER_CLIENT,
    adminAuditTopic: auditOutbox.topic,
  });
  // The wallets the monitors watch, in memory: the balance consumer passes over every other change unparsed.
  const monitoredWallets = new MonitoredWallets(() => monitoredWalletKeys(pool));
  registerMonitorRoutes(app, {
    pool,
    maxMonitors: config.WEBHOOKS_MAX_BALANCE_MONITORS,
    adminAuditTopic: auditOutbox.topic,
    onChanged: () => monitoredWallets.invalidate(),
  });
  const consumer = await startConsumer({
    kafka,
    groupId: webhooksGroupId(config.TOPIC_PREFIX),
    topics: [topics.coinTransactions, topics.coinHolds],
    schema: webhookEvent,
    logger,
    producer,
    // A redelivered event hits the (endpoint, event) key and adds nothing.
    commitIntervalMs: 500,
    // Deliveries are retried over a day: a fetch may wait 250 ms to bring many events (offPathFetch).
    tuning: offPathFetch(250),
    metrics: registry,
    handleBatch: handleCoinEvents({ pool }),
  });
  runtime.onClose('coin events consumer', () => consumer.stop());
  consumers.push(consumer);
  // Balance changes into monitor crossings; a hostile message fails the schema and is dead-lettered (counted), never stopping the partition.
  const balanceConsumer = await startConsumer({
    kafka,
    groupId: balanceMonitorsGroupId(config.TOPIC_PREFIX),
    topics: [topics.coinBalances],
    schema: coinBalanceEvent,
    logger,
    producer,
    passOver: monitoredWallets.passOver,
    // A redelivered event hits the (monitor, balance event) key and fires nothing.
    commitIntervalMs: 500,
    tuning: offPathFetch(250),
    metrics: registry,
    handleBatch: handleBalanceEvents({
      pool,
      outbox,
      topic: topics.coinBalanceMonitors,
      onSkipped: (reason) => skippedBalanceEvents.inc({ reason }),
    }),
  });
  runtime.onClose('balance events consumer', () => balanceConsumer.stop());
  consumers.push(balanceConsumer);
  await Promise.all([consumer.ready, balanceConsumer.ready]);
  const sender = new OutboundSender(policy, config.WEBHOOKS_DELIVERY_TIMEOUT_MS);
  runtime.onClose('outbound sender', () => sender.close());
  const worker = new DeliveryWorker({
    pool,
    sender,
    box,
    logger,
    pollIntervalMs: config.WEBHOOKS_POLL_INTERVAL_MS,
    concurrency: config.WEBHOOKS_DELIVERY_CONCURRENCY,
    timeoutMs: config.WEBHOOKS_DELIVERY_TIMEOUT_MS,
    adminAuditTopic: auditOutbox.topic,
    retryUnitMs: config.WEBHOOKS_RETRY_UNIT_MS,
    onDisabled: () => disabledEndpoints.inc(),
  });
  worker.start();
  runtime.onClose('delivery worker', () => worker.stop());
  const metricsUrl = await operational.listen({ host: config.HOST, port: config.METRICS_PORT });
  runtime.onClose('operational port', () => operational.close());
  const url = await app.listen({ host: config.HOST, port: config.WEBHOOKS_HTTP_PORT });
  runtime.onClose('internal API', () => app.close());
  return { url, metricsUrl, deliverDue: () => worker.runOnce() };
}
