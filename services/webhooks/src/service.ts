import { eventRetentionDays, topicNames } from '@coin/contracts';
import { coinBalanceEvent } from '@coin/events';
import { type RunningService, ServiceTokenSigner } from '@coin/http';
import { offPathFetch } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { AuditRecordSigner } from '@coin/security';
import { defineService, type FrameParts, type ServiceOptions } from '@coin/service-kit';
import { encryptionKeyBytes, type WebhooksConfig } from './config';
import { OutboundSender } from './delivery/outbound';
import { DeliveryWorker } from './delivery/worker';
import { RecoveryRunner } from './delivery/recovery-runner';
import { SecretBox } from './domain/secret-box';
import { prunePlatformEvents } from './db/events-repo';
import { endpointBacklogs, pruneDeliveryAttempts } from './db/deliveries-repo';
import { registerWebhooksMetrics } from './metrics';
import { registerEventRoutes } from './http/event-routes';
import { registerInternalRoutes } from './http/internal-routes';
import { guardSpace } from './http/space-guard';
import { TestClockReader } from './delivery/test-clocks';
import { webhooksRouteCallers } from './http/route-callers';
import { registerMonitorRoutes } from './http/monitor-routes';
import { monitoredWalletKeys } from './db/monitors-repo';
import { handleBalanceEvents } from './kafka/balance-events';
import { MonitoredWallets } from './kafka/monitored-wallets';
import { handleCoinEvents, webhookEvent } from './kafka/coin-events';
import { PlatformClientDirectory } from './clients/client-directory';

export type { RunningService };

/** The consumer group that turns coin events into deliveries. */
export function webhooksGroupId(topicPrefix: string): string {
  return `${topicPrefix}webhooks-service`;
}

/** The consumer group of the balance monitors (coin.balances): its own, so a slow one does not hold the other back. */
export function balanceMonitorsGroupId(topicPrefix: string): string {
  return `${topicPrefix}webhooks-balance-monitors`;
}

export interface RunningWebhooksService extends RunningService {
  /** Sends what is due now, without waiting for the next poll (tests). */
  deliverDue(): Promise<number>;
}

export const startWebhooksService: (
  config: Readonly<WebhooksConfig>,
  logger: Logger,
  options?: ServiceOptions,
) => Promise<RunningWebhooksService> = defineService({
  // Before anything opens: endpoint secrets are sealed with this key.
  prepare: (config: Readonly<WebhooksConfig>) => {
    const key = encryptionKeyBytes(config.WEBHOOKS_ENCRYPTION_SECRET);
    if (!key) throw new Error('WEBHOOKS_ENCRYPTION_SECRET must be 32 bytes, base64 or base64url');
    return new SecretBox(key);
  },
  frame: (config) => ({
    name: 'webhooks',
    databases: [{ url: config.WEBHOOKS_DATABASE_URL, schema: `${config.DB_SCHEMA_PREFIX}webhooks` }],
    internalApi: { port: config.WEBHOOKS_HTTP_PORT, routes: webhooksRouteCallers },
    // Its audit records (a SUPERADMIN's action on an endpoint) are signed as the webhooks service's.
    producer: {
      auditSigning: {
        topics: [topicNames(config.TOPIC_PREFIX).adminAudit],
        signer: new AuditRecordSigner('webhooks', config.SERVICE_TOKEN_PRIVATE_KEY),
      },
    },
  }),
  open: (parts, { config, prepared }) => openWebhooksParts(parts, config, prepared),
});

