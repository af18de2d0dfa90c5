import { type KafkaConnectionConfig, kafkaSecurityOf } from '@coin/config';
import {
  type DatabaseWatch,
  OutboxRelay,
  type OutboxRow,
  openServiceDatabase,
  outboxTable,
  type Pool,
  type SetAsideMessage,
  TableWatch,
} from '@coin/db';
import {
  type App,
  buildInternalApp,
  buildOperationalApp,
  createMetricsRegistry,
  type InternalRouteCallers,
  NotReadyError,
  type ReadinessCheck,
  type RunningService,
  type ServiceName,
  type ServicePublicKeys,
  type ServiceRuntime,
  startService,
} from '@coin/http';
import {
  type BatchingProducerOptions,
  type ConsumerOptions,
  consumersReadiness,
  openServiceKafka,
  outboxPublisher,
  type ProgressWatchSettings,
  type RunningConsumer,
  type ServiceKafkaClients,
  type StalledPartition,
  startConsumer,
} from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { connectRedis, createRedis, disconnectForGood, onOutages, type Redis } from '@coin/redis';
import { startTracing, type Tracing, type TracingConfig } from '@coin/telemetry';
import type { Registry } from 'prom-client';

/**
 * The service kit (docs/DESIGN.md "Map of the code"): the frame every service shares, opened in
 * one order and closed in the reverse one (ServiceRuntime). A service names only what is its own:
 * which optional parts its frame has (databases, Redis, an internal API) and its consumers,
 * routes, workers and apps, opened in `open` with the parts the frame hands it.
 *
 * Order: tracing, the databases (a pool and its watch each), Kafka (producer and admin), Redis,
 * the metrics registry, the operational app (/healthz, /readyz: postgres, kafka, redis, consumers
 * and the service's own checks, /metrics) and the internal app; then the service's own parts;
 * then the operational port, the internal API and the apps the service serves listen. Anything
 * that throws on the way closes what opened.
 */
export interface FrameConfig extends TracingConfig, KafkaConnectionConfig {
  HOST: string;
  METRICS_PORT: number;
  /** How long /readyz waits for each check (the operational app's default without it). */
  READINESS_CHECK_TIMEOUT_MS?: number;
  /** How long PostgreSQL may stay away before `onDatabaseLost`: a frame with a database needs it. */
  DB_OUTAGE_GRACE_MS?: number;
  /** How long opening a PostgreSQL connection may take (the pool's default without it). */
  DB_CONNECT_TIMEOUT_MS?: number;
  /** The keys service tokens are checked against: a frame with an internal API needs them. */
  SERVICE_TOKEN_PUBLIC_KEYS?: ServicePublicKeys;
  /** How long a partition of a consumer may stand still while records wait before /readyz fails (the watch's default without it). */
  CONSUMER_STALL_AFTER_MS?: number;
  /** How often each consumer's committed offsets are read (the watch's default without it). */
  CONSUMER_STALL_CHECK_INTERVAL_MS?: number;
  /** When a consumer that does no work is replaced by a new one (the supervisor's default without it). */
  CONSUMER_RELAUNCH_AFTER_MS?: number;
}

/** One PostgreSQL database of the service: a pool (and its watch) on `url`, in `schema`. */
export interface FrameDatabase {
  url: string;
  schema: string;
  /** PostgreSQL application name (default the client id). */
  applicationName?: string;
  /** The pool's size (default @coin/db's). */
  connectionsMax?: number;
}

/** Redis, for a service that keeps shared state there. */
export interface FrameRedis {
  url: string;
  keyPrefix: string;
  commandTimeoutMs: number;
  /** What an outage means for the service, logged once when Redis becomes unreachable. */
  outage: string;
  /** Whether the service stays in rotation without Redis (/readyz reports it degraded). */
  degradable?: boolean;
}

