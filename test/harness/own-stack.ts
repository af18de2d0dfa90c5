import { createLogger, type Logger } from '@coin/logger';
import { loadGatewayConfig, startGatewayService, type RouteEntry } from '@coin/gateway';
import type { TestStack, TestStackOptions } from './stack';
import { loadHistoryConfig, startHistoryService } from '@coin/history';
import { loadLedgerConfig, startLedgerService, type LedgerServiceOptions } from '@coin/ledger';
import { loadUserConfig, startUserService } from '@coin/user';
import { loadMonitoringConfig, startMonitoringService } from '@coin/monitoring';
import { loadWebhooksConfig, startWebhooksService } from '@coin/webhooks';
import { serviceEnvs } from '../../scripts/stack/env';
import { generateAuditCheckpointKey, generateJwtKey, generateServiceKeys } from '../../scripts/stack/keys';
import { provision } from '../../scripts/stack/provision';
import { ledgerShardMap, migrateLedgerShards } from '../../scripts/stack/ledger-shards';
import { provisionSandbox, sandboxHistoryEnv, sandboxLedgerEnv, sandboxWebhooksEnv } from '../../scripts/stack/sandbox';
import { devRolePassword } from '../../scripts/stack/services';
import { defaultPartitions } from '@coin/contracts';
import { testInfra, testKafkaEnv, uniquePrefix } from './env';
import { removePrefixOnClose } from './prefix-removal';
import { freePorts, migrateInContainer, startServiceContainers, testImage } from './image-stack';
import { scaledBound } from './machine-speed';
import { scaledServiceWaits } from './service-waits';
import { startTcpProxy } from './tcp-proxy';
import { movableClock } from './movable-clock';
import { relaxedRateLimits } from './relaxed-limits';

/**
 * The services' waits on each other and on PostgreSQL in a test stack (./service-waits.ts): an
 * internal call gets 10 s times the run's machine-speed factor, not 3 s, and a command's reply the
 * same, not 5 s. All of a test stack's services share one process, beside three other test files
 * on two cores: there a healthy user service answered a login after 3 s times the factor (1.14,
 * measured on the quiet machine before the run), so the gateway answered 503 and a guide's
 * dev-seed failed on it (Schemathesis and the README tour had before); a command's reply is slowed
 * the same way, and its 504 fails a guide's curl just as a 503 does. A test of a timeout itself
 * passes its own value through extraEnv.
 */
function testBackingTimeouts(): Record<string, string> {
  return { ...scaledServiceWaits(10_000), COMMAND_TIMEOUT_MS: String(scaledBound(10_000)) };
}

/**
 * A stack of this caller's own: all four services in this process, on free ports, with their own
 * topics and schemas (removed when the stack closes). The same start functions as `npm start`
 * uses; only the ports and prefixes differ. With COIN_TEST_IMAGE set (`npm run image:test`), the
 * image's containers instead (./image-stack). Test files reach it through startTestStack
 * (./stack), which gives them the worker's shared stack unless they ask for their own.
 */
export async function startOwnStack(options: TestStackOptions = {}, lifetime: StackLifetime = 'file'): Promise<TestStack> {
  const stack = testImage() ? await startImageStack(options) : await startInProcessStack(options, lifetime);
  const closeServices = stack.close;
  // Assigned rather than spread: the image stack's gatewayRoutes is a getter that throws.
  stack.close = () => closeServices().finally(() => removePrefixOnClose(stack.prefix));
  return stack;
}

/**
 * How long a stack lives. A file's own stack is stopped with the file, hundreds of times a run,
 * and a consumer's stop waits for its fetch in flight: it holds idle fetches 500 ms
 * (testKafkaEnv). A worker's shared stack ends once, with its process, and idles between its files: it keeps
 * production's waits (3 s off the request path, 2 s on it), which cost a third of the idle CPU
 * (10 against 27 ms a second in the stack's process); a record answers a held fetch at once either way.
 */
export type StackLifetime = 'file' | 'worker';

