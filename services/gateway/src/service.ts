import { randomUUID } from 'node:crypto';
import { passwordHashCostOf } from '@coin/config';
import { consumedUserEvent, topicNames } from '@coin/contracts';
import { AppError } from '@coin/errors';
import { closeWithin, type RunningService as ServiceAddresses, type ServiceName, ServiceTokenSigner } from '@coin/http';
import { consumerRestartCounter, keyPartitioner, offPathFetch, partitionCount, RequestReplyClient, sendRefusalRecord } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { connectRedis, subscriberConnection } from '@coin/redis';
import { AuditRecordSigner, credentialModeOf } from '@coin/security';
import { defineService, type FrameParts } from '@coin/service-kit';
import { buildApp, type GatewayDeps } from './app';
import { CommandBus } from './clients/commands';
import { InternalApi } from './clients/internal-api';
import { InternalHttpClient } from './clients/internal-http';
import { ReplyPartitionLease } from './clients/reply-partition-lease';
import { sandboxConfigOf, type GatewayConfig } from './config';
import { BalanceFanout } from './live-balance/fanout';
import { StreamHolders } from './live-balance/holders';
import { BalanceRelay } from './live-balance/relay';
import { RelaySeal } from './live-balance/relay-seal';
import {
  balanceStreamMetrics,
  cacheMacFailureCounter,
  cacheStaleEntriesCounter,
  rateLimitFailOpenCounter,
  refusalAuditDroppedCounter,
  revocationMetrics,
} from './metrics';
import { erasingPhoneAnswers } from './plugins/admission';
import { RedisAdmissionStore } from './plugins/admission-redis';
import { ApiKeyVerifier } from './plugins/api-key';
import { CacheAuthenticator, CacheMac, decodeCacheMacSecret } from './plugins/cache-mac';
import { LoginThrottle } from './plugins/login-throttle';
import { gatewayRedisPrefix, PlatformClientStatus } from './plugins/platform-clients';
import { CallbackSecretBox, ProviderCallbackSecrets } from './auth/callback-secrets';
import { RefusalAudit } from './plugins/refusal-audit';
import type { SandboxPart } from './plugins/sandbox';
import type { RouteEntry } from './plugins/route-table';
import { TokenVersionStore } from './plugins/token-version';
import { RevocationFeed } from './revocation/feed';
import { Revocations } from './revocation/revocations';
import { startRevocationConsumer } from './revocation/user-events';
import { defaultLiveBalance, type LiveBalanceSettings } from './routes/balance-stream';

/** metricsUrl is /healthz, /readyz and /metrics (METRICS_PORT): never the public port. */
export interface RunningService extends ServiceAddresses {
  /** The routes served and their guards (the security suite walks them). */
  routes: RouteEntry[];
}

export const startGatewayService: (config: Readonly<GatewayConfig>, logger: Logger) => Promise<RunningService> = defineService({
  frame: (config: Readonly<GatewayConfig>) => ({
    name: 'gateway',
    clientId: 'gateway',
    redis: {
      url: config.REDIS_URL,
      keyPrefix: gatewayRedisPrefix(config.TOPIC_PREFIX),
      commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS,
      // Without Redis the gateway still serves reads, keyless writes and logins (docs/OPERATIONS.md
      // "Redis outage"): it stays in rotation, reported degraded.
      degradable: true,
      outage: 'rate limits counted per instance, Idempotency-Key requests answered 503, caches bypassed',
    },
    producer: {
      lingerMs: config.GATEWAY_PRODUCE_LINGER_MS,
      // Its refusal records are signed with its own key (docs/DESIGN.md "Admin audit log").
      auditSigning: {
        topics: [topicNames(config.TOPIC_PREFIX).adminRefusals],
        signer: new AuditRecordSigner('gateway', config.SERVICE_TOKEN_PRIVATE_KEY),
      },
    },
  }),
  open: (parts, { config }) => openGatewayParts(parts, config),
});

/** The internal services the gateway calls, each call with a service token for that callee only. */
type InternalClients = Record<'users' | 'ledger' | 'history' | 'webhooks' | 'monitoring', InternalHttpClient> & {
  /** The sandbox's webhooks instance (SANDBOX_WEBHOOKS_URL), when the gateway has one. */
  sandboxWebhooks?: InternalHttpClient;
};