export interface ServiceFrame {
  /** The service's name: its metrics registry and the audience of its internal API. */
  name: ServiceName;
  config: Readonly<FrameConfig>;
  /** Kafka client id and PostgreSQL application name (default `<name>-service`). */
  clientId?: string;
  /**
   * Its databases, in order (none: the service has no database of its own). The first is the
   * home one, `pool` and `database` of the parts; /readyz's `postgres` is up when all are.
   */
  databases?: readonly FrameDatabase[];
  redis?: FrameRedis;
  /** The internal API: its port and which caller may call which route (none: the service serves its own apps). */
  internalApi?: { port: number; routes: InternalRouteCallers; open?: readonly string[] };
  /** The producer's options (audit signing of the topics it writes records to). */
  producer?: BatchingProducerOptions;
  /** Called when a database stays away longer than DB_OUTAGE_GRACE_MS (main.ts: exit). */
  onDatabaseLost?: (() => void) | undefined;
}

/** What a service's start takes besides its configuration and logger. */
export interface ServiceOptions {
  /** Called when PostgreSQL stays away longer than DB_OUTAGE_GRACE_MS (main.ts: exit). */
  onDatabaseLost?: () => void;
}

/** A consumer as /readyz and the close see it: whether it consumes, its stalled partitions, and its stop. */
export interface TrackedConsumer {
  readonly consuming: boolean;
  /** Its partitions whose committed offset stands still while records wait (a consumer without a progress watch: none). */
  stalled?: () => StalledPartition[];
  stop(): Promise<void>;
}

/** What a consumer's options take from the frame. */
type FrameConsumerOptions = 'kafka' | 'producer' | 'logger' | 'metrics' | 'progress';
/** The schema of a consumer's messages (a zod schema, as startConsumer takes it). */
type ConsumerSchema = Parameters<typeof startConsumer>[0]['schema'];

/** An app the service serves beside the internal API (the gateway's public API). */
export interface ServedApp {
  port: number;
  /** How it closes (default `app.close()`): a public API lets the requests in flight finish. */
  close?: () => Promise<void>;
}

/** What the frame opened, handed to the service's own parts. */
export interface FrameParts extends ServiceKafkaClients {
  runtime: ServiceRuntime;
  logger: Logger;
  tracing: Tracing;
  /** The home database's pool and watch (a frame without databases has none: reading them throws). */
  readonly pool: Pool;
  readonly database: DatabaseWatch;
  /**
   * The home database's notifications of committed writes (one listening connection, opened on
   * the first `follow`, closed with the service): what wakes a worker instead of a timer.
   */
  readonly tableWatch: TableWatch;
  /** Every database's pool and watch, in the frame's order. */
  pools: readonly Pool[];
  databases: readonly DatabaseWatch[];
  /** Redis, connected (a frame without it has none: reading it throws). */
  readonly redis: Redis;
  metrics: Registry;
  /** The internal API, its routes registered by the service (a frame without it has none: reading it throws). */
  readonly app: App;
  /** Adds a consumer: /readyz is down while it is not consuming or a partition of it stalls, and it stops when the service closes. */
  track<C extends TrackedConsumer>(name: string, consumer: C): C;
  /**
   * Starts a consumer on the frame's Kafka client, with its producer (dead letters, replies), logger
   * and metrics, its progress watched with the frame's admin (CONSUMER_STALL_AFTER_MS,
   * CONSUMER_STALL_CHECK_INTERVAL_MS), and tracks it. Its `ready` is the caller's to await
   * (consumers may join side by side).
   */
  consume<S extends ConsumerSchema>(name: string, options: Omit<ConsumerOptions<S>, FrameConsumerOptions>): Promise<RunningConsumer>;
  /** Adds a check to /readyz (a dependency of the service's own). */
  ready(name: string, check: ReadinessCheck): void;
  /**
   * Starts the relay of the home database's outbox (docs/DESIGN.md "Messaging"): each row is sent
   * through the frame's producer; each commit that writes the table wakes a sweep once the rows
   * are past the grace period (`tableWatch`; the table's migration NOTIFYs), which takes what no
   * writer sent itself and what a crash left unsent (a failed sweep is a warning and is tried
   * again); a sweep every 30 s backs a lost notification up; its backlog is a gauge of the
   * frame's metrics, and it stops when the service closes.
   * `readdress` changes each row before it is sent (the user service's rows of a retired topic).
   */
  relayOutbox(options?: { readdress?: (row: OutboxRow) => OutboxRow }): OutboxRelay<OutboxRow>;
  /** Every check /readyz runs, the service's own included (for a route that reports them too). */
  readonly readiness: Readonly<Record<string, ReadinessCheck>>;
  /**
   * Serves `app` on its port once the operational port and the internal API listen, in the order
   * served, each closed before what opened earlier. Without an internal API the first one served
   * is the service's `url`.
   */
  serve(name: string, app: App, options: ServedApp): void;
}

