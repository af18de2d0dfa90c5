import type { Admin } from 'kafkajs';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/**
 * The history service's metric names, shared with deploy/prometheus, deploy/grafana, the docs and
 * the benchmarks: `coin_<subsystem>_<name>_<unit>` (test/deploy checks the prefix and the unit suffix).
 */
export const historyMetricNames = {
  lastAppliedEventAge: 'coin_history_last_applied_event_age_seconds',
  consumerLag: 'coin_history_consumer_lag_messages',
  eventsApplied: 'coin_history_events_applied_total',
  applyDelay: 'coin_history_apply_delay_seconds',
  eventsDeadLettered: 'coin_history_events_dead_lettered_total',
  auditRecordsRefused: 'coin_history_audit_records_refused_total',
  auditIdConflicts: 'coin_history_audit_id_conflicts_total',
} as const;

/** A scrape must answer even when the broker is slow: lag is then left out of that scrape. */
const lagLookupTimeoutMs = 2000;

export interface HistoryMetrics {
  /** Transactions the consumer stored for the first time, or found already stored (redeliveries). */
  eventsApplied: Counter<'outcome'>;
  /** now − occurredAt when an event is first stored: the freshness SLO (docs/CONTRACT.md "Paging": within 1 s). */
  applyDelay: Histogram;
  eventsDeadLettered: Counter;
  /** Audit records kept out of the log because their signature or writer does not hold (alert CoinAuditRecordRefused). */
  auditRecordsRefused: Counter<'reason'>;
  /** Audit records whose id the log holds with other content, kept beside it (alert CoinAuditIdConflict). */
  auditIdConflicts: Counter;
  /** Call after each applied batch with the newest occurredAt it held. */
  markApplied(occurredAtMs: number): void;
}

/**
 * History-specific metrics on the service's registry: how far behind Kafka the projection is
 * (consumer lag, in messages, per partition) and how old the last applied event was when read.
 */
export function registerHistoryMetrics(registry: Registry, lag: { admin: Admin; groupId: string; topic: string }): HistoryMetrics {
  let lastOccurredAtMs: number | null = null;
  new Gauge({
    name: historyMetricNames.lastAppliedEventAge,
    help: 'now minus occurredAt of the newest event the projection has applied; grows while nothing arrives',
    registers: [registry],
    collect() {
      if (lastOccurredAtMs !== null) this.set(Math.max(0, (Date.now() - lastOccurredAtMs) / 1000));
    },
  });
  new Gauge({
    name: historyMetricNames.consumerLag,
    help: 'Messages of coin.transactions not yet committed by the history consumer group, per partition',
    labelNames: ['partition'],
    registers: [registry],
    async collect() {
      const lags = await Promise.race([
        consumerLag(lag.admin, lag.groupId, lag.topic),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), lagLookupTimeoutMs).unref()),
      ]).catch(() => null);
      if (!lags) return;
      this.reset();
      for (const [partition, value] of lags) this.set({ partition: String(partition) }, value);
    },
  });
  return {
    eventsApplied: new Counter({
      name: historyMetricNames.eventsApplied,
      help: 'coin.transactions events handled by the projection, by outcome (new, duplicate)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    applyDelay: new Histogram({
      name: historyMetricNames.applyDelay,
      help: 'Time from occurredAt of a transaction event to its first storage in the projection',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    eventsDeadLettered: new Counter({
      name: historyMetricNames.eventsDeadLettered,
      help: 'coin.transactions messages the projection could not store and sent to the dead-letter topic',
      registers: [registry],
    }),
    auditRecordsRefused: new Counter({
      name: historyMetricNames.auditRecordsRefused,
      help: 'Audit records refused before the chain: no valid signature of the writer they name (signature), or a writer claiming another source (writer)',
      labelNames: ['reason'],
      registers: [registry],
      // Each reason's series exists from the start (at 0): the first refusal is an increase.
      collect() {
        for (const reason of ['signature', 'writer']) this.inc({ reason }, 0);
      },
    }),
    auditIdConflicts: new Counter({
      name: historyMetricNames.auditIdConflicts,
      help: 'Audit records whose id the log already holds with other content; each is kept in admin_audit_conflicts',
      registers: [registry],
    }),
    markApplied(occurredAtMs) {
      if (lastOccurredAtMs === null || occurredAtMs > lastOccurredAtMs) lastOccurredAtMs = occurredAtMs;
    },
  };
}

/** High watermark minus the group's committed offset, per partition (no commit yet: from the log start). */
export async function consumerLag(admin: Admin, groupId: string, topic: string): Promise<Map<number, number>> {
  const [ends, committed] = await Promise.all([admin.fetchTopicOffsets(topic), admin.fetchOffsets({ groupId, topics: [topic] })]);
  const committedByPartition = new Map<number, number>();
  for (const entry of committed) {
    if (entry.topic !== topic) continue;
    for (const p of entry.partitions) committedByPartition.set(p.partition, Number(p.offset));
  }
  const lags = new Map<number, number>();
  for (const end of ends) {
    const high = Number(end.high);
    const low = Number(end.low);
    const done = committedByPartition.get(end.partition) ?? -1;
    lags.set(end.partition, Math.max(0, high - (done >= 0 ? done : low)));
  }
  return lags;
}