async function startInProcessStack(options: TestStackOptions, lifetime: StackLifetime): Promise<TestStack> {
  const infra = testInfra();
  const prefix = uniquePrefix();
  const shardEnv = await provisionTestStack(infra, prefix, options.ledgerShards);
  const sandboxEnv = options.sandbox ? await provisionTestSandbox(infra, prefix) : {};
  const jwtKey = generateJwtKey(`test-${prefix}`);
  const userTarget = { host: '127.0.0.1', port: 0 };
  const userProxy = await startTcpProxy(userTarget, 'refuse');
  // Every request of a test comes from 127.0.0.1: production per-IP limits would throttle the
  // suite itself. Tests of the limits pass their own low values through extraEnv.
  const settings = testStackSettings(infra, prefix, jwtKey, userProxy.port, {
    ...relaxedRateLimits,
    ...testBackingTimeouts(),
    ...(lifetime === 'file' ? testKafkaEnv : {}),
    ...shardEnv,
    ...sandboxEnv,
    ...(options.extraEnv ?? {}),
  });
  const envs = serviceEnvs(settings);
  const output = lifetime === 'worker' ? mutableOutput() : undefined;
  const logger = (name: string) => createLogger(name, settings.logLevel as 'warn', output?.destination);
  const ledgerClock = options.ledgerClock ? movableClock() : undefined;
  const ledgerOptions = ledgerClock ? { now: ledgerClock.now } : {};
  // The user service reads the ledger (a deleted user's balance), so it starts after it, knowing the ledger's port.
  const [firstLedger, history, webhooks, monitoring] = await startBackEnds(envs, logger, ledgerOptions);
  let ledger = firstLedger;
  const sandbox = sandboxEnv.SANDBOX_TOPIC_PREFIX ? await startSandbox(settings, logger) : undefined;
  const userEnv = serviceEnvs({ ...settings, ports: { ...settings.ports, user: 0, ledger: portOf(ledger.url) } }).user;
  const user = await startUserService(loadUserConfig(userEnv), logger('user'));
  userTarget.port = portOf(user.url);
  userProxy.setMode('pass');
  const finalEnvs = serviceEnvs({ ...settings, ports: { gateway: 0, ...portsOf({ user, ledger, history, webhooks, monitoring }) } });
  finalEnvs.gateway = { ...finalEnvs.gateway, ...(sandbox?.gatewayEnv ?? {}), ...(options.gatewayEnv ?? {}) };
  const gateway = await startGatewayService(loadGatewayConfig(finalEnvs.gateway), logger('gateway'));
  return {
    gatewayUrl: gateway.url,
    metricsUrls: {
      gateway: gateway.metricsUrl,
      user: user.metricsUrl,
      ledger: ledger.metricsUrl,
      history: history.metricsUrl,
      webhooks: webhooks.metricsUrl,
      monitoring: monitoring.metricsUrl,
    },
    userUrl: user.url,
    ledgerUrl: ledger.url,
    historyUrl: history.url,
    webhooksUrl: webhooks.url,
    monitoringUrl: monitoring.url,
    prefix,
    ...infra,
    jwtKey,
    env: finalEnvs,
    gatewayRoutes: gateway.routes,
    whileLedgerStopped: async (during) => {
      await ledger.close();
      await during();
      const ports = { ...settings.ports, ledger: portOf(ledger.url) };
      const env = { ...serviceEnvs({ ...settings, ports }).ledger, METRICS_PORT: String(portOf(ledger.metricsUrl)) };
      ledger = await startLedgerService(loadLedgerConfig(env), logger('ledger'), ledgerOptions);
    },
    ...(ledgerClock ? { ledgerClock } : {}),
    close: async () => {
      if (output) return output.mute(); // a worker's stack: see mutableOutput
      await gateway.close();
      await Promise.all([user.close(), ledger.close(), history.close(), webhooks.close(), monitoring.close(), sandbox?.close()]);
      await userProxy.close();
    },
  };
}

/**
 * A worker's stack's services' logs: this process's stdout, until `mute`, which is all its close
 * does. It ends with its process (./shared-stack-main.ts exits once the close and the removal of its
 * topics and schemas are done): its services are not stopped one by one, each consumer waiting out
 * its fetch in flight (production's 3 s), which held every tier's end by 8 to 15 s, the machine all
 * but idle. Their logs stop first: they meet their topics and schemas removed under them.
 */
function mutableOutput(): { destination: { write(line: string): void }; mute(): void } {
  let open = true;
  return {
    destination: {
      write: (line) => {
        if (open) process.stdout.write(line);
      },
    },
    mute: () => {
      open = false;
    },
  };
}

