import { outboxBacklogMetricName, outboxSetAsideMetricName } from '@coin/db';
import { gatewayMetricNames } from '@coin/gateway';
import { historyMetricNames } from '@coin/history';
import { createMetricsRegistry, defaultMetricPrefixes, httpDurationMetricName, metricPrefix } from '@coin/http';
import { kafkaMetricNames } from '@coin/kafka';
import { ledgerMetricNames } from '@coin/ledger';
import { webhooksMetricNames } from '@coin/webhooks';
import { monitoringMetricNames } from '@coin/monitoring';
import { type MetricType, registeredMetrics } from './manifests';

/**
 * What a metric name may end in (https://prometheus.io/docs/practices/naming/): `_total` for a
 * counter, a base unit (`_seconds`, `_bytes`, `_ratio`), `_info` for an info gauge, or the thing
 * counted (messages, commands, rows...). A new unit is added here on purpose, never by accident.
 */
const metricUnitSuffixes = [
  '_total',
  '_seconds',
  '_bytes',
  '_ratio',
  '_info',
  '_messages',
  '_commands',
  '_rows',
  '_batches',
  '_requests',
  // Amounts of money, in minor units (cents of a coin): the ledger's own unit, exact as an integer.
  '_minor',
  // Ledger transactions (credit legs in flight are counted by their transaction).
  '_transactions',
  // Webhook deliveries (one event to one endpoint, however many attempts it takes): the webhooks service's backlog.
  '_deliveries',
] as const;

/** Why a metric name breaks `coin_<subsystem>_<name>_<unit>` and the Prometheus conventions (empty: it does not). */
function metricNameProblems(name: string, type: MetricType): string[] {
  const problems: string[] = [];
  if (!name.startsWith(metricPrefix)) problems.push(`${name}: not prefixed ${metricPrefix}`);
  if (!/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/.test(name)) problems.push(`${name}: not snake_case`);
  if (name.split('_').length < 4) problems.push(`${name}: not coin_<subsystem>_<name>_<unit>`);
  const unit = metricUnitSuffixes.find((suffix) => name.endsWith(suffix));
  if (!unit) problems.push(`${name}: no unit suffix (${metricUnitSuffixes.join(' ')})`);
  if (type === 'Counter' && unit !== '_total') problems.push(`${name}: a counter ends in _total`);
  if (type !== 'Counter' && unit === '_total') problems.push(`${name}: _total is for counters only`);
  if (/_(?:bucket|count|sum)$/.test(name)) problems.push(`${name}: _bucket, _count and _sum are the series of histograms and summaries`);
  return problems;
}

describe('metric names: coin_<subsystem>_<name>_<unit>', () => {
  const metrics = registeredMetrics();

  it('when the source is scanned, then it finds every metric the packages name in their constants', () => {
    const named = [
      httpDurationMetricName,
      outboxBacklogMetricName,
      outboxSetAsideMetricName,
      ...Object.values(kafkaMetricNames),
      ...Object.values(gatewayMetricNames),
      ...Object.values(ledgerMetricNames),
      ...Object.values(historyMetricNames),
      ...Object.values(webhooksMetricNames),
      ...Object.values(monitoringMetricNames),
    ];
    expect([...metrics.keys()].sort()).toEqual([...new Set(named)].sort());
  });

  it('when every registered metric is checked, then each is prefixed coin_ and ends in a unit, counters in _total', () => {
    const problems = [...metrics].flatMap(([name, type]) => metricNameProblems(name, type));
    expect(problems).toEqual([]);
  });

  it('when a badly named metric is checked, then the check names what is wrong', () => {
    expect(metricNameProblems('http_request_duration_seconds', 'Histogram')).toEqual(['http_request_duration_seconds: not prefixed coin_']);
    expect(metricNameProblems('coin_kafka_consumer_lag', 'Gauge')).toEqual([
      expect.stringContaining('coin_kafka_consumer_lag: no unit suffix'),
    ]);
    expect(metricNameProblems('coin_ledger_applied_seconds', 'Counter')).toEqual(['coin_ledger_applied_seconds: a counter ends in _total']);
    expect(metricNameProblems('coin_outbox_rows_total', 'Gauge')).toEqual(['coin_outbox_rows_total: _total is for counters only']);
    expect(metricNameProblems('coin_backlog_rows', 'Gauge')).toEqual(['coin_backlog_rows: not coin_<subsystem>_<name>_<unit>']);
    expect(metricNameProblems('coin_Ledger_batch_rows', 'Gauge')).toEqual(['coin_Ledger_batch_rows: not snake_case']);
    expect(metricNameProblems('coin_ledger_batch_commands_sum', 'Gauge')).toEqual([
      expect.stringContaining('no unit suffix'),
      expect.stringContaining('_bucket, _count and _sum'),
    ]);
  });

  it("when a service's registry is created, then prom-client's default process and Node.js metrics keep their conventional names, and everything else is coin_", async () => {
    const registry = createMetricsRegistry('naming-test');
    const names = (await registry.getMetricsAsJSON()).map((m) => m.name);
    // The names community dashboards and alerts look for (Node.js Application Dashboard, process exporters' rules).
    expect(names).toEqual(
      expect.arrayContaining([
        'process_cpu_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_heap_size_used_bytes',
        'nodejs_eventloop_lag_p99_seconds',
      ]),
    );
    expect(names.filter((name) => !name.startsWith(metricPrefix) && !defaultMetricPrefixes.some((p) => name.startsWith(p)))).toEqual([]);
    expect(names.filter((name) => name.startsWith(`${metricPrefix}process_`) || name.startsWith(`${metricPrefix}nodejs_`))).toEqual([]);
    registry.clear();
  });
});
