import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { EndpointBacklog } from './db/deliveries-repo';
import { usualOutcomes } from './domain/delivery-outcome';
import type { AttemptReport } from './delivery/worker';

/** The names of the metrics this service registers (docs/operations/observability.md "Observability"). */
export const webhooksMetricNames = {
  endpointsDisabled: 'coin_webhooks_endpoints_disabled_total',
  balanceEventsSkipped: 'coin_webhooks_balance_events_skipped_total',
  deliveryAttempts: 'coin_webhooks_delivery_attempts_total',
  deliveryDuration: 'coin_webhooks_delivery_duration_seconds',
  retryBacklog: 'coin_webhooks_retry_backlog_deliveries',
  oldestPendingAge: 'coin_webhooks_oldest_pending_age_seconds',
} as const;

/**
 * Endpoints the backlog gauges show at most. Endpoints are bounded per platform client
 * (WEBHOOKS_MAX_ENDPOINTS_PER_CLIENT, 10 by default, 100 at most), clients are made by a
 * SUPERADMIN or, test clients, by a live client (at most TEST_CLIENTS_PER_OWNER_MAX unrevoked
 * each), and the series of an endpoint deleted or disabled and of a client revoked are dropped
 * (`forgetEndpoints`, `forgetClients`), so an `endpoint_id` label stays a bounded set over the
 * process's life; this bounds the scrape's read too.
 */
export const backlogEndpointsMax = 10_000;
/** How long one read of the backlog serves scrapes: both gauges of a scrape, and the scrapes of a Prometheus pair. */
export const backlogReadReuseMs = 1_000;
/** A read slower than this leaves the gauges as they were: a scrape never waits on a slow database for long. */
export const backlogReadTimeoutMs = 2_000;

/** Latency buckets of an attempt (seconds): a receiver's answer, up to the 5 s budget (30 s at most). */
const deliveryDurationBuckets = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type EndpointLabels = { endpoint_id: string; client_id: string };
const attemptLabels = ['endpoint_id', 'client_id', 'outcome', 'status_class'] as const;
const durationLabels = ['client_id', 'outcome'] as const;

export interface WebhooksMetrics {
  disabledEndpoints: Counter;
  skippedBalanceEvents: Counter;
  /** Counts one attempt and observes its latency. */
  attempted(attempt: AttemptReport): void;
  /** Drops the series of endpoints deleted or disabled: a label set kept for an endpoint that is gone would stay for the process's life. */
  forgetEndpoints(endpointIds: readonly string[]): Promise<void>;
  /** Drops every series of revoked clients (their endpoints' attempts, their latency). */
  forgetClients(clientIds: readonly string[]): Promise<void>;
}

type LabelValues = Partial<Record<string, string | number>>;

/** Removes each series of `metric` whose labels `gone` picks, by its own label names (a histogram's `le` aside). */
async function removeSeries(metric: Counter | Histogram, names: readonly string[], gone: (labels: LabelValues) => boolean): Promise<void> {
  const seen = new Map<string, Record<string, string | number>>();
  for (const value of (await metric.get()).values) {
    const labels = value.labels as LabelValues;
    if (!gone(labels)) continue;
    const own = Object.fromEntries(names.map((name) => [name, (Object.hasOwn(labels, name) ? labels[name] : undefined) ?? '']));
    seen.set(JSON.stringify(own), own);
  }
  for (const labels of seen.values()) metric.remove(labels);
}

/**
 * The service's metrics on its registry. Attempts are counted per instance (sum over instances);
 * the two backlog gauges are read from the database at scrape by every instance alike (max over
 * instances), for enabled endpoints only: a disabled endpoint's deliveries wait for it to be
 * enabled again and would hold an alert for good (its disabling is counted and listed instead).
 * `readBacklog` is `endpointBacklogs` of the service's pool; `now` the clock the reuse is judged on.
 */