/** The sandbox's topics and ledger schema (`<prefix>sandbox_`, as `npm start`'s), and the gateway's variable naming them. */
async function provisionTestSandbox(infra: ReturnType<typeof testInfra>, prefix: string): Promise<{ SANDBOX_TOPIC_PREFIX?: string }> {
  const sandboxPrefix = await provisionSandbox({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, livePrefix: prefix });
  return { SANDBOX_TOPIC_PREFIX: sandboxPrefix };
}

/** The sandbox's ledger: the same code, LEDGER_SPACE=test, its own topics and schema, the live user events and replies. */
function startSandboxLedger(settings: ReturnType<typeof testStackSettings>, logger: (name: string) => Logger) {
  // As the sandbox ledger's own role (provisionSandbox made it), with its development password.
  const sandboxEnv = sandboxLedgerEnv(serviceEnvs(settings).ledger, settings.topicPrefix, { http: 0, metrics: 0 }, (role) =>
    devRolePassword(settings.databaseUrl, role),
  );
  return startLedgerService(loadLedgerConfig(sandboxEnv), logger('sandbox-ledger'));
}

/**
 * The sandbox's ledger, history and webhooks, and what the gateway is told of them: a test-mode
 * client's commands, reads, webhooks and events are served there.
 */
async function startSandbox(settings: ReturnType<typeof testStackSettings>, logger: (name: string) => Logger) {
  const ledger = await startSandboxLedger(settings, logger);
  const history = await startSandboxHistory(settings, logger);
  const webhooks = await startSandboxWebhooks(settings, ledger.url, logger);
  return {
    gatewayEnv: { SANDBOX_LEDGER_URL: ledger.url, SANDBOX_HISTORY_URL: history.url, SANDBOX_WEBHOOKS_URL: webhooks.url },
    close: () => Promise.all([ledger.close(), history.close(), webhooks.close()]),
  };
}

/** The sandbox's history: the same code under the sandbox's prefix, projecting the sandbox ledger's transactions. */
function startSandboxHistory(settings: ReturnType<typeof testStackSettings>, logger: (name: string) => Logger) {
  const sandboxEnv = sandboxHistoryEnv(serviceEnvs(settings).history, settings.topicPrefix, { http: 0, metrics: 0 }, (role) =>
    devRolePassword(settings.databaseUrl, role),
  );
  return startHistoryService(loadHistoryConfig(sandboxEnv), logger('sandbox-history'));
}

/** The sandbox's webhooks instance: the same code, WEBHOOKS_SPACE=test, its own topics and schema, retries by the sandbox ledger's test clocks. */
function startSandboxWebhooks(settings: ReturnType<typeof testStackSettings>, sandboxLedgerUrl: string, logger: (name: string) => Logger) {
  const env = sandboxWebhooksEnv(serviceEnvs(settings).webhooks, settings.topicPrefix, { http: 0, metrics: 0 }, sandboxLedgerUrl, (role) =>
    devRolePassword(settings.databaseUrl, role),
  );
  return startWebhooksService(loadWebhooksConfig(env), logger('sandbox-webhooks'));
}

/** The ledger, history, webhooks and monitoring services, started together; the ledger with `ledgerOptions` (its clock). */
function startBackEnds(
  envs: ReturnType<typeof serviceEnvs>,
  logger: (name: string) => Logger,
  ledgerOptions: Partial<LedgerServiceOptions>,
) {
  return Promise.all([
    startLedgerService(loadLedgerConfig(envs.ledger), logger('ledger'), ledgerOptions),
    startHistoryService(loadHistoryConfig(envs.history), logger('history')),
    // The gateway's webhook and balance-monitor routes call it.
    startWebhooksService(loadWebhooksConfig(envs.webhooks), logger('webhooks')),
    // The gateway's monitoring case routes call it.
    startMonitoringService(loadMonitoringConfig(envs.monitoring), logger('monitoring')),
  ]);
}

