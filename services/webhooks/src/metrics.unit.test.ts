import { Registry } from 'prom-client';
import type { EndpointBacklog } from './db/deliveries-repo';
import { backlogReadReuseMs, backlogReadTimeoutMs, backlogSnapshots, registerWebhooksMetrics, webhooksMetricNames } from './metrics';

const endpoint = (endpointId: string, retrying: number, oldestPendingAgeSeconds: number): EndpointBacklog => ({
  endpointId,
  clientId: 'pc_games',
  retrying,
  oldestPendingAgeSeconds,
});

/** The sample lines of one metric in the exposition text. */
const samples = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(`${name}{`));

describe('webhooks metrics: attempts, latency and the backlog gauges', () => {
  it('when the database holds two enabled endpoints, then each has its retry backlog and oldest pending age, and its usual attempt series at 0', async () => {
    const registry = new Registry();
    registerWebhooksMetrics(registry, async () => [endpoint('e-1', 3, 420.5), endpoint('e-2', 0, 0)]);
    const text = await registry.metrics();
    expect(samples(text, webhooksMetricNames.retryBacklog)).toEqual([
      'coin_webhooks_retry_backlog_deliveries{endpoint_id="e-1",client_id="pc_games"} 3',
      'coin_webhooks_retry_backlog_deliveries{endpoint_id="e-2",client_id="pc_games"} 0',
    ]);
    expect(samples(text, webhooksMetricNames.oldestPendingAge)).toEqual([
      'coin_webhooks_oldest_pending_age_seconds{endpoint_id="e-1",client_id="pc_games"} 420.5',
      'coin_webhooks_oldest_pending_age_seconds{endpoint_id="e-2",client_id="pc_games"} 0',
    ]);
    // The counter's zero series appear by the next scrape at the latest (the gauges' read makes them).
    const attempts = samples(await registry.metrics(), webhooksMetricNames.deliveryAttempts);
    expect(attempts).toContain(
      'coin_webhooks_delivery_attempts_total{endpoint_id="e-1",client_id="pc_games",outcome="server_error",status_class="5xx"} 0',
    );
    expect(attempts).toContain(
      'coin_webhooks_delivery_attempts_total{endpoint_id="e-2",client_id="pc_games",outcome="success",status_class="2xx"} 0',
    );
    expect(attempts).toHaveLength(12);
  });

  it('when an attempt fails with a 500, then it is counted by endpoint, outcome and status class, and its latency by client and outcome', async () => {
    const registry = new Registry();
    const metrics = registerWebhooksMetrics(registry, async () => []);
    metrics.attempted({ endpointId: 'e-1', clientId: 'pc_games', outcome: 'server_error', statusClass: '5xx', durationSeconds: 0.12 });
    metrics.attempted({ endpointId: 'e-1', clientId: 'pc_games', outcome: 'timeout', statusClass: 'none', durationSeconds: 5 });
    const text = await registry.metrics();
    expect(samples(text, webhooksMetricNames.deliveryAttempts)).toEqual([
      'coin_webhooks_delivery_attempts_total{endpoint_id="e-1",client_id="pc_games",outcome="server_error",status_class="5xx"} 1',
      'coin_webhooks_delivery_attempts_total{endpoint_id="e-1",client_id="pc_games",outcome="timeout",status_class="none"} 1',
    ]);
    expect(text).toContain('coin_webhooks_delivery_duration_seconds_bucket{le="0.25",client_id="pc_games",outcome="server_error"} 1');
    expect(text).toContain('coin_webhooks_delivery_duration_seconds_bucket{le="2.5",client_id="pc_games",outcome="timeout"} 0');
    expect(text).toContain('coin_webhooks_delivery_duration_seconds_count{client_id="pc_games",outcome="timeout"} 1');
  });

  it('when an endpoint is no longer enabled, then its gauges go at the next read', async () => {
    const registry = new Registry();
    let rows = [endpoint('e-1', 1, 60), endpoint('e-2', 0, 0)];
    let nowMs = 0;
    registerWebhooksMetrics(registry, async () => rows, { now: () => nowMs });
    expect(samples(await registry.metrics(), webhooksMetricNames.retryBacklog)).toHaveLength(2);
    rows = [endpoint('e-2', 0, 0)];
    nowMs += backlogReadReuseMs;
    expect(samples(await registry.metrics(), webhooksMetricNames.retryBacklog)).toEqual([
      'coin_webhooks_retry_backlog_deliveries{endpoint_id="e-2",client_id="pc_games"} 0',
    ]);
  });

  it('when the database cannot be read, then the scrape still answers, the gauges keep their last values, and the failure is reported once per read', async () => {
    const registry = new Registry();
    let fail = false;
    let nowMs = 0;
    const failures: unknown[] = [];
    registerWebhooksMetrics(
      registry,
      async () => {
        if (fail) throw new Error('connection refused');
        return [endpoint('e-1', 2, 30)];
      },
      { now: () => nowMs, onReadFailed: (err) => failures.push(err) },
    );
    await registry.metrics();
    fail = true;
    nowMs += backlogReadReuseMs;
    const text = await registry.metrics();
    expect(samples(text, webhooksMetricNames.retryBacklog)).toEqual([
      'coin_webhooks_retry_backlog_deliveries{endpoint_id="e-1",client_id="pc_games"} 2',
    ]);
    expect(failures).toHaveLength(1);
  });
});