/** The service's own addresses and handles, beside the frame's `url` and `metricsUrl`. */
export type OwnParts = Record<string, unknown>;

export async function startFramedService<T extends OwnParts>(
  logger: Logger,
  frame: ServiceFrame,
  open: (parts: FrameParts) => Promise<T>,
): Promise<RunningService & T> {
  return startService(logger, (runtime) => openFrame(runtime, logger, frame, open));
}

/** What a service's own parts are opened with besides the frame's parts. */
export interface ServiceContext<C, O extends ServiceOptions = ServiceOptions, P = undefined> {
  config: Readonly<C>;
  /** What `prepare` made before anything opened. */
  prepared: P;
  options: Partial<O>;
}

/** A service as the kit starts it: its frame and its own parts, from its configuration. */
export interface ServiceDefinition<C extends FrameConfig, O extends ServiceOptions, P, T extends OwnParts> {
  /**
   * What the frame and the service's parts share (a key, a signer), made from the configuration
   * before anything opens: a configuration error throws here, and nothing has opened.
   */
  prepare?: (config: Readonly<C>) => P;
  /** The frame: its name, databases, Redis, internal API and producer options. */
  frame: (config: Readonly<C>, prepared: P) => Omit<ServiceFrame, 'config' | 'onDatabaseLost'>;
  /** The service's own parts, opened in the frame; what it returns joins the service's addresses. */
  open: (parts: FrameParts, context: ServiceContext<C, O, P>) => Promise<T>;
}

/**
 * A service's start, `(config, logger, options)`: prepares, opens the frame the definition names
 * (`options.onDatabaseLost` its database watch's), then the service's own parts. Every service's
 * `service.ts` is one of these.
 */
export function defineService<C extends FrameConfig, O extends ServiceOptions, P, T extends OwnParts>(
  definition: ServiceDefinition<C, O, P, T>,
): (config: Readonly<C>, logger: Logger, options?: Partial<O>) => Promise<RunningService & T> {
  return async (config, logger, options = {}) => {
    const prepared = definition.prepare ? definition.prepare(config) : (undefined as P);
    return startFramedService(logger, { ...definition.frame(config, prepared), config, onDatabaseLost: options.onDatabaseLost }, (parts) =>
      definition.open(parts, { config, prepared, options }),
    );
  };
}