/** What is the webhooks service's own: its routes, the two consumers, the outbox relay and the delivery worker. */
async function openWebhooksParts(
  parts: FrameParts,
  config: Readonly<WebhooksConfig>,
  box: SecretBox,
): Promise<{ deliverDue(): Promise<number> }> {
  const { logger, pool } = parts;
  const topics = topicNames(config.TOPIC_PREFIX);
  const metrics = registerWebhooksMetrics(parts.metrics, (limit) => endpointBacklogs(pool, limit), {
    onReadFailed: (err) => logger.warn({ err }, 'reading the webhook backlog for /metrics failed; its gauges keep their last values'),
  });
  const outbox = parts.relayOutbox();
  const policy = { allowHttp: config.WEBHOOKS_ALLOW_HTTP, allowPrivateNetworks: config.WEBHOOKS_ALLOW_PRIVATE_NETWORKS };
  if (policy.allowHttp || policy.allowPrivateNetworks)
    logger.warn(policy, 'webhooks may be sent over http or to private networks (operator allowance)');
  guardSpace(parts.app, config.WEBHOOKS_SPACE);
  registerInternalRoutes(parts.app, {
    pool,
    box,
    policy,
    maxEndpointsPerClient: config.WEBHOOKS_MAX_ENDPOINTS_PER_CLIENT,
    adminAuditTopic: topics.adminAudit,
    space: config.WEBHOOKS_SPACE,
    metrics,
  });
  const directory = await startClientDirectory(parts, config);
  registerEventRoutes(parts.app, { pool, directory, adminAuditTopic: topics.adminAudit });
  startEventPruning(parts, config.WEBHOOKS_EVENT_PRUNE_INTERVAL_MS);
  const monitoredWallets = new MonitoredWallets(() => monitoredWalletKeys(pool));
  registerMonitorRoutes(parts.app, {
    pool,
    maxMonitors: config.WEBHOOKS_MAX_BALANCE_MONITORS,
    adminAuditTopic: topics.adminAudit,
    onChanged: () => monitoredWallets.invalidate(),
    space: config.WEBHOOKS_SPACE,
  });
  await startEventConsumers(parts, config, {
    directory,
    monitoredWallets,
    balanceEvents: { outbox, onSkipped: (reason) => metrics.skippedBalanceEvents.inc({ reason }) },
  });
  const worker = await startDeliveryWorker(parts, config, { box, policy, metrics, adminAuditTopic: topics.adminAudit });
  await startRecoveryRunner(parts, config.WEBHOOKS_IDLE_SWEEP_INTERVAL_MS);
  return { deliverDue: () => worker.runOnce() };
}

/** The delivery worker, started and woken by every delivery queued or put back and every endpoint enabled, whoever wrote it. */
async function startDeliveryWorker(
  parts: FrameParts,
  config: Readonly<WebhooksConfig>,
  deps: {
    box: SecretBox;
    policy: ConstructorParameters<typeof OutboundSender>[0];
    metrics: ReturnType<typeof registerWebhooksMetrics>;
    adminAuditTopic: string;
  },
): Promise<DeliveryWorker> {
  const { runtime, logger, pool } = parts;
  const sender = new OutboundSender(deps.policy, config.WEBHOOKS_DELIVERY_TIMEOUT_MS);
  runtime.onClose('outbound sender', () => sender.close());
  const worker = new DeliveryWorker({
    pool,
    sender,
    box: deps.box,
    logger,
    pollIntervalMs: config.WEBHOOKS_POLL_INTERVAL_MS,
    idleSweepMs: config.WEBHOOKS_IDLE_SWEEP_INTERVAL_MS,
    concurrency: config.WEBHOOKS_DELIVERY_CONCURRENCY,
    timeoutMs: config.WEBHOOKS_DELIVERY_TIMEOUT_MS,
    adminAuditTopic: deps.adminAuditTopic,
    retryUnitMs: config.WEBHOOKS_RETRY_UNIT_MS,
    onDisabled: (endpointId) => {
      deps.metrics.disabledEndpoints.inc();
      deps.metrics
        .forgetEndpoints([endpointId])
        .catch((err: unknown) => logger.warn({ err }, 'a disabled endpoint’s metric series were not dropped'));
    },
    onAttempt: (attempt) => deps.metrics.attempted(attempt),
    tracer: parts.tracing.tracer,
    ...testClocksOf(config, logger),
  });
  worker.start();
  runtime.onClose('delivery worker', () => worker.stop());
  // Whoever wrote (this instance, another, the operator CLI): a delivery queued or put back, an endpoint enabled.
  await parts.tableWatch.follow('webhook_deliveries', () => worker.wake());
  await parts.tableWatch.follow('webhook_endpoints', () => worker.wake());
  return worker;
}

/** "Recover since T": the background task, woken by a recovery written (here or by another instance) and every `sweepMs`. */
async function startRecoveryRunner(parts: FrameParts, sweepMs: number): Promise<void> {
  const recoveries = new RecoveryRunner({ pool: parts.pool, logger: parts.logger, batch: recoveryBatch, sweepMs });
  recoveries.start();
  parts.runtime.onClose('recovery runner', () => recoveries.stop());
  await parts.tableWatch.follow('webhook_recoveries', () => recoveries.wake());
}

/**
 * The sandbox's instance (WEBHOOKS_SPACE=test) retries by its clients' test clocks, read from the
 * sandbox ledger (docs/decisions/0018-sandbox.md "The test clock"); the live one never has any.
 */
function testClocksOf(config: Readonly<WebhooksConfig>, logger: Logger): { testClocks?: TestClockReader } {
  if (config.WEBHOOKS_SPACE !== 'test' || config.WEBHOOKS_TEST_CLOCKS_URL === undefined) return {};
  const reader = new TestClockReader({
    baseUrl: config.WEBHOOKS_TEST_CLOCKS_URL,
    timeoutMs: config.WEBHOOKS_DELIVERY_TIMEOUT_MS,
    signer: new ServiceTokenSigner('webhooks', config.SERVICE_TOKEN_PRIVATE_KEY),
    logger,
  });
  return { testClocks: reader };
}

