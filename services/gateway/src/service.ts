import { kafkaSecurityOf, passwordHashCostOf } from '@coin/config';
import { randomUUID } from 'node:crypto';
import { consumedUserEvent, topicNames } from '@coin/contracts';
import { AuditRecordSigner } from '@coin/security';
import {
  buildOperationalApp,
  closeWithin,
  createMetricsRegistry,
  type RunningService as ServiceAddresses,
  type ServiceName,
  type ServiceRuntime,
  ServiceTokenSigner,
  startService,
} from '@coin/http';
import {
  consumerRestartCounter,
  consumersReadiness,
  RequestReplyClient,
  sendRefusalRecord,
  startConsumer,
  openServiceKafka,
  keyPartitioner,
  partitionCount,
} from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { createRedis, type Redis } from '@coin/redis';
import { startTracing } from '@coin/telemetry';
import { buildApp } from './app';
import { CommandBus } from './clients/commands';
import { InternalHttpClient } from './clients/internal-http';
import { ReplyPartitionLease } from './clients/reply-partition-lease';
import type { GatewayConfig } from './config';
import {
  balanceStreamMetrics,
  cacheMacFailureCounter,
  cacheStaleEntriesCounter,
  rateLimitFailOpenCounter,
  refusalAuditDroppedCounter,
  revocationMetrics,
} from './metrics';
import { BalanceRelay } from './live-balance/relay';
import { RelaySeal } from './live-balance/relay-seal';
import { BalanceFanout } from './live-balance/fanout';
import { StreamHolders } from './live-balance/holders';
import { RevocationFeed } from './revocation/feed';
import { Revocations } from './revocation/revocations';
import { startRevocationConsumer } from './revocation/user-events';
import { InternalApi } from './clients/internal-api';
import { defaultLiveBalance } from './routes/balance-stream';
import { CacheAuthenticator, CacheMac, decodeCacheMacSecret } from './plugins/cache-mac';
import { RedisAdmissionStore } from './plugins/admission-redis';
import { ApiKeyVerifier } from './plugins/api-key';
import { LoginThrottle } from './plugins/login-throttle';
import { gatewayRedisPrefix, PlatformClientStatus } from './plugins/platform-clients';
import { RefusalAudit } from './plugins/refusal-audit';
import type { RouteEntry } from './plugins/route-table';
import { TokenVersionStore } from './plugins/token-version';

/** metricsUrl is /healthz, /readyz and /metrics (METRICS_PORT): never the public port. */
export interface RunningService extends ServiceAddresses {
  /** The routes served and their guards (the security suite walks them). */
  routes: RouteEntry[];
}

export async function startGatewayService(config: Readonly<GatewayConfig>, logger: Logger): Promise<RunningService> {
  // Components open in order and close in the reverse order (ServiceRuntime).
  return startService(logger, (runtime) => openGatewayService(runtime, config, logger));
}