async function openFrame<T extends OwnParts>(
  runtime: ServiceRuntime,
  logger: Logger,
  frame: ServiceFrame,
  open: (parts: FrameParts) => Promise<T>,
): Promise<Omit<RunningService, 'close'> & T> {
  const { config } = frame;
  const clientId = frame.clientId ?? `${frame.name}-service`;
  // Before anything opens: a SASL protocol without credentials is a configuration error, and so is
  // a part of the frame without the settings it needs.
  const security = kafkaSecurityOf(config);
  const { graceMs, publicKeys } = frameSettings(frame);
  const tracing = startTracing(config);
  runtime.onClose('tracing', () => tracing.shutdown());
  const databases = openDatabases(runtime, logger, frame, { clientId, graceMs });
  // Before Kafka: the producer counts the answers the broker refused in it.
  const metrics = createMetricsRegistry(frame.name);
  const clients = await openServiceKafka(runtime, {
    brokers: config.KAFKA_BROKERS,
    security,
    clientId,
    logger,
    producer: { ...frame.producer, metrics },
  });
  const redis = frame.redis ? await openRedis(runtime, logger, frame.redis) : undefined;
  const app = internalAppOf(logger, frame, metrics, publicKeys);
  const progress = progressSettingsOf(config, clients.admin);
  const { parts, readiness, served } = partsOf(runtime, { ...clients, logger, tracing, databases, redis, metrics, app, progress });
  const operational = buildOperationalApp({
    logger,
    metrics,
    readiness,
    ...(frame.redis?.degradable ? { degradable: ['redis'] } : {}),
    started: () => runtime.isReady(),
    ...(config.READINESS_CHECK_TIMEOUT_MS !== undefined ? { checkTimeoutMs: config.READINESS_CHECK_TIMEOUT_MS } : {}),
  });
  const own = await open(parts);
  const metricsUrl = await operational.listen({ host: config.HOST, port: config.METRICS_PORT });
  runtime.onClose('operational port', () => operational.close());
  const urls = await listenAll(runtime, config.HOST, [
    ...(app && frame.internalApi ? [{ name: 'internal API', app, options: { port: frame.internalApi.port } }] : []),
    ...served,
  ]);
  return { ...own, url: present(urls[0], 'an API to serve (an internal API or an app it serves)'), metricsUrl };
}

interface Opened extends ServiceKafkaClients {
  logger: Logger;
  tracing: Tracing;
  databases: readonly { pool: Pool; watch: DatabaseWatch; schema: string }[];
  redis: Redis | undefined;
  metrics: Registry;
  app: App | undefined;
  /** How every consumer's progress is watched (ConsumerOptions `progress`). */
  progress: ProgressWatchSettings;
}

/** The consumers' progress watch settings, from the frame's configuration, read with the frame's admin. */
function progressSettingsOf(config: Readonly<FrameConfig>, admin: ServiceKafkaClients['admin']): ProgressWatchSettings {
  return {
    admin,
    ...(config.CONSUMER_STALL_AFTER_MS !== undefined ? { stallAfterMs: config.CONSUMER_STALL_AFTER_MS } : {}),
    ...(config.CONSUMER_STALL_CHECK_INTERVAL_MS !== undefined ? { checkIntervalMs: config.CONSUMER_STALL_CHECK_INTERVAL_MS } : {}),
    ...(config.CONSUMER_RELAUNCH_AFTER_MS !== undefined ? { relaunchAfterMs: config.CONSUMER_RELAUNCH_AFTER_MS } : {}),
  };
}

/**
 * The parts handed to the service: what opened, and the registers of its consumers, its own
 * readiness checks and the apps it serves (read by /readyz and the listens).
 */
function partsOf(
  runtime: ServiceRuntime,
  opened: Opened,
): { parts: FrameParts; readiness: Record<string, ReadinessCheck>; served: { name: string; app: App; options: ServedApp }[] } {
  const { databases, redis, app } = opened;
  const consumers: TrackedConsumer[] = [];
  const readiness: Record<string, ReadinessCheck> = {
    ...(databases.length > 0 ? { postgres: async () => void (await Promise.all(databases.map(({ watch }) => watch.readiness()))) } : {}),
    kafka: async () => void (await opened.admin.describeCluster()),
    ...(redis ? { redis: async () => void (await redis.ping()) } : {}),
    consumers: explained(consumersReadiness(consumers)),
  };
  const served: { name: string; app: App; options: ServedApp }[] = [];
  const track = <C extends TrackedConsumer>(name: string, consumer: C): C => {
    runtime.onClose(name, () => consumer.stop());
    consumers.push(consumer);
    return consumer;
  };
  const tableWatch = lazyTableWatch(runtime, opened);
  const parts: FrameParts = {
    ...opened,
    runtime,
    get tableWatch() {
      return tableWatch();
    },
    get pool() {
      return present(databases[0], 'a database').pool;
    },
    get database() {
      return present(databases[0], 'a database').watch;
    },
    pools: databases.map(({ pool }) => pool),
    databases: databases.map(({ watch }) => watch),
    get redis() {
      return present(redis, 'Redis');
    },
    get app() {
      return present(app, 'an internal API');
    },
    readiness,
    track,
    async consume(name, options) {
      const { kafka, producer, logger, metrics, progress } = opened;
      return track(name, await startConsumer({ ...options, kafka, producer, logger, metrics, progress }));
    },
    ready(name, check) {
      // own-key: names of the service's own checks, set at start
      readiness[name] = check;
    },
    relayOutbox(options = {}) {
      return startOutboxRelay(runtime, opened, tableWatch(), options.readdress);
    },
    serve(name, servedApp, options) {
      served.push({ name, app: servedApp, options });
    },
  };
  return { parts, readiness, served };
}