/**
 * The platform clients and their grants, read from the user service with this service's token
 * (docs/design/platform.md "A platform's events"): once before the consumers start, then every
 * WEBHOOKS_CLIENTS_REFRESH_MS and when an event names a client not known yet.
 */
async function startClientDirectory(parts: FrameParts, config: Readonly<WebhooksConfig>): Promise<PlatformClientDirectory> {
  const directory = new PlatformClientDirectory({
    baseUrl: config.USER_SERVICE_URL,
    space: config.WEBHOOKS_SPACE,
    refreshIntervalMs: config.WEBHOOKS_CLIENTS_REFRESH_MS,
    timeoutMs: config.WEBHOOKS_DELIVERY_TIMEOUT_MS,
    signer: new ServiceTokenSigner('webhooks', config.SERVICE_TOKEN_PRIVATE_KEY),
    logger: parts.logger,
  });
  await directory.start();
  parts.runtime.onClose('platform client directory', () => directory.stop());
  return directory;
}

/** Failed deliveries one batch of a recovery puts back in the queue (one transaction, a short lock). */
const recoveryBatch = 500;

/** Rows one statement of the pruning job deletes at most (a short lock, a bounded WAL burst). */
const pruneBatch = 10_000;

/** Hours a delivery attempt is kept: the 24 hours an endpoint's view counts, and a day to look back on. */
const attemptRetentionHours = 48;

/**
 * The pruning job: every `intervalMs` (and once at start) it deletes the platform events older than
 * eventRetentionDays (30) and the delivery attempts older than attemptRetentionHours (48), in
 * batches; a failed pass is logged and the next one tries again.
 */
function startEventPruning(parts: FrameParts, intervalMs: number): void {
  const { pool, logger, runtime } = parts;
  let running: Promise<void> = Promise.resolve();
  const pruneEvents = () =>
    prunePlatformEvents(pool, eventRetentionDays, pruneBatch)
      .then((deleted) => {
        if (deleted > 0) logger.info({ deleted, retentionDays: eventRetentionDays }, 'pruned platform events past their retention');
      })
      .catch((err: unknown) => logger.warn({ err }, 'pruning platform events failed; trying again at the next interval'));
  const pruneAttempts = () =>
    pruneDeliveryAttempts(pool, attemptRetentionHours, pruneBatch)
      .then((deleted) => {
        if (deleted > 0)
          logger.info({ deleted, retentionHours: attemptRetentionHours }, 'pruned webhook delivery attempts past their retention');
      })
      .catch((err: unknown) => logger.warn({ err }, 'pruning webhook delivery attempts failed; trying again at the next interval'));
  const prune = () => {
    running = pruneEvents().then(pruneAttempts);
  };
  prune();
  const timer = setInterval(prune, intervalMs);
  timer.unref();
  runtime.onClose('event pruning', async () => {
    clearInterval(timer);
    await running;
  });
}

/** The coin events that become deliveries, and the balance changes the monitors watch: each its own group. */
async function startEventConsumers(
  parts: FrameParts,
  config: Readonly<WebhooksConfig>,
  own: {
    directory: PlatformClientDirectory;
    monitoredWallets: MonitoredWallets;
    balanceEvents: Pick<Parameters<typeof handleBalanceEvents>[0], 'outbox' | 'onSkipped'>;
  },
): Promise<void> {
  const { pool, consume } = parts;
  const topics = topicNames(config.TOPIC_PREFIX);
  const consumer = await consume('coin events consumer', {
    groupId: webhooksGroupId(config.TOPIC_PREFIX),
    topics: [topics.coinTransactions, topics.coinHolds, topics.coinMandates, topics.coinMonitoringCases],
    schema: webhookEvent,
    commitIntervalMs: 500,
    tuning: offPathFetch(250, config.KAFKA_OFF_PATH_FETCH_WAIT_MS),
    handleBatch: handleCoinEvents({ pool, directory: own.directory }),
  });
  const balanceConsumer = await consume('balance events consumer', {
    groupId: balanceMonitorsGroupId(config.TOPIC_PREFIX),
    topics: [topics.coinBalances],
    schema: coinBalanceEvent,
    passOver: own.monitoredWallets.passOver,
    commitIntervalMs: 500,
    tuning: offPathFetch(250, config.KAFKA_OFF_PATH_FETCH_WAIT_MS),
    handleBatch: handleBalanceEvents({
      pool,
      directory: own.directory,
      outbox: own.balanceEvents.outbox,
      topic: topics.coinBalanceMonitors,
      onSkipped: own.balanceEvents.onSkipped,
    }),
  });
  await Promise.all([consumer.ready, balanceConsumer.ready]);
}