/**
 * What is the gateway's own: the reply consumer, the user events consumers and the revocation
 * feed, the live balance relay, and the public API (no internal API: it serves the public one,
 * whose close lets a command in flight get its answer).
 */
async function openGatewayParts(parts: FrameParts, config: Readonly<GatewayConfig>): Promise<{ routes: RouteEntry[] }> {
  const { kafka, producer, admin, redis, metrics, logger, track } = parts;
  const topics = topicNames(config.TOPIC_PREFIX);
  // The commands to the ledger share a record per partition and request (docs/DESIGN.md "Packed
  // records"): packed by the partitioner the producer uses, so each sits where its key belongs.
  producer.packOn(topics.ledgerCommands, keyPartitioner(await partitionCount(admin, topics.ledgerCommands)));
  // The sandbox ledger's commands too, by its own partition count (docs/decisions/0018-sandbox.md).
  const sandboxCommands = sandboxLedgerCommandsOf(config);
  if (sandboxCommands) producer.packOn(sandboxCommands, keyPartitioner(await partitionCount(admin, sandboxCommands)));
  const instanceId = randomUUID();
  const replyPartition = new ReplyPartitionLease({ redis, topic: topics.gatewayReplies, holder: instanceId, logger });
  const replies = new RequestReplyClient(
    kafka,
    producer,
    topics.gatewayReplies,
    logger,
    instanceId,
    metrics,
    replyPartition,
    parts.tracing,
    config.KAFKA_REQUEST_PATH_FETCH_WAIT_MS,
    config.CONSUMER_RELAUNCH_AFTER_MS,
  );
  await replies.start();
  // Without it, every write times out.
  track('reply consumer', replies);
  const sandboxReplies = sandboxCommands ? await startSandboxReplies(parts, config, instanceId) : undefined;
  const clients = internalClients(config);
  // The gateway has no database of its own: its PostgreSQL (logins, keys, users) is the user
  // service's, which answers for that alone (not for its consumers: a stall there is its own).
  parts.ready('postgres', async () => void (await clients.users.get('/internal/readiness')));
  const caches = authCaches(parts, config, clients.users);
  await startUserEventConsumers(parts, config, caches, instanceId);
  await startRevocationFeed(parts, config, clients, caches);
  const liveBalance = await startLiveBalance(parts, config, caches, instanceId);
  const app = await buildApp(gatewayDeps(parts, config, { clients, caches, replies, sandboxReplies, liveBalance }));
  // A command in flight gets its answer (or its 504) before the connections still open are closed.
  parts.serve('public API', app, {
    port: config.GATEWAY_PORT,
    close: () => closeWithin(app, config.COMMAND_TIMEOUT_MS + 2000, logger),
  });
  return { routes: app.routeTable };
}

function internalClients(config: Readonly<GatewayConfig>): InternalClients {
  // Every internal call carries a service token: the gateway's identity, for that callee only.
  const serviceTokens = new ServiceTokenSigner('gateway', config.SERVICE_TOKEN_PRIVATE_KEY);
  const internalClient = (url: string, audience: ServiceName) =>
    new InternalHttpClient(url, config.INTERNAL_HTTP_TIMEOUT_MS, serviceTokens.authorizationFor(audience));
  return {
    users: internalClient(config.USER_SERVICE_URL, 'user'),
    ledger: internalClient(config.LEDGER_SERVICE_URL, 'ledger'),
    history: internalClient(config.HISTORY_SERVICE_URL, 'history'),
    webhooks: internalClient(config.WEBHOOKS_SERVICE_URL, 'webhooks'),
    monitoring: internalClient(config.MONITORING_SERVICE_URL, 'monitoring'),
    ...(config.SANDBOX_WEBHOOKS_URL ? { sandboxWebhooks: internalClient(config.SANDBOX_WEBHOOKS_URL, 'webhooks') } : {}),
  };
}

/**
 * The sandbox's ledger and history (docs/decisions/0018-sandbox.md), which answer a test-mode
 * client's reads: the same service credential as the live ones', for the same services.
 */