/**
 * A check whose failures /readyz shows as they are (NotReadyError): the consumers' say how many
 * are down and which partitions stall, nothing secret.
 */
function explained(check: ReadinessCheck): ReadinessCheck {
  return async () => {
    try {
      await check();
    } catch (err) {
      throw new NotReadyError(err instanceof Error ? err.message : String(err));
    }
  };
}

/** The home database's TableWatch, made on first use and stopped with the service. */
function lazyTableWatch(runtime: ServiceRuntime, opened: Opened): () => TableWatch {
  let watch: TableWatch | undefined;
  return () => {
    if (!watch) {
      const home = present(opened.databases[0], 'a database');
      const made = new TableWatch({
        pool: home.pool,
        schema: home.schema,
        onError: (err) => opened.logger.warn({ err }, 'table watch: the listening connection failed; reconnecting'),
      });
      runtime.onClose('table watch', () => made.stop());
      watch = made;
    }
    return watch;
  };
}

/**
 * How often a relay woken by its table's notifications sweeps anyway: a notification is lost only
 * with the listening connection, whose reconnect wakes the relay, so this is a second net.
 */
const outboxBackstopSweepMs = 30_000;

/** The home database's outbox relay (FrameParts.relayOutbox), woken by the table's commits. */
function startOutboxRelay(
  runtime: ServiceRuntime,
  opened: Opened,
  tableWatch: TableWatch,
  readdress: ((row: OutboxRow) => OutboxRow) | undefined,
): OutboxRelay<OutboxRow> {
  const send = outboxPublisher(opened.producer);
  const relay = new OutboxRelay({
    store: outboxTable(present(opened.databases[0], 'a database').pool),
    metrics: opened.metrics,
    publish: readdress ? (rows) => send(rows.map(readdress)) : send,
    onError: (err) => opened.logger.warn({ err }, 'outbox sweep failed'),
    onSetAside: (messages) => logSetAside(opened.logger, messages),
    // Woken by each commit that writes the table; the timer only backs a lost notification up.
    sweepIntervalMs: outboxBackstopSweepMs,
  });
  relay.start();
  runtime.onClose('outbox relay', () => relay.stop());
  tableWatch
    .follow('outbox', () => relay.wake())
    .catch((err: unknown) => opened.logger.error({ err }, 'outbox relay: not woken by commits'));
  return relay;
}

/**
 * Messages of the outbox the broker refused for good, set aside (outbox_set_aside): each logged once,
 * by where it is and why, never its content (docs/OPERATIONS.md "Outbox messages set aside").
 */
export function logSetAside(logger: Logger, messages: readonly SetAsideMessage[]): void {
  for (const { rowId, index, topic, bytes, reason } of messages)
    logger.error(
      { outboxId: rowId, messageIndex: index, topic, bytes, reason },
      'outbox message set aside: the broker refused it for good',
    );
}