/** Topics and schemas under the run's prefix, and the second ledger shard's when asked for; the ledger's shard map then. */
async function provisionTestStack(
  infra: ReturnType<typeof testInfra>,
  prefix: string,
  ledgerShards: 2 | undefined,
): Promise<Record<string, string>> {
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
  const shardAdminUrls = ledgerShards ? [infra.databaseUrl, infra.shardDatabaseUrl] : [];
  await migrateLedgerShards({ shardAdminUrls: shardAdminUrls.slice(1), schemaPrefix: prefix });
  return shardAdminUrls.length > 1
    ? { LEDGER_SHARDS_DATABASE_URL: ledgerShardMap(shardAdminUrls, defaultPartitions['ledger.commands']) }
    : {};
}

/** What serviceEnvs builds every service's environment from in this stack. */
function testStackSettings(
  infra: ReturnType<typeof testInfra>,
  prefix: string,
  jwtKey: ReturnType<typeof generateJwtKey>,
  userProxyPort: number,
  extra: Record<string, string>,
) {
  return {
    ...infra,
    topicPrefix: prefix,
    schemaPrefix: prefix,
    jwtKey,
    serviceKeys: generateServiceKeys(),
    // One key for every serviceEnvs call of startTestStack: env.history names the key the service signs with.
    auditCheckpointKey: generateAuditCheckpointKey(),
    logLevel: process.env.COIN_TEST_LOG_LEVEL ?? 'warn',
    // The ledger, started before the user service, asks it whether a user is deleted: through a
    // proxy that exists first and refuses until the user service is up (the ledger retries).
    ports: { gateway: 0, user: userProxyPort, ledger: 0, history: 0, webhooks: 0, monitoring: 0 },
    extra,
  };
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** The ports the back-end services listen on. */
function portsOf<K extends string>(services: Record<K, { url: string }>): Record<K, number> {
  return Object.fromEntries(Object.entries<{ url: string }>(services).map(([name, service]) => [name, portOf(service.url)])) as Record<
    K,
    number
  >;
}

/**
 * The same stack from the built image: `migrate` and the four services as containers with this
 * file's prefix and environment. `gatewayRoutes` needs the gateway's in-process route table, so
 * a test that reads it fails here instead of passing over an empty list.
 */
async function startImageStack(options: TestStackOptions): Promise<TestStack> {
  if (options.ledgerClock)
    throw new Error(
      'the image stack runs the ledger in a container, out of reach of a clock the test moves; run this test without COIN_TEST_IMAGE',
    );
  if (options.ledgerShards) throw new Error('the image stack runs one ledger shard; run this test without COIN_TEST_IMAGE');
  if (options.sandbox) throw new Error('the image stack runs no sandbox ledger; run this test without COIN_TEST_IMAGE');
  const infra = testInfra();
  const prefix = uniquePrefix();
  const jwtKey = generateJwtKey(`test-${prefix}`);
  const { ports, metricsPorts } = await freePorts();
  const envs = serviceEnvs({
    ...infra,
    topicPrefix: prefix,
    schemaPrefix: prefix,
    jwtKey,
    serviceKeys: generateServiceKeys(),
    logLevel: process.env.COIN_TEST_LOG_LEVEL ?? 'warn',
    ports,
    metricsPorts,
    extra: { ...relaxedRateLimits, ...testBackingTimeouts(), ...testKafkaEnv, ...(options.extraEnv ?? {}) },
  });
  await migrateInContainer({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    TOPIC_PREFIX: prefix,
    DB_SCHEMA_PREFIX: prefix,
    DATABASE_URL: infra.databaseUrl,
  });
  envs.gateway = { ...envs.gateway, ...(options.gatewayEnv ?? {}) };
  const containers = await startServiceContainers(prefix, ports, metricsPorts, envs);
  return {
    gatewayUrl: containers.urls.gateway,
    metricsUrls: containers.metricsUrls,
    userUrl: containers.urls.user,
    ledgerUrl: containers.urls.ledger,
    historyUrl: containers.urls.history,
    webhooksUrl: containers.urls.webhooks,
    monitoringUrl: containers.urls.monitoring,
    prefix,
    ...infra,
    jwtKey,
    env: envs,
    whileLedgerStopped: () => {
      throw new Error('whileLedgerStopped: the ledger runs in a container (COIN_TEST_IMAGE); run this test without it');
    },
    get gatewayRoutes(): RouteEntry[] {
      throw new Error('gatewayRoutes: the gateway runs in a container (COIN_TEST_IMAGE); its route table is not available to the test');
    },
    close: containers.close,
  };
}