async function openGatewayService(
  runtime: ServiceRuntime,
  config: Readonly<GatewayConfig>,
  logger: Logger,
): Promise<Omit<RunningService, 'close'>> {
  const tracing = startTracing(config);
  runtime.onClose('tracing', () => tracing.shutdown());
  const topics = topicNames(config.TOPIC_PREFIX);
  const { kafka, producer, admin } = await openServiceKafka(runtime, {
    brokers: config.KAFKA_BROKERS,
    security: kafkaSecurityOf(config),
    clientId: 'gateway',
    logger,
    producer: {
      lingerMs: config.GATEWAY_PRODUCE_LINGER_MS,
      // Its refusal records are signed with its own key (docs/DESIGN.md "Admin audit log").
      auditSigning: {
        topics: [topicNames(config.TOPIC_PREFIX).adminRefusals],
        signer: new AuditRecordSigner('gateway', config.SERVICE_TOKEN_PRIVATE_KEY),
      },
    },
  });
  const metrics = createMetricsRegistry('gateway');
  // The commands to the ledger share a record per partition and request (docs/DESIGN.md "Packed
  // records"): packed by the partitioner the producer uses, so each sits where its key belongs.
  producer.packOn(topics.ledgerCommands, keyPartitioner(await partitionCount(admin, topics.ledgerCommands)));
  const redis = createRedis(config.REDIS_URL, gatewayRedisPrefix(config.TOPIC_PREFIX), {
    commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS,
  });
  logRedisOutages(redis, logger);
  await redis.connect();
  runtime.onClose('redis', () => redis.disconnect());
  const instanceId = randomUUID();
  const replyPartition = new ReplyPartitionLease({ redis, topic: topics.gatewayReplies, holder: instanceId, logger });
  const replies = new RequestReplyClient(kafka, producer, topics.gatewayReplies, logger, instanceId, metrics, replyPartition, tracing);
  await replies.start();
  runtime.onClose('reply consumer', () => replies.stop());

  // Every internal call carries a service token: the gateway's identity, for that callee only.
  const serviceTokens = new ServiceTokenSigner('gateway', config.SERVICE_TOKEN_PRIVATE_KEY);
  const internalClient = (url: string, audience: ServiceName) =>
    new InternalHttpClient(url, config.INTERNAL_HTTP_TIMEOUT_MS, serviceTokens.authorizationFor(audience));
  const users = internalClient(config.USER_SERVICE_URL, 'user');
  // Every cached authorization entry is MAC'd under a key Redis never holds, with its own expiry.
  const cacheAuth = new CacheAuthenticator(
    new CacheMac(decodeCacheMacSecret(config.CACHE_MAC_SECRET), gatewayRedisPrefix(config.TOPIC_PREFIX)),
    redis,
    cacheMacFailureCounter(metrics),
    logger,
    cacheStaleEntriesCounter(metrics),
  );
  // What this instance knows of revocations, in memory: a cached entry older than it is not believed.
  const revocationCounters = revocationMetrics(metrics);
  const revocations = new Revocations(
    { userWindowMs: config.GATEWAY_REVOCATION_WINDOW_S * 1000, usersMax: config.GATEWAY_REVOCATIONS_TRACKED_MAX },
    () => revocationCounters.forgotten.inc(),
  );
  const tokenVersions = new TokenVersionStore(redis, users, config.TOKEN_VERSION_CACHE_TTL_S, logger, cacheAuth, revocations);
  const platformClients = new PlatformClientStatus(redis, users, config.PLATFORM_CLIENT_CACHE_TTL_S, logger, cacheAuth, revocations);
  // One group shared by all gateway instances: the cache is shared Redis, so each event needs
  // writing once, and committed offsets mean no event is missed while the gateways restart.
  const userEvents = await startConsumer({
    kafka,
    groupId: `${config.TOPIC_PREFIX}gateway-token-versions`,
    topics: [topics.userEventsV2, topics.userEvents],
    schema: consumedUserEvent,
    logger,
    producer,
    metrics,
    handleBatch: tokenVersions.handleUserEvents(),
  });
  runtime.onClose('user events consumer', () => userEvents.stop());
  await userEvents.ready;
  // And this instance's own reader of the same events, for its memory of revocations (the shared
  // group reaches one instance per event).
  const revocationEvents = await startRevocationConsumer({
    kafka,
    admin,
    topics: [topics.userEventsV2],
    instanceId,
    revocations,
    windowMs: config.GATEWAY_REVOCATION_WINDOW_S * 1000,
    logger,
    dropped: () => revocationCounters.eventsDropped.inc(),
    restarts: consumerRestartCounter(metrics),
  });
  runtime.onClose('revocation consumer', () => revocationEvents.stop());
  // The revoked API keys and platform clients, from the user service's list; the revoked clients'
  // webhooks stopped (the operator CLI's revocations reach the webhooks service this way).
  const webhooks = internalClient(config.WEBHOOKS_SERVICE_URL, 'webhooks');
  const feedApi = new InternalApi({ users, webhooks });
  const revocationFeed = new RevocationFeed({
    read: (known) => feedApi.read('users.revocations', known),
    stopWebhooks: async (clientIds) => void (await feedApi.post('webhooks.revoked-clients', { clientIds })),
    revocations,
    intervalMs: config.GATEWAY_REVOCATION_POLL_MS,
    logger,
    failed: () => revocationCounters.feedFailures.inc(),
  });
  await revocationFeed.start();
  runtime.onClose('revocation feed', () => revocationFeed.stop());
  // The live balance streams: one relay shared by every instance reads coin.balances and carries
  // the changes of watched wallets over Redis to the instances whose streams watch them
  // (docs/DESIGN.md "Live balance"); it closes after the public API has ended them.
  const balanceMetrics = balanceStreamMetrics(metrics, () => fanout.connections);
  const holders = new StreamHolders((reason) => revocationCounters.streamsEnded.inc({ reason }));
  const fanout = new BalanceFanout(
    { connectionsMax: config.GATEWAY_STREAMS_MAX, connectionsPerCallerMax: config.GATEWAY_STREAMS_PER_CALLER_MAX },
    { dropped: (reason) => balanceMetrics.dropped.inc({ reason }), delivered: (count) => balanceMetrics.delivered.inc(count) },
  );
  const balanceSubscriber = redis.duplicate();
  await balanceSubscriber.connect();
  const balanceRelay = new BalanceRelay({
    kafka,
    topics: [topics.coinBalances],
    groupId: `${config.TOPIC_PREFIX}gateway-balances`,
    redis,
    subscriber: balanceSubscriber,
    channelPrefix: gatewayRedisPrefix(config.TOPIC_PREFIX),
    seal: new RelaySeal(decodeCacheMacSecret(config.CACHE_MAC_SECRET)),
    instanceId,
    fanout,
    logger,
    counters: {
      relayed: () => balanceMetrics.relayed.inc({ outcome: 'published' }),
      publishFailed: () => balanceMetrics.relayed.inc({ outcome: 'failed' }),
      refused: (reason) => balanceMetrics.relayRefused.inc({ reason }),
    },
    restarts: consumerRestartCounter(metrics),
  });
  fanout.feedFrom(balanceRelay);
  await balanceRelay.start();
  const balances = balanceRelay.consuming;
  runtime.onClose('balance relay', () => balanceRelay.stop());
  fanout.startHeartbeats(config.GATEWAY_STREAM_HEARTBEAT_MS);
  const refusalsDropped = refusalAuditDroppedCounter(metrics);
  const refusalAudit = new RefusalAudit({
    limits: {
      perPrincipalMax: config.REFUSAL_AUDIT_PER_PRINCIPAL_MAX,
      windowMs: config.REFUSAL_AUDIT_WINDOW_MS,
      principalsMax: config.REFUSAL_AUDIT_PRINCIPALS_MAX,
    },
    inFlightMax: config.REFUSAL_AUDIT_IN_FLIGHT_MAX,
    send: (record) => sendRefusalRecord(producer, topics.adminRefusals, record),
    dropped: (reason) => refusalsDropped.inc({ reason }),
    logger,
  });
  const operational = buildOperationalApp({
    logger,
    metrics,
    readiness: {
      kafka: async () => void (await admin.describeCluster()),
      redis: async () => void (await redis.ping()),
      postgres: async () => void (await users.get('/internal/readiness')),
      // The reply consumer and the token-version consumer: without the first, every write times out.
      consumers: consumersReadiness([replies, userEvents, revocationEvents, balances]),
    },
    // Without Redis the gateway still serves reads, keyless writes and logins (docs/OPERATIONS.md
    // "Redis outage"): it stays in rotation, reported degraded.
    degradable: ['redis'],
    started: () => runtime.isReady(),
  });
  const app = await buildApp({
    refusalAudit,
    logger,
    metrics,
    commands: new CommandBus(replies, topics, config.COMMAND_TIMEOUT_MS),
    tracing,
    users,
    ledger: internalClient(config.LEDGER_SERVICE_URL, 'ledger'),
    history: internalClient(config.HISTORY_SERVICE_URL, 'history'),
    webhooks,
    auth: {
      jwksUrl: new URL('/.well-known/jwks.json', config.USER_SERVICE_URL).toString(),
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      platformClientActive: (clientId, requestId) => platformClients.isActive(clientId, requestId),
      stepUpMaxAgeS: config.STEP_UP_MAX_AGE_S,
    },
    bodyBytesMax: config.BODY_BYTES_MAX,
    linger: { bytesMax: config.GATEWAY_LINGER_BYTES_MAX, ms: config.GATEWAY_LINGER_MS },
    liveBalance: defaultLiveBalance(fanout, config.GATEWAY_STREAM_REPLAY_MAX, holders),
    revocations,
    accessLog: { sampleRate: config.GATEWAY_ACCESS_LOG_SAMPLE, slowMs: config.GATEWAY_ACCESS_LOG_SLOW_MS },
    passwordHashCost: passwordHashCostOf(config, logger),
    trustedProxies: config.GATEWAY_TRUSTED_PROXIES,
    redis,
    admissionStore: new RedisAdmissionStore(redis),
    idempotencyLockMs: config.COMMAND_TIMEOUT_MS + 1000,
    apiKeys: new ApiKeyVerifier(redis, users, config.API_KEY_CACHE_TTL_S, logger, cacheAuth, revocations),
    tokenVersions,
    rateLimits: {
      loginPerIp: { max: config.RATE_LIMIT_LOGIN_PER_IP_MAX, windowMs: config.RATE_LIMIT_LOGIN_PER_IP_WINDOW_MS },
      registerPerIp: { max: config.RATE_LIMIT_REGISTER_PER_IP_MAX, windowMs: config.RATE_LIMIT_REGISTER_PER_IP_WINDOW_MS },
      credentialsPerIp: { max: config.RATE_LIMIT_CREDENTIALS_PER_IP_MAX, windowMs: config.RATE_LIMIT_CREDENTIALS_PER_IP_WINDOW_MS },
      writesPerCaller: { max: config.RATE_LIMIT_WRITES_PER_CALLER_MAX, windowMs: config.RATE_LIMIT_WRITES_PER_CALLER_WINDOW_MS },
    },
    loginThrottle: new LoginThrottle(
      redis,
      {
        perAccountClient: { max: config.RATE_LIMIT_LOGIN_PER_ACCOUNT_MAX, windowMs: config.RATE_LIMIT_LOGIN_PER_ACCOUNT_WINDOW_MS },
        perAccount: { max: config.RATE_LIMIT_LOGIN_ACROSS_CLIENTS_MAX, windowMs: config.RATE_LIMIT_LOGIN_ACROSS_CLIENTS_WINDOW_MS },
        delayBaseMs: config.RATE_LIMIT_LOGIN_DELAY_BASE_MS,
        delayMaxMs: config.RATE_LIMIT_LOGIN_DELAY_MAX_MS,
        knownClientTtlMs: config.RATE_LIMIT_LOGIN_KNOWN_CLIENT_TTL_MS,
      },
      logger,
      rateLimitFailOpenCounter(metrics),
    ),
  });
  const metricsUrl = await operational.listen({ host: config.HOST, port: config.METRICS_PORT });
  runtime.onClose('operational port', () => operational.close());
  const url = await app.listen({ host: config.HOST, port: config.GATEWAY_PORT });
  // A command in flight gets its answer (or its 504) before the connections still open are closed.
  runtime.onClose('public API', () => closeWithin(app, config.COMMAND_TIMEOUT_MS + 2000, logger));
  return { url, metricsUrl, routes: app.routeTable };
}

/**
 * One line when Redis becomes unreachable and one when it is back, instead of a line per
 * reconnection attempt (about every second) or ioredis's own console output. Meanwhile requests
 * go on as docs/OPERATIONS.md "Redis outage" says, and /readyz shows `redis: down`.
 */
function logRedisOutages(redis: Redis, logger: Logger): void {
  let reachable = true;
  redis.on('error', (err: Error) => {
    if (!reachable) return;
    reachable = false;
    logger.error({ err }, 'Redis unreachable: rate limits counted per instance, Idempotency-Key requests answered 503, caches bypassed');
  });
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    logger.info('Redis reachable again');
  });
}