/** The settings the frame's optional parts need: the outage grace of its databases, the keys of its internal API. */
function frameSettings(frame: ServiceFrame): { graceMs: number; publicKeys: ServicePublicKeys } {
  const { DB_OUTAGE_GRACE_MS: graceMs, SERVICE_TOKEN_PUBLIC_KEYS: publicKeys } = frame.config;
  if ((frame.databases ?? []).length > 0 && graceMs === undefined) {
    throw new Error(`${frame.name}: a frame with a database needs DB_OUTAGE_GRACE_MS`);
  }
  if (frame.internalApi && publicKeys === undefined) {
    throw new Error(`${frame.name}: a frame with an internal API needs SERVICE_TOKEN_PUBLIC_KEYS`);
  }
  // Neither is read by a frame without the part that needs it.
  return { graceMs: graceMs ?? 0, publicKeys: publicKeys ?? {} };
}

/** One pool and watch per database of the frame, each closed (watch, then pool) in the reverse order. */
function openDatabases(
  runtime: ServiceRuntime,
  logger: Logger,
  frame: ServiceFrame,
  settings: { clientId: string; graceMs: number },
): { pool: Pool; watch: DatabaseWatch; schema: string }[] {
  const { clientId, graceMs } = settings;
  return (frame.databases ?? []).map((spec) => ({
    schema: spec.schema,
    ...openServiceDatabase(
      {
        url: spec.url,
        schema: spec.schema,
        applicationName: spec.applicationName ?? clientId,
        ...(spec.connectionsMax !== undefined ? { connectionsMax: spec.connectionsMax } : {}),
        ...(frame.config.DB_CONNECT_TIMEOUT_MS !== undefined ? { connectTimeoutMs: frame.config.DB_CONNECT_TIMEOUT_MS } : {}),
        graceMs,
        log: logger,
        ...(frame.onDatabaseLost ? { onGraceExceeded: frame.onDatabaseLost } : {}),
      },
      runtime,
    ),
  }));
}

/**
 * Redis, connected (one late first answer is waited out: connectRedis), closed by its disconnect;
 * an outage logged once, with what it means for the service.
 */
async function openRedis(runtime: ServiceRuntime, logger: Logger, spec: FrameRedis): Promise<Redis> {
  const redis = createRedis(spec.url, spec.keyPrefix, { commandTimeoutMs: spec.commandTimeoutMs });
  logRedisOutages(redis, logger, spec.outage);
  await connectRedis(redis);
  runtime.onClose('redis', () => disconnectForGood(redis));
  return redis;
}

/**
 * One line when Redis becomes unreachable and one when it is back, instead of a line per
 * reconnection attempt (about every second) or ioredis's own console output. /readyz shows
 * `redis: down` meanwhile.
 */
function logRedisOutages(redis: Redis, logger: Logger, outage: string): void {
  onOutages(redis, {
    down: (err) => logger.error({ err }, `Redis unreachable: ${outage}`),
    back: () => logger.info('Redis reachable again'),
  });
}

/** The internal API with its service-token auth, when the frame has one. */
function internalAppOf(logger: Logger, frame: ServiceFrame, metrics: Registry, publicKeys: ServicePublicKeys): App | undefined {
  if (!frame.internalApi) return undefined;
  return buildInternalApp({
    logger,
    metrics,
    serviceAuth: {
      audience: frame.name,
      publicKeys,
      routes: frame.internalApi.routes,
      ...(frame.internalApi.open ? { open: frame.internalApi.open } : {}),
    },
  });
}

/** Each app listens in turn, its close registered as it does; their addresses in the same order. */
async function listenAll(
  runtime: ServiceRuntime,
  host: string,
  apps: readonly { name: string; app: App; options: ServedApp }[],
): Promise<string[]> {
  const urls: string[] = [];
  for (const { name, app, options } of apps) {
    urls.push(await app.listen({ host, port: options.port }));
    runtime.onClose(name, options.close ?? (() => app.close()));
  }
  return urls;
}

function present<V>(value: V | undefined, what: string): V {
  if (value === undefined) throw new Error(`this service's frame has no ${what}`);
  return value;
}