function sandboxClientsOf(config: Readonly<GatewayConfig>): Pick<GatewayDeps, 'sandbox'> {
  const sandbox = sandboxConfigOf(config);
  if (!sandbox) return {};
  const serviceTokens = new ServiceTokenSigner('gateway', config.SERVICE_TOKEN_PRIVATE_KEY);
  const internalClient = (url: string, audience: ServiceName) =>
    new InternalHttpClient(url, config.INTERNAL_HTTP_TIMEOUT_MS, serviceTokens.authorizationFor(audience));
  return { sandbox: { ledger: internalClient(sandbox.ledgerUrl, 'ledger'), history: internalClient(sandbox.historyUrl, 'history') } };
}

type AuthCaches = ReturnType<typeof authCaches>;

/** What the gateway caches in Redis of the user service's answers, MAC'd, and what this instance knows of revocations. */
function authCaches(parts: FrameParts, config: Readonly<GatewayConfig>, users: InternalHttpClient) {
  const { redis, metrics, logger } = parts;
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
  return {
    cacheAuth,
    revocations,
    revocationCounters,
    tokenVersions: new TokenVersionStore(redis, users, config.TOKEN_VERSION_CACHE_TTL_S, logger, cacheAuth, revocations),
    platformClients: new PlatformClientStatus(redis, users, config.PLATFORM_CLIENT_CACHE_TTL_S, logger, cacheAuth, revocations),
    apiKeys: new ApiKeyVerifier(redis, users, config.API_KEY_CACHE_TTL_S, logger, cacheAuth, revocations),
    admissionStore: new RedisAdmissionStore(redis),
    /** Whether the user service says this user is deleted (USER_NOT_FOUND): what erasure acts on, not an event. */
    deleted: async (id: number) => {
      const internal = new InternalApi({ users });
      return internal.read('users.user', { id }).then(
        () => false,
        (err: unknown) => {
          if (err instanceof AppError && err.code === 'USER_NOT_FOUND') return true;
          throw err;
        },
      );
    },
  };
}

/** The token-version cache's consumer, shared by every instance, and this instance's reader of revocations. */
async function startUserEventConsumers(
  parts: FrameParts,
  config: Readonly<GatewayConfig>,
  caches: AuthCaches,
  instanceId: string,
): Promise<void> {
  const { kafka, logger, metrics, track, consume } = parts;
  const topics = topicNames(config.TOPIC_PREFIX);
  // One group shared by all gateway instances: the cache is shared Redis, so each event needs
  // writing once, and committed offsets mean no event is missed while the gateways restart.
  const userEvents = await consume('user events consumer', {
    groupId: `${config.TOPIC_PREFIX}gateway-token-versions`,
    topics: [topics.userEventsV2, topics.userEvents],
    schema: consumedUserEvent,
    tuning: offPathFetch(0, config.KAFKA_OFF_PATH_FETCH_WAIT_MS),
    handleBatch: erasingPhoneAnswers(caches.admissionStore, caches.deleted, caches.tokenVersions.handleUserEvents()),
  });
  await userEvents.ready;
  // And this instance's own reader of the same events, for its memory of revocations (the shared
  // group reaches one instance per event).
  track(
    'revocation consumer',
    await startRevocationConsumer({
      kafka,
      fetchWaitMs: config.KAFKA_OFF_PATH_FETCH_WAIT_MS,
      admin: parts.admin,
      topics: [topics.userEventsV2],
      instanceId,
      revocations: caches.revocations,
      windowMs: config.GATEWAY_REVOCATION_WINDOW_S * 1000,
      logger,
      dropped: () => caches.revocationCounters.eventsDropped.inc(),
      restarts: consumerRestartCounter(metrics),
      relaunchAfterMs: config.CONSUMER_RELAUNCH_AFTER_MS,
    }),
  );
}

/**
 * The revoked API keys and platform clients, from the user service's list; the revoked clients'
 * webhooks stopped (the operator CLI's revocations reach the webhooks service this way).
 */
