import { randomUUID } from 'node:crypto';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawServerDefault,
} from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, isRetriable, internalProblem, problemOf, validationError } from '@coin/errors';
import type { Logger } from '@coin/logger';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { installHttpMetrics } from './metrics';
import { installDepthLimitedJsonParser } from './json-depth';
import { endQuietConnectionsOnClose } from './quiet-close';
import { installServiceAuth, type ServiceAuthOptions } from './service-auth';

/** A fastify instance with zod route schemas, as every app of this repo is built. */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;
// biome-ignore lint/suspicious/noExplicitAny: any Fastify instance, whatever its server, logger and type provider
type AnyApp = FastifyInstance<any, any, any, any, any>;

export type ReadinessCheck = () => Promise<void>;

/**
 * A readiness check's failure whose message /readyz shows as it is (under `reasons`): what an
 * operator needs to act on, such as which Kafka partition stalls, and never a secret. Any other
 * failure shows only as `down` (a driver's error may name hosts or users).
 */
export class NotReadyError extends Error {
  override readonly name = 'NotReadyError';
}

export interface InternalAppOptions {
  logger: Logger;
  metrics?: Registry;
  bodyBytesMax?: number;
  /** Who may call which route (docs/DESIGN.md "Internal HTTP credentials"); required: no internal API is open. */
  serviceAuth: ServiceAuthOptions;
}

/** How long a readiness probe waits for one dependency before calling it down, by default (READINESS_CHECK_TIMEOUT_MS). */
const readinessCheckTimeoutMsDefault = 2000;

/** The wire form of a validation failure, shared by the gateway and the internal APIs. */
export function zodIssuesToFieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(root)', message: issue.message }));
}

