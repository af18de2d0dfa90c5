/**
 * What the services' own metrics say about one load step: the gateway's Kafka round trip per
 * command, and per consumer how many messages a batch held and how long it took. Read from each
 * service's /metrics before and after the step (histogram _sum and _count summed over labels).
 */
import { kafkaMetricNames } from '@coin/kafka';
import { ledgerMetricNames } from '@coin/ledger';

type Totals = Map<string, number>;

/** Every sample on a Prometheus text page, summed by metric name over its label sets. */
export function metricTotals(text: string): Totals {
  const totals: Totals = new Map();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{[^}]*\})? (\S+)$/.exec(line);
    if (match) totals.set(match[1]!, (totals.get(match[1]!) ?? 0) + Number(match[2]));
  }
  return totals;
}

export type StageSnapshot = Record<string, Totals>;

export async function stageSnapshot(urls: Record<string, string>): Promise<StageSnapshot> {
  const snapshot: StageSnapshot = {};
  await Promise.all(
    Object.entries(urls).map(async ([service, url]) => {
      const response = await fetch(`${url}/metrics`).catch(() => null);
      snapshot[service] = response?.ok ? metricTotals(await response.text()) : new Map();
    }),
  );
  return snapshot;
}

export interface StageFigures {
  /** Gateway: produce → reply, mean per command. */
  gatewayRoundTripMs: number | null;
  /** Ledger command batches (one database write each): mean commands and mean time. */
  ledgerBatchCommands: number | null;
  ledgerBatchMs: number | null;
  ledgerBatchesPerSec: number | null;
  /** History's consumer batches: mean messages. */
  historyBatchMessages: number | null;
}

function mean(before: Totals | undefined, after: Totals | undefined, name: string, scale = 1): { mean: number | null; count: number } {
  const count = (after?.get(`${name}_count`) ?? 0) - (before?.get(`${name}_count`) ?? 0);
  const sum = (after?.get(`${name}_sum`) ?? 0) - (before?.get(`${name}_sum`) ?? 0);
  return { mean: count > 0 ? Number(((sum / count) * scale).toFixed(1)) : null, count };
}

export function stageFigures(before: StageSnapshot, after: StageSnapshot, wallSeconds: number): StageFigures {
  const batches = mean(before.ledger, after.ledger, ledgerMetricNames.batchSize);
  return {
    gatewayRoundTripMs: mean(before.gateway, after.gateway, kafkaMetricNames.requestReplyDuration, 1000).mean,
    ledgerBatchCommands: batches.mean,
    ledgerBatchMs: mean(before.ledger, after.ledger, ledgerMetricNames.batchApplyDuration, 1000).mean,
    ledgerBatchesPerSec: Number((batches.count / wallSeconds).toFixed(1)),
    historyBatchMessages: mean(before.history, after.history, kafkaMetricNames.consumerBatchSize).mean,
  };
}

export function describeStages(f: StageFigures): string {
  return `gateway round trip ${f.gatewayRoundTripMs ?? '-'} ms; ledger ${f.ledgerBatchesPerSec ?? '-'} batches/s of ${f.ledgerBatchCommands ?? '-'} commands, ${f.ledgerBatchMs ?? '-'} ms each; history batches of ${f.historyBatchMessages ?? '-'}`;
}