async function startRevocationFeed(
  parts: FrameParts,
  config: Readonly<GatewayConfig>,
  clients: InternalClients,
  caches: AuthCaches,
): Promise<void> {
  const feedApi = new InternalApi(
    { users: clients.users, webhooks: clients.webhooks },
    clients.sandboxWebhooks ? { webhooks: clients.sandboxWebhooks } : undefined,
  );
  const revocationFeed = new RevocationFeed({
    // A held read's limit: the user service's hold, then the usual time for its answer.
    read: (known, waitMs, signal) =>
      feedApi.read('users.revocations', { ...known, waitMs }, undefined, { timeoutMs: waitMs + config.INTERNAL_HTTP_TIMEOUT_MS, signal }),
    stopWebhooks: async (clientIds) => {
      await feedApi.post('webhooks.revoked-clients', { clientIds });
      // A revoked test-mode client's sandbox endpoints stop too (docs/decisions/0018-sandbox.md).
      const testClients = clientIds.filter((id) => credentialModeOf('system', id) === 'test');
      if (clients.sandboxWebhooks && testClients.length > 0)
        await feedApi.in('test').post('webhooks.revoked-clients', { clientIds: testClients });
    },
    revocations: caches.revocations,
    waitMs: config.GATEWAY_REVOCATION_WAIT_MS,
    intervalMs: config.GATEWAY_REVOCATION_POLL_MS,
    logger: parts.logger,
    failed: () => caches.revocationCounters.feedFailures.inc(),
  });
  await revocationFeed.start();
  parts.runtime.onClose('revocation feed', () => revocationFeed.stop());
}

/**
 * The live balance streams: one relay shared by every instance reads coin.balances and carries the
 * changes of watched wallets over Redis to the instances whose streams watch them (docs/DESIGN.md
 * "Live balance"); it closes after the public API has ended them.
 */
async function startLiveBalance(
  parts: FrameParts,
  config: Readonly<GatewayConfig>,
  caches: AuthCaches,
  instanceId: string,
): Promise<LiveBalanceSettings> {
  const { redis, metrics } = parts;
  const topics = topicNames(config.TOPIC_PREFIX);
  const balanceMetrics = balanceStreamMetrics(metrics, () => fanout.connections);
  const holders = new StreamHolders((reason) => caches.revocationCounters.streamsEnded.inc({ reason }));
  const fanout = new BalanceFanout(
    { connectionsMax: config.GATEWAY_STREAMS_MAX, connectionsPerCallerMax: config.GATEWAY_STREAMS_PER_CALLER_MAX },
    { dropped: (reason) => balanceMetrics.dropped.inc({ reason }), delivered: (count) => balanceMetrics.delivered.inc(count) },
  );
  const balanceSubscriber = subscriberConnection(redis);
  await connectRedis(balanceSubscriber);
  const balanceRelay = new BalanceRelay({
    kafka: parts.kafka,
    relaunchAfterMs: config.CONSUMER_RELAUNCH_AFTER_MS,
    fetchWaitMs: config.KAFKA_OFF_PATH_FETCH_WAIT_MS,
    topics: [topics.coinBalances],
    groupId: `${config.TOPIC_PREFIX}gateway-balances`,
    redis,
    subscriber: balanceSubscriber,
    channelPrefix: gatewayRedisPrefix(config.TOPIC_PREFIX),
    seal: new RelaySeal(decodeCacheMacSecret(config.CACHE_MAC_SECRET)),
    instanceId,
    fanout,
    logger: parts.logger,
    counters: {
      relayed: () => balanceMetrics.relayed.inc({ outcome: 'published' }),
      publishFailed: () => balanceMetrics.relayed.inc({ outcome: 'failed' }),
      refused: (reason) => balanceMetrics.relayRefused.inc({ reason }),
    },
    restarts: consumerRestartCounter(metrics),
  });
  fanout.feedFrom(balanceRelay);
  await balanceRelay.start();
  const relayed = balanceRelay.consuming;
  parts.track('balance relay', {
    get consuming() {
      return relayed.consuming;
    },
    stop: () => balanceRelay.stop(),
  });
  fanout.startHeartbeats(config.GATEWAY_STREAM_HEARTBEAT_MS);
  return defaultLiveBalance(fanout, config.GATEWAY_STREAM_REPLAY_MAX, holders);
}

