import { Registry } from 'prom-client';
import { meteredAttempts, meteredBatch, meteredSort, type SortedBatch } from './batch-metering';
import type { Delivered } from './consumer';
import { consumerMetrics } from './metrics';

const labels = { group: 'g', topic: 't' };
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ offset: String(i) })) as unknown as Delivered<unknown>[];

async function counted(registry: Registry): Promise<Record<string, number>> {
  const metrics = await registry.getMetricsAsJSON();
  const out: Record<string, number> = {};
  for (const metric of metrics)
    for (const v of metric.values as Array<{ labels: Record<string, string>; value: number; metricName?: string }>) {
      if (metric.name.endsWith('messages_total')) out[String(v.labels.outcome)] = v.value;
      else if (v.metricName?.endsWith('_count')) out[`${metric.name}_count`] = v.value;
    }
  return out;
}

describe("the consumer's batch metering, wrapped around the plain steps", () => {
  it('when a batch is sorted, applied after one failed attempt and sets one message aside, then each outcome is counted once, the batch timed once', async () => {
    const registry = new Registry();
    const metrics = consumerMetrics(registry);
    const sort = meteredSort(
      async (): Promise<SortedBatch<unknown>> => ({ valid: items(4), deadLettered: 2, passedOver: 1 }),
      metrics,
      labels,
    );
    const { valid } = await sort();
    let tries = 0;
    const attempt = meteredAttempts(
      async () => {
        tries += 1;
        if (tries === 1) throw new Error('database away');
        return 1;
      },
      metrics,
      labels,
    );
    const batch = meteredBatch(
      async (part) => {
        await attempt(part).catch(() => undefined);
        return attempt(part);
      },
      metrics,
      labels,
    );

    expect(await batch(valid)).toBe(1);
    const figures = await counted(registry);
    expect(figures).toMatchObject({ valid: 4, dead_lettered: 2, passed_over: 1, handler_failed: 4, set_aside: 1 });
    expect(Object.entries(figures).filter(([name]) => name.endsWith('_count'))).toEqual([
      [expect.stringContaining('batch_size'), 1],
      [expect.stringContaining('batch_duration'), 1],
    ]);
  });

  it('when there is no registry, then the steps are returned as they are', () => {
    const step = async () => 0;
    expect(meteredAttempts(step, undefined, labels)).toBe(step);
    expect(meteredBatch(step, undefined, labels)).toBe(step);
  });
});
