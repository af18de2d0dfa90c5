import type { Registry } from 'prom-client';
import { kafkaMetricNames } from '../../libs/kafka/src/metrics';

/** How many consumers of the group were started anew (`coin_kafka_consumer_restarts_total` in the registry). */
export async function consumerRestarts(registry: Registry, groupId: string): Promise<number> {
  const metric = await registry.getSingleMetric(kafkaMetricNames.consumerRestarts)!.get();
  return metric.values.find((v) => v.labels.group === groupId)?.value ?? 0;
}