/**
 * The payout providers' callback secrets: issued ones read from the user service (sealed, opened
 * with CASHOUT_CALLBACK_ENCRYPTION_SECRET, cached briefly and MAC'd), else the deprecated
 * configured CASHOUT_CALLBACK_SECRET; and the box new ones are sealed with.
 */
function callbackSecretsOf(
  parts: FrameParts,
  config: Readonly<GatewayConfig>,
  users: InternalHttpClient,
  auth: CacheAuthenticator,
): Pick<GatewayDeps, 'callbackSecrets' | 'callbackSecretBox'> {
  const box = config.CASHOUT_CALLBACK_ENCRYPTION_SECRET ? new CallbackSecretBox(config.CASHOUT_CALLBACK_ENCRYPTION_SECRET) : null;
  const internal = new InternalApi({ users });
  const callbackSecrets = new ProviderCallbackSecrets({
    redis: parts.redis,
    auth,
    read: async (id, requestId) => (await internal.read('users.callback-secrets', { id }, requestId)).callbackSecrets,
    box,
    fallback: config.CASHOUT_CALLBACK_SECRET,
    overlapS: config.CASHOUT_CALLBACK_SECRET_OVERLAP_S,
    cacheTtlS: config.CASHOUT_CALLBACK_SECRET_CACHE_TTL_S,
    logger: parts.logger,
  });
  return { callbackSecrets, ...(box ? { callbackSecretBox: box } : {}) };
}