/** Maps any thrown error to problem+json; unknown errors are logged and become a generic 500. */
export function installProblemHandler(app: AnyApp): void {
  app.setErrorHandler((err: FastifyError & { validation?: unknown }, request, reply) => {
    const requestId = String(request.id);
    let appError: AppError | undefined;
    if (err instanceof AppError) appError = err;
    else if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err.statusCode === 400 && err instanceof SyntaxError))
      appError = new AppError('MALFORMED_JSON', 'The body is not valid JSON');
    else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') appError = new AppError('PAYLOAD_TOO_LARGE', 'The body exceeds the size limit');
    else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      appError = new AppError(
        'VALIDATION_FAILED',
        err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'A JSON body is required' : 'Content-Type must be application/json',
      );
    else if (err.code === 'FST_ERR_VALIDATION' || err.validation) {
      const cause = err as unknown as {
        validation?: Array<{ instancePath?: string; message?: string; params?: { issue?: { path: PropertyKey[]; message: string } } }>;
        validationContext?: string;
      };
      const context = cause.validationContext ?? 'body';
      const errors = (cause.validation ?? []).map((v) => {
        const issue = v.params?.issue;
        const path = issue ? issue.path.map(String).join('.') : (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        return { path: [context, path].filter(Boolean).join('.'), message: issue?.message ?? v.message ?? 'invalid' };
      });
      appError = validationError(errors, `Invalid ${context}`);
    } else if (err.statusCode === 429) appError = new AppError('RATE_LIMITED', 'Too many requests; retry later');
    else if (err.statusCode === 404) appError = new AppError('NOT_FOUND', 'No such resource');
    else if (isRetriable(err)) {
      // The database restarting or failing over (a lost connection, a read-only standby, a full
      // disk): the caller may retry, unlike after a bug. The details go to the log only.
      request.log.warn({ err }, 'request failed for a transient reason');
      appError = new AppError('UNAVAILABLE', 'A backing store is unavailable; retry later');
    }
    if (appError) {
      // Every 503 says when to come back, unless a more precise answer set it already.
      if (appError.status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', '1');
      reply.status(appError.status).type('application/problem+json').send(problemOf(appError, requestId));
      return;
    }
    request.log.error({ err }, 'unhandled error');
    reply.status(500).type('application/problem+json').send(internalProblem(requestId));
  });
  app.setNotFoundHandler((request, reply) => {
    const problem = problemOf(new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`), String(request.id));
    reply.status(404).type('application/problem+json').send(problem);
  });
}

/**
 * fastify's `frameworkErrors`: a URL it cannot decode, or a path parameter over its length limit,
 * is answered before routing — by default as plain JSON, past every hook. As problem+json instead.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const detail = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The URL is not valid';
  reply
    .status(400)
    .type('application/problem+json')
    .send(problemOf(new AppError('VALIDATION_FAILED', detail), String(request.id)));
}

/**
 * Runs every check, each down if it has not passed within `timeoutMs`; `reasons`, when given, gets
 * the message of each NotReadyError by its check's name.
 */
export async function checkReadiness(
  checks: Record<string, ReadinessCheck>,
  reasons?: Record<string, string>,
  timeoutMs: number = readinessCheckTimeoutMsDefault,
): Promise<Record<string, 'up' | 'down'>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref())]);
        return [name, 'up'] as const;
      } catch (err) {
        // own-key: the names of the service's own readiness checks
        if (reasons && err instanceof NotReadyError) reasons[name] = err.message;
        return [name, 'down'] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * Adds /healthz (process up), /readyz (dependencies reachable) and /metrics. A dependency named in
 * `degradable` being down leaves the service ready but `degraded` (200): it still serves most
 * requests (the gateway without Redis), and taking every instance out of rotation at once for it
 * would turn a partial outage into a full one. The checks always show what is down, and
 * `reasons` why, for a check that says (NotReadyError). Until `started` says so (the service's
 * runtime: every component up, and not closing), the service is not ready whatever its
 * dependencies say.
 */
export function installOperationalRoutes(
  app: AnyApp,
  readiness: Record<string, ReadinessCheck>,
  metrics: Registry,
  degradable: readonly string[] = [],
  started: () => boolean = () => true,
  checkTimeoutMs: number = readinessCheckTimeoutMsDefault,
): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const reasons: Record<string, string> = {};
    const checks = await checkReadiness(readiness, reasons, checkTimeoutMs);
    const down = Object.entries(checks)
      .filter(([, state]) => state === 'down')
      .map(([name]) => name);
    const ready = started() && down.every((name) => degradable.includes(name));
    const status = !ready ? 'not-ready' : down.length > 0 ? 'degraded' : 'ready';
    return reply.status(ready ? 200 : 503).send({ status, checks, ...(Object.keys(reasons).length > 0 ? { reasons } : {}) });
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type(metrics.contentType).send(await metrics.metrics());
  });
}

/**
 * Every metric the services define starts with this. prom-client's default ones (process_*,
 * nodejs_*) keep their conventional names, which community dashboards and alerts look for.
 */
export const metricPrefix = 'coin_';

/** The prefixes of prom-client's default metrics, which carry no `coin_`. */
export const defaultMetricPrefixes = ['process_', 'nodejs_'] as const;

/**
 * How often the event loop's delay is sampled for `nodejs_eventloop_lag_*`: prom-client's
 * default, 10 ms, wakes an idle process 100 times a second for it alone (a fifth of an idle
 * service's CPU, docs/PERFORMANCE.md "An idle stack"); a stall of 100 ms or more is still seen.
 */
const eventLoopSampleMs = 100;

export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: eventLoopSampleMs });
  return registry;
}

/**
 * The internal API of a service: zod-validated routes, problem+json errors, and every route
 * behind a service token of a caller its table admits. No ops routes: those are on the metrics
 * port (buildOperationalApp), so that whoever may scrape metrics cannot reach the API.
 */
export function buildInternalApp(options: InternalAppOptions): App {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    bodyLimit: options.bodyBytesMax ?? 64 * 1024,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
    },
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installDepthLimitedJsonParser(app);
  installProblemHandler(app);
  const metrics = options.metrics ?? createMetricsRegistry('internal');
  installHttpMetrics(app, metrics);
  installServiceAuth(app, options.serviceAuth);
  endQuietConnectionsOnClose(app);
  return app;
}

export interface OperationalAppOptions {
  logger: Logger;
  /** Named dependencies /readyz must reach (Kafka, PostgreSQL, Redis). */
  readiness: Record<string, ReadinessCheck>;
  metrics: Registry;
  /** Dependencies whose outage leaves the service ready but degraded (installOperationalRoutes). */
  degradable?: readonly string[];
  /** Whether start-up is over and close has not begun (ServiceRuntime.isReady); always, when left out. */
  started?: () => boolean;
  /** How long /readyz waits for each check (READINESS_CHECK_TIMEOUT_MS; 2 s when left out). */
  checkTimeoutMs?: number;
}

/**
 * A service's operational port (METRICS_PORT): /healthz, /readyz and /metrics, and nothing else.
 * The kubelet probes it and Prometheus scrapes it; the NetworkPolicies admit the monitoring
 * namespace to this port only, never to the API's.
 */
export function buildOperationalApp(options: OperationalAppOptions): FastifyInstance {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    frameworkErrors: answerFrameworkError,
  });
  installProblemHandler(app);
  installHttpMetrics(app, options.metrics);
  installOperationalRoutes(app, options.readiness, options.metrics, options.degradable, options.started, options.checkTimeoutMs);
  endQuietConnectionsOnClose(app);
  return app;
}

export type { FastifyInstance, ZodTypeProvider };

export * from './close-within';
export * from './internal-read';
export * from './json-depth';
export * from './metrics';
export * from './quiet-close';
export * from './route-table';
export * from './service-auth';
export * from './service-runtime';
export * from './tracing';
