/**
 * The best topology of each design for a machine's cores, from the CPU each
 * process took per transfer at the design's 1×1 peak in the same run. A Node process runs on one
 * core at most, so a tier needs about (its share of the CPU per transfer) × cores processes to
 * keep the machine full: the gateway, the busiest process, gets the most, and the ledgers at most
 * one per partition of ledger.commands. The baseline's only Node process gets its share the same
 * way (the rest is PostgreSQL), over the same pool of database connections as one process has.
 * On 2 cores this gives 1×1 and one baseline process: the best topology is the one measured.
 */

export interface PipelineTopology {
  gateways: number;
  ledgers: number;
}

export interface BaselineTopology {
  processes: number;
  /** Connections per process: the one-process pool split over them, at least 1 each. */
  poolEach: number;
}

export type Topology = PipelineTopology & { baseline: BaselineTopology };

const loadGenerator = 'load generator';

/** Processes a tier needs so that its share of the work can use its share of `cores`. */
function processesFor(share: number, cores: number): number {
  return Math.max(1, Math.round(share * cores));
}

function shareOf(msPerTransfer: Record<string, number>, name: string): number {
  let total = 0;
  for (const [process, ms] of Object.entries(msPerTransfer)) if (process !== loadGenerator && Number.isFinite(ms)) total += ms;
  const own = msPerTransfer[name] ?? 0;
  return total > 0 ? own / total : 0;
}

/** `msPerTransfer`: CPU ms per committed transfer by process at the pipeline's 1×1 peak. */
export function pipelineTopology(input: {
  cores: number;
  msPerTransfer: Record<string, number>;
  ledgerPartitions: number;
}): PipelineTopology {
  return {
    gateways: processesFor(shareOf(input.msPerTransfer, 'gateway'), input.cores),
    ledgers: Math.min(input.ledgerPartitions, processesFor(shareOf(input.msPerTransfer, 'ledger'), input.cores)),
  };
}

/** `msPerTransfer`: the same at the baseline's one-process peak; `poolMax`: its one process's pool. */
export function baselineTopology(input: { cores: number; msPerTransfer: Record<string, number>; poolMax: number }): BaselineTopology {
  const processes = processesFor(shareOf(input.msPerTransfer, 'baseline'), input.cores);
  return { processes, poolEach: Math.max(1, Math.floor(input.poolMax / processes)) };
}

/** "2x1:2" → 2 gateways × 1 ledger, 2 baseline processes (BENCH_BEST_TOPOLOGY: to try a topology the cores would not give). */
export function parseTopology(text: string, baselinePoolMax: number): Topology {
  const match = /^(\d+)x(\d+):(\d+)$/.exec(text.trim());
  if (!match || [match[1], match[2], match[3]].some((n) => Number(n) < 1))
    throw new Error(`BENCH_BEST_TOPOLOGY: "${text}" is not <gateways>x<ledgers>:<baseline processes>, each at least 1`);
  const processes = Number(match[3]);
  return {
    gateways: Number(match[1]),
    ledgers: Number(match[2]),
    baseline: { processes, poolEach: Math.max(1, Math.floor(baselinePoolMax / processes)) },
  };
}