/** The public app's dependencies: the parts opened above, its limits from the configuration. */
function gatewayDeps(
  parts: FrameParts,
  config: Readonly<GatewayConfig>,
  own: {
    clients: InternalClients;
    caches: AuthCaches;
    replies: RequestReplyClient;
    sandboxReplies: RequestReplyClient | undefined;
    liveBalance: LiveBalanceSettings;
  },
): GatewayDeps {
  const { redis, metrics, logger } = parts;
  const { clients, caches } = own;
  const topics = topicNames(config.TOPIC_PREFIX);
  return {
    refusalAudit: refusalAuditOf(parts, config),
    logger,
    metrics,
    commands: new CommandBus(own.replies, topics, config.COMMAND_TIMEOUT_MS, undefined, sandboxBusOf(config, own.sandboxReplies)),
    tracing: parts.tracing,
    ...clients,
    ...sandboxClientsOf(config),
    auth: {
      jwksUrl: new URL('/.well-known/jwks.json', config.USER_SERVICE_URL).toString(),
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      platformClientActive: (clientId, requestId) => caches.platformClients.isActive(clientId, requestId),
      stepUpMaxAgeS: config.STEP_UP_MAX_AGE_S,
      sandbox: sandboxPartsOf(config),
    },
    bodyBytesMax: config.BODY_BYTES_MAX,
    linger: { bytesMax: config.GATEWAY_LINGER_BYTES_MAX, ms: config.GATEWAY_LINGER_MS },
    liveBalance: own.liveBalance,
    revocations: caches.revocations,
    accessLog: { sampleRate: config.GATEWAY_ACCESS_LOG_SAMPLE, slowMs: config.GATEWAY_ACCESS_LOG_SLOW_MS },
    passwordHashCost: passwordHashCostOf(config, logger),
    trustedProxies: config.GATEWAY_TRUSTED_PROXIES,
    ...callbackSecretsOf(parts, config, clients.users, caches.cacheAuth),
    redis,
    admissionStore: caches.admissionStore,
    commandAnswerMac: caches.cacheAuth.mac,
    idempotencyLockMs: config.COMMAND_TIMEOUT_MS + 1000,
    apiKeys: caches.apiKeys,
    tokenVersions: caches.tokenVersions,
    rateLimits: {
      loginPerIp: { max: config.RATE_LIMIT_LOGIN_PER_IP_MAX, windowMs: config.RATE_LIMIT_LOGIN_PER_IP_WINDOW_MS },
      registerPerIp: { max: config.RATE_LIMIT_REGISTER_PER_IP_MAX, windowMs: config.RATE_LIMIT_REGISTER_PER_IP_WINDOW_MS },
      credentialsPerIp: { max: config.RATE_LIMIT_CREDENTIALS_PER_IP_MAX, windowMs: config.RATE_LIMIT_CREDENTIALS_PER_IP_WINDOW_MS },
      writesPerCaller: { max: config.RATE_LIMIT_WRITES_PER_CALLER_MAX, windowMs: config.RATE_LIMIT_WRITES_PER_CALLER_WINDOW_MS },
      resendsPerClient: { max: config.RATE_LIMIT_RESENDS_PER_CLIENT_MAX, windowMs: config.RATE_LIMIT_RESENDS_PER_CLIENT_WINDOW_MS },
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
  };
}

/** 401/403 answers of guarded routes recorded in the admin audit log, within limits. */
function refusalAuditOf(parts: FrameParts, config: Readonly<GatewayConfig>): RefusalAudit {
  const refusalsDropped = refusalAuditDroppedCounter(parts.metrics);
  const topics = topicNames(config.TOPIC_PREFIX);
  return new RefusalAudit({
    limits: {
      perPrincipalMax: config.REFUSAL_AUDIT_PER_PRINCIPAL_MAX,
      windowMs: config.REFUSAL_AUDIT_WINDOW_MS,
      principalsMax: config.REFUSAL_AUDIT_PRINCIPALS_MAX,
    },
    inFlightMax: config.REFUSAL_AUDIT_IN_FLIGHT_MAX,
    send: (record) => sendRefusalRecord(parts.producer, topics.adminRefusals, record),
    dropped: (reason) => refusalsDropped.inc({ reason }),
    logger: parts.logger,
  });
}

/** The parts of the sandbox this gateway was given (plugins/sandbox.ts): the routes they serve admit test-mode clients. */
function sandboxPartsOf(config: Readonly<GatewayConfig>): ReadonlySet<SandboxPart> {
  return new Set<SandboxPart>([
    ...(config.SANDBOX_TOPIC_PREFIX !== undefined ? (['ledger'] as const) : []),
    ...(config.SANDBOX_WEBHOOKS_URL !== undefined ? (['webhooks'] as const) : []),
  ]);
}

/** Where the bus sends a test-mode client's commands, and the client that reads their answers; undefined without a sandbox. */
function sandboxBusOf(
  config: Readonly<GatewayConfig>,
  replies: RequestReplyClient | undefined,
): { ledgerCommands: string; client: RequestReplyClient } | undefined {
  const ledgerCommands = sandboxLedgerCommandsOf(config);
  return ledgerCommands !== undefined && replies ? { ledgerCommands, client: replies } : undefined;
}

/**
 * The reader of the sandbox's reply topic (SANDBOX_TOPIC_PREFIX's gateway.replies): the sandbox
 * ledger answers a test-mode client's command there, never on the live gateway.replies, so test
 * money's service writes no live topic (docs/decisions/0018-sandbox.md). A partition of its own,
 * leased like the live one's, under a consumer group of the gateway's (`gateway-replies-<id>-sandbox`).
 */
async function startSandboxReplies(parts: FrameParts, config: Readonly<GatewayConfig>, instanceId: string): Promise<RequestReplyClient> {
  const { kafka, producer, redis, metrics, logger, track } = parts;
  const topic = topicNames(config.SANDBOX_TOPIC_PREFIX ?? '').gatewayReplies;
  const lease = new ReplyPartitionLease({ redis, topic, holder: instanceId, logger });
  const replies = new RequestReplyClient(
    kafka,
    producer,
    topic,
    logger,
    `${instanceId}-sandbox`,
    metrics,
    lease,
    parts.tracing,
    config.KAFKA_REQUEST_PATH_FETCH_WAIT_MS,
    config.CONSUMER_RELAUNCH_AFTER_MS,
  );
  await replies.start();
  // Without it, every test-mode client's write times out.
  track('sandbox reply consumer', replies);
  return replies;
}

/** The sandbox ledger's commands topic (SANDBOX_TOPIC_PREFIX), or undefined when the gateway has no sandbox. */
function sandboxLedgerCommandsOf(config: Readonly<GatewayConfig>): string | undefined {
  return config.SANDBOX_TOPIC_PREFIX === undefined ? undefined : topicNames(config.SANDBOX_TOPIC_PREFIX).ledgerCommands;
}