export function registerWebhooksMetrics(
  registry: Registry,
  readBacklog: (limit: number) => Promise<EndpointBacklog[]>,
  options: { onReadFailed?: (err: unknown) => void; now?: () => number } = {},
): WebhooksMetrics {
  const attempts = new Counter({
    name: webhooksMetricNames.deliveryAttempts,
    help: 'Webhook delivery attempts by endpoint and outcome (success; client_error 4xx, server_error 5xx, unexpected_status 1xx/3xx, timeout, network_error, refused by the outbound policy) and HTTP status class (none: no answer)',
    labelNames: attemptLabels,
    registers: [registry],
  });
  const duration = new Histogram({
    name: webhooksMetricNames.deliveryDuration,
    help: "Webhook delivery attempts' time from the request's start to its answer read (or its failure), by platform client and outcome",
    labelNames: durationLabels,
    buckets: deliveryDurationBuckets,
    registers: [registry],
  });
  registerBacklogGauges(
    registry,
    backlogSnapshots(() => readBacklog(backlogEndpointsMax), options),
    (endpoint) => {
      // Each endpoint's usual attempt series exist from the start (at 0): the failure-rate alert sees the first failure as an increase.
      for (const usual of usualOutcomes) attempts.inc({ ...endpoint, outcome: usual.outcome, status_class: usual.statusClass }, 0);
    },
  );
  return {
    disabledEndpoints: new Counter({
      name: webhooksMetricNames.endpointsDisabled,
      help: 'Webhook endpoints disabled after their retry schedule ran out',
      registers: [registry],
    }),
    skippedBalanceEvents: new Counter({
      name: webhooksMetricNames.balanceEventsSkipped,
      help: 'Well-formed coin.balances events the balance monitors passed over: a wallet naming no or both sides, a balance with more than 2 decimals, a wallet other than the record key',
      labelNames: ['reason'],
      registers: [registry],
    }),
    attempted(attempt) {
      attempts.inc({
        endpoint_id: attempt.endpointId,
        client_id: attempt.clientId,
        outcome: attempt.outcome,
        status_class: attempt.statusClass,
      });
      duration.observe({ client_id: attempt.clientId, outcome: attempt.outcome }, attempt.durationSeconds);
    },
    async forgetEndpoints(endpointIds) {
      const ids = new Set(endpointIds);
      await removeSeries(attempts, attemptLabels, (labels) => ids.has(String(labels.endpoint_id)));
    },
    async forgetClients(clientIds) {
      const ids = new Set(clientIds);
      const ofThem = (labels: LabelValues) => ids.has(String(labels.client_id));
      await removeSeries(attempts, attemptLabels, ofThem);
      await removeSeries(duration, durationLabels, ofThem);
    },
  };
}

/**
 * The two backlog gauges of every enabled endpoint, set at scrape from one shared read (`snapshot`;
 * none: as they were); `onEndpoint` is told of each endpoint the retry backlog's read lists.
 */
function registerBacklogGauges(
  registry: Registry,
  snapshot: () => Promise<EndpointBacklog[] | undefined>,
  onEndpoint: (endpoint: EndpointLabels) => void,
): void {
  const setFromBacklog = async (
    gauge: Gauge,
    valueFor: (row: EndpointBacklog) => number,
    alongside?: (endpoint: EndpointLabels) => void,
  ) => {
    const rows = await snapshot();
    if (!rows) return;
    gauge.reset();
    for (const row of rows) {
      const endpoint = { endpoint_id: row.endpointId, client_id: row.clientId };
      gauge.set(endpoint, valueFor(row));
      alongside?.(endpoint);
    }
  };
  new Gauge({
    name: webhooksMetricNames.retryBacklog,
    help: 'Deliveries of an enabled webhook endpoint waiting for a retry (pending after a failed attempt), read from the database at scrape',
    labelNames: ['endpoint_id', 'client_id'],
    registers: [registry],
    async collect() {
      await setFromBacklog(this, (row) => row.retrying, onEndpoint);
    },
  });
  new Gauge({
    name: webhooksMetricNames.oldestPendingAge,
    help: "Seconds since an enabled webhook endpoint's oldest pending delivery was queued (0 when none is pending), read from the database at scrape",
    labelNames: ['endpoint_id', 'client_id'],
    registers: [registry],
    async collect() {
      await setFromBacklog(this, (row) => row.oldestPendingAgeSeconds);
    },
  });
}

/**
 * One read of the backlog for the scrapes of `backlogReadReuseMs`, one at a time: the scrapes
 * that come while it runs share it. A scrape waits for it `backlogReadTimeoutMs` at most; a read
 * that fails or outlasts that answers undefined (the gauges keep their last values, the scrape
 * goes on) and is reported once; the next scrape after it ends reads again.
 */
export function backlogSnapshots(
  read: () => Promise<EndpointBacklog[]>,
  options: { onReadFailed?: (err: unknown) => void; now?: () => number } = {},
): () => Promise<EndpointBacklog[] | undefined> {
  const now = options.now ?? Date.now;
  let last: { atMs: number; rows: EndpointBacklog[] } | undefined;
  let reading: { rows: Promise<EndpointBacklog[] | undefined>; slowReported: boolean } | undefined;
  const startRead = () => {
    const current = {
      rows: read().then(
        (rows) => {
          last = { atMs: now(), rows };
          return rows;
        },
        (err: unknown) => {
          options.onReadFailed?.(err);
          return undefined;
        },
      ),
      slowReported: false,
    };
    void current.rows.finally(() => {
      if (reading === current) reading = undefined;
    });
    return current;
  };
  return async () => {
    if (last && now() - last.atMs < backlogReadReuseMs) return last.rows;
    reading ??= startRead();
    const current = reading;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), backlogReadTimeoutMs);
      timer.unref();
    });
    try {
      const rows = await Promise.race([current.rows, timeout]);
      if (rows !== 'timeout') return rows;
      if (!current.slowReported) options.onReadFailed?.(new Error(`the webhook backlog read took over ${backlogReadTimeoutMs} ms`));
      current.slowReported = true;
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}