describe('webhooks metrics: label sets of endpoints and clients that are gone', () => {
  const attempt = (endpointId: string, clientId: string, outcome: 'success' | 'server_error') =>
    ({ endpointId, clientId, outcome, statusClass: outcome === 'success' ? '2xx' : '5xx', durationSeconds: 0.1 }) as const;

  it('when an endpoint is deleted or disabled, then its attempt series go, and those of the other endpoints stay', async () => {
    const registry = new Registry();
    let rows = [endpoint('e-1', 0, 0), endpoint('e-2', 0, 0)];
    let nowMs = 0;
    const metrics = registerWebhooksMetrics(registry, async () => rows, { now: () => nowMs });
    metrics.attempted(attempt('e-1', 'pc_games', 'server_error'));
    metrics.attempted(attempt('e-2', 'pc_games', 'success'));
    await registry.metrics();
    // The endpoint is gone from the database (deleted or disabled), then forgotten here.
    rows = [endpoint('e-2', 0, 0)];
    await metrics.forgetEndpoints(['e-1']);
    nowMs += backlogReadReuseMs;
    const text = await registry.metrics();
    expect(samples(text, webhooksMetricNames.deliveryAttempts).filter((line) => line.includes('endpoint_id="e-1"'))).toEqual([]);
    expect(samples(text, webhooksMetricNames.deliveryAttempts)).toContain(
      'coin_webhooks_delivery_attempts_total{endpoint_id="e-2",client_id="pc_games",outcome="success",status_class="2xx"} 1',
    );
  });

  it('when clients are revoked, then every series naming them goes (attempts and latency), and another client’s stay', async () => {
    const registry = new Registry();
    const metrics = registerWebhooksMetrics(registry, async () => []);
    metrics.attempted(attempt('e-1', 'test_gone', 'server_error'));
    metrics.attempted(attempt('e-2', 'test_gone', 'success'));
    metrics.attempted(attempt('e-3', 'pc_kept', 'success'));
    await metrics.forgetClients(['test_gone']);
    const text = await registry.metrics();
    expect(text).not.toContain('test_gone');
    expect(samples(text, webhooksMetricNames.deliveryAttempts)).toEqual([
      'coin_webhooks_delivery_attempts_total{endpoint_id="e-3",client_id="pc_kept",outcome="success",status_class="2xx"} 1',
    ]);
    expect(text).toContain('coin_webhooks_delivery_duration_seconds_count{client_id="pc_kept",outcome="success"} 1');
  });
});

describe('backlog snapshots: one read serves the scrapes close together', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('when scrapes come while a read runs and within the reuse time, then the database is read once; after it, again', async () => {
    let reads = 0;
    let nowMs = 0;
    const snapshot = backlogSnapshots(
      async () => {
        reads += 1;
        return [endpoint('e-1', reads, 0)];
      },
      { now: () => nowMs },
    );
    const [a, b] = await Promise.all([snapshot(), snapshot()]);
    expect(a).toBe(b);
    nowMs += backlogReadReuseMs - 1;
    expect((await snapshot())?.[0]?.retrying).toBe(1);
    nowMs += 1;
    expect((await snapshot())?.[0]?.retrying).toBe(2);
    expect(reads).toBe(2);
  });

  it('when a read outlasts its bound, then the scrape answers undefined at the bound, reported once, and the next scrape shares the read still running', async () => {
    let release!: (rows: EndpointBacklog[]) => void;
    let reads = 0;
    const failures: unknown[] = [];
    const snapshot = backlogSnapshots(
      () => {
        reads += 1;
        return new Promise<EndpointBacklog[]>((resolve) => {
          release = resolve;
        });
      },
      { onReadFailed: (err) => failures.push(err) },
    );
    const first = snapshot();
    await jest.advanceTimersByTimeAsync(backlogReadTimeoutMs);
    expect(await first).toBeUndefined();
    const second = snapshot();
    await jest.advanceTimersByTimeAsync(backlogReadTimeoutMs);
    expect(await second).toBeUndefined();
    expect(failures).toHaveLength(1);
    expect(reads).toBe(1);
    release([endpoint('e-1', 4, 0)]);
    await jest.advanceTimersByTimeAsync(0);
    expect((await snapshot())?.[0]?.retrying).toBe(4);
    expect(reads).toBe(1);
  });
});
