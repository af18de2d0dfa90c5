import { type KafkaConnectionConfig, kafkaSecurityOf } from '@coin/config';
import { type DatabaseWatch, openServiceDatabase, type Pool } from '@coin/db';
import {
  type App,
  buildInternalApp,
  buildOperationalApp,
  createMetricsRegistry,
  type InternalRouteCallers,
  type ReadinessCheck,
  type RunningService,
  type ServiceName,
  type ServicePublicKeys,
  type ServiceRuntime,
  startService,
} from '@coin/http';
import {
  type BatchingProducerOptions,
  consumersReadiness,
  openServiceKafka,
  type RunningConsumer,
  type ServiceKafkaClients,
} from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { startTracing, type Tracing, type TracingConfig } from '@coin/telemetry';
import type { Registry } from 'prom-client';

/**
 * The service kit (docs/DESIGN.md "Map of the code"): the frame every service with a database,
 * Kafka and an internal API shares, opened in one order and closed in the reverse one
 * (ServiceRuntime). A service names only what is its own: its consumers, routes and workers,
 * opened in `open` with the parts the frame hands it.
 *
 * Order: tracing, the database (pool and watch), Kafka (producer and admin), the metrics
 * registry, the operational app (/healthz, /readyz: postgres, kafka, consumers and the
 * service's own checks, /metrics) and the internal app; then the service's own parts; then the
 * operational port and the API port listen. Anything that throws on the way closes what opened.
 */
export interface FrameConfig extends TracingConfig, KafkaConnectionConfig {
  HOST: string;
  METRICS_PORT: number;
  DB_OUTAGE_GRACE_MS: number;
  SERVICE_TOKEN_PUBLIC_KEYS: ServicePublicKeys;
}

export interface ServiceFrame {
  /** The service's name: its metrics registry and the audience of its internal API. */
  name: ServiceName;
  config: Readonly<FrameConfig>;
  /** Kafka client id and PostgreSQL application name (`<name>-service`). */
  clientId: string;
  database: { url: string; schema: string };
  /** The internal API: its port and which caller may call which route. */
  internalApi: { port: number; routes: InternalRouteCallers; open?: readonly string[] };
  /** The producer's options (audit signing of the topics it writes records to). */
  producer?: BatchingProducerOptions;
  /** Called when PostgreSQL stays away longer than DB_OUTAGE_GRACE_MS (main.ts: exit). */
  onDatabaseLost?: (() => void) | undefined;
}

/** What the frame opened, handed to the service's own parts. */
export interface FrameParts extends ServiceKafkaClients {
  runtime: ServiceRuntime;
  logger: Logger;
  tracing: Tracing;
  pool: Pool;
  database: DatabaseWatch;
  metrics: Registry;
  /** The internal API, its routes registered by the service. */
  app: App;
  /** Adds a consumer: /readyz is down while it is not consuming, and it stops when the service closes. */
  track(name: string, consumer: RunningConsumer): RunningConsumer;
  /** Adds a check to /readyz (a dependency of the service's own). */
  ready(name: string, check: ReadinessCheck): void;
  /** Every check /readyz runs, the service's own included (for a route that reports them too). */
  readonly readiness: Readonly<Record<string, ReadinessCheck>>;
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

async function openFrame<T extends OwnParts>(
  runtime: ServiceRuntime,
  logger: Logger,
  frame: ServiceFrame,
  open: (parts: FrameParts) => Promise<T>,
): Promise<Omit<RunningService, 'close'> & T> {
  const { config } = frame;
  // Before anything opens: a SASL protocol without credentials is a configuration error.
  const security = kafkaSecurityOf(config);
  const tracing = startTracing(config);
  runtime.onClose('tracing', () => tracing.shutdown());
  const { pool, watch: database } = openServiceDatabase(
    {
      url: frame.database.url,
      schema: frame.database.schema,
      applicationName: frame.clientId,
      graceMs: config.DB_OUTAGE_GRACE_MS,
      log: logger,
      ...(frame.onDatabaseLost ? { onGraceExceeded: frame.onDatabaseLost } : {}),
    },
    runtime,
  );
  const clients = await openServiceKafka(runtime, {
    brokers: config.KAFKA_BROKERS,
    security,
    clientId: frame.clientId,
    logger,
    ...(frame.producer ? { producer: frame.producer } : {}),
  });
  const metrics = createMetricsRegistry(frame.name);
  const consumers: RunningConsumer[] = [];
  const readiness: Record<string, ReadinessCheck> = {
    postgres: database.readiness,
    kafka: async () => void (await clients.admin.describeCluster()),
    consumers: consumersReadiness(consumers),
  };
  const { operational, app } = frameApps(runtime, logger, frame, metrics, readiness);
  const own = await open({
    ...clients,
    runtime,
    logger,
    tracing,
    pool,
    database,
    metrics,
    app,
    readiness,
    track(name, consumer) {
      runtime.onClose(name, () => consumer.stop());
      consumers.push(consumer);
      return consumer;
    },
    ready(name, check) {
      readiness[name] = check;
    },
  });
  const metricsUrl = await operational.listen({ host: config.HOST, port: config.METRICS_PORT });
  runtime.onClose('operational port', () => operational.close());
  const url = await app.listen({ host: config.HOST, port: frame.internalApi.port });
  runtime.onClose('internal API', () => app.close());
  return { ...own, url, metricsUrl };
}

/** The operational app (/healthz, /readyz over `readiness`, /metrics) and the internal API with its service-token auth. */
function frameApps(
  runtime: ServiceRuntime,
  logger: Logger,
  frame: ServiceFrame,
  metrics: Registry,
  readiness: Record<string, ReadinessCheck>,
): { operational: ReturnType<typeof buildOperationalApp>; app: App } {
  const operational = buildOperationalApp({ logger, metrics, readiness, started: () => runtime.isReady() });
  const app = buildInternalApp({
    logger,
    metrics,
    serviceAuth: {
      audience: frame.name,
      publicKeys: frame.config.SERVICE_TOKEN_PUBLIC_KEYS,
      routes: frame.internalApi.routes,
      ...(frame.internalApi.open ? { open: frame.internalApi.open } : {}),
    },
  });
  return { operational, app };
}
