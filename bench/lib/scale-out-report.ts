/** The report of `npm run bench:scale-out` (../scale-out.ts): the table, the reading, the markdown page. */
import type { CpuUse } from './cpu';
import type { StepResult } from './load';

/** The ledger command group after a change of its members: per member, its command partitions. */
export interface LedgerGroupState {
  state: string;
  members: Array<{ clientHost: string; partitions: number[] }>;
}

export interface GatewayFigures {
  label: string;
  connections: number;
  transfersPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses the load generator got from this gateway in the step (2xx and not). */
  httpAnswered: number;
  /**
   * coin_kafka_request_reply_duration_seconds_count delta: the commands this gateway sent and answered
   * in the step (its requests still in flight when the load generator stopped included).
   */
  answered: number;
  /** coin_kafka_replies_read_total delta: replies this gateway read from its reply partition. */
  repliesRead: number;
  step: StepResult;
}

export interface ConfigResult {
  config: string;
  /** Ledger shards the store was split over (docs/design/ledger.md "Shards"); absent in runs before the dimension: 1. */
  shards?: number;
  gateways: number;
  ledgers: number;
  transfersPerSec: number;
  /** The largest of the gateways' step p50 and p99 (each gateway's own step). */
  p50MsMax: number;
  p99MsMax: number;
  errors: number;
  non2xx: number;
  cpuMsPerTransfer: {
    gateways: number;
    ledgers: number;
    user: number;
    history: number;
    kafka: number;
    postgres: number;
    redis: number;
    total: number;
    loadGenerator: number;
  } | null;
  coresBusy: number | null;
  cpuByProcess: CpuUse | null;
  ledgerGroup: LedgerGroupState;
  perGateway: GatewayFigures[];
}

/** What one run wrote to bench/results/scale-out.json. */
export interface ScaleOutRun {
  startedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string };
  settings: {
    configs: Array<{ gateways: number; ledgers: number }>;
    /** The layouts run in order (1 or 2 shards); absent: one shard. */
    shards?: number[];
    connections: number;
    stepSec: number;
    warmupSec: number;
    settleSec: number;
    users: number;
  };
  results: ConfigResult[];
  invariants: { ok: boolean; details: Record<string, unknown> };
  unexpectedExits: string[];
  notes: string[];
}

function ratio(x: number | undefined, of: number | undefined): string {
  return x === undefined || of === undefined || of === 0 ? '—' : `${(x / of).toFixed(2)}×`;
}

export function scaleOutTable(results: ConfigResult[]): string[] {
  const sorted = [...results].sort((a, b) => a.ledgers - b.ledgers || a.gateways - b.gateways);
  const base = results.find((r) => r.gateways === 1 && r.ledgers === 1);
  const lines = [
    '| gateways × ledgers (shards) | transfers/s (vs 1×1) | p50 ms (max) | p99 ms (max) | CPU ms/transfer: gateways | ledgers | user | history | Kafka | PostgreSQL | Redis | total (vs 1×1) | cores busy | replies read / answered, per gateway |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of sorted) {
    const c = r.cpuMsPerTransfer;
    const f = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(2));
    const perGateway = r.perGateway.map((g) => `${g.repliesRead} / ${g.answered}`).join('; ');
    lines.push(
      `| ${r.gateways} × ${r.ledgers}${r.shards && r.shards > 1 ? ` (${r.shards} shards)` : ''} | ${Math.round(r.transfersPerSec)} (${ratio(r.transfersPerSec, base?.transfersPerSec)}) | ${r.p50MsMax} | ${r.p99MsMax} | ${f(c?.gateways)} | ${f(c?.ledgers)} | ${f(c?.user)} | ${f(c?.history)} | ${f(c?.kafka)} | ${f(c?.postgres)} | ${f(c?.redis)} | ${f(c?.total)} (${ratio(c?.total, base?.cpuMsPerTransfer?.total)}) | ${r.coresBusy ?? '—'} | ${perGateway} |`,
    );
  }
  return lines;
}

/** "0.99 → 1.10 → 1.40 ms with 1 → 2 → 3 gateways": one component's CPU per transfer along one axis. */
function along(rows: ConfigResult[], axis: 'gateways' | 'ledgers', component: 'gateways' | 'ledgers'): string | null {
  const sorted = rows.filter((r) => r.cpuMsPerTransfer).sort((a, b) => a[axis] - b[axis]);
  if (sorted.length < 2) return null;
  const ms = sorted.map((r) => r.cpuMsPerTransfer![component].toFixed(2)).join(' → ');
  return `${ms} ms with ${sorted.map((r) => r[axis]).join(' → ')} ${axis}`;
}

/**
 * Two shards against one, per configuration of gateways x ledgers: the ratio of the means of the
 * runs of each layout (interleaved runs, BENCH_SCALE_SHARDS=1,2,1,2), throughput and CPU per transfer.
 */
export function shardsComparison(results: ConfigResult[]): string[] {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const lines: string[] = [];
  for (const key of [...new Set(results.map((r) => `${r.gateways}x${r.ledgers}`))]) {
    const of = (shards: number) => results.filter((r) => `${r.gateways}x${r.ledgers}` === key && (r.shards ?? 1) === shards);
    const one = of(1);
    const two = of(2);
    if (one.length === 0 || two.length === 0) continue;
    const tps = (rs: ConfigResult[]) => mean(rs.map((r) => r.transfersPerSec));
    const cpu = (rs: ConfigResult[], part: 'total' | 'postgres' | 'ledgers') =>
      mean(rs.filter((r) => r.cpuMsPerTransfer).map((r) => r.cpuMsPerTransfer![part]));
    lines.push(
      `${key}: 2 shards / 1 shard = ${ratio(tps(two), tps(one))} transfers/s (${Math.round(tps(two))} / ${Math.round(tps(one))}, means of ${two.length} and ${one.length} runs); ` +
        `CPU ms per transfer ${ratio(cpu(two, 'total'), cpu(one, 'total'))} in all (PostgreSQL ${ratio(cpu(two, 'postgres'), cpu(one, 'postgres'))}, ledgers ${ratio(cpu(two, 'ledgers'), cpu(one, 'ledgers'))})`,
    );
  }
  return lines;
}

export function scaleOutReading(results: ConfigResult[], machineCpus: number): string {
  const base = results.find((r) => r.gateways === 1 && r.ledgers === 1);
  const best = results.reduce((a, b) => (b.transfersPerSec > a.transfersPerSec ? b : a), results[0]!);
  const worst = results.reduce((a, b) => (b.transfersPerSec < a.transfersPerSec ? b : a), results[0]!);
  const pairs = results.flatMap((r) => r.perGateway);
  const exact = pairs.filter((g) => g.repliesRead === g.answered).length;
  const ratios = pairs.filter((g) => g.answered > 0).map((g) => g.repliesRead / g.answered);
  const busy = results.map((r) => r.coresBusy).filter((c): c is number => c !== null);
  const cpuTotals = results.filter((r) => r.cpuMsPerTransfer).map((r) => `${r.config} ${r.cpuMsPerTransfer!.total.toFixed(2)}`);
  const gatewaysGrow = along(
    results.filter((r) => r.ledgers === 1),
    'gateways',
    'gateways',
  );
  const ledgersGrow = along(
    results.filter((r) => r.gateways === 1),
    'ledgers',
    'ledgers',
  );
  return [
    `Every process runs on this one ${machineCpus}-core machine, so more instances cannot add CPU, and the throughput of the configurations`,
    `(${Math.round(worst.transfersPerSec)}/s for ${worst.config} to ${Math.round(best.transfersPerSec)}/s for ${best.config}${base && base !== worst && base !== best ? `, 1x1 ${Math.round(base.transfersPerSec)}/s` : ''})`,
    `is a share of the same cores, not capacity a second machine would add${
      busy.length > 0 && Math.max(...busy) < machineCpus * 0.9
        ? ` — the bench's processes kept only ${Math.min(...busy)} to ${Math.max(...busy)} of the ${machineCpus} cores busy: the rest went to other work on the box, so the throughput also moves with that outside load.`
        : '.'
    }`,
    `What the run does show is what each extra instance costs per transfer (total CPU ms per transfer: ${cpuTotals.join(', ')})`,
    gatewaysGrow || ledgersGrow
      ? `— the gateways' CPU per transfer ${gatewaysGrow ?? 'n/a'} (1 ledger), the ledgers' ${ledgersGrow ?? 'n/a'} (1 gateway) —`
      : '',
    `and that the reply path scales: ${exact === pairs.length ? `every gateway read exactly one reply per command it answered (${exact} of ${pairs.length} gateway steps)` : `the gateways read ${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)} replies per command they answered`},`,
    "its own replies and none of the other gateways', so the reply-reading work of a gateway grows with its own traffic, not with the number of gateways,",
    'while the ledger instances split the command partitions between them (ledgerGroup in the JSON).',
  ]
    .filter(Boolean)
    .join(' ');
}

export function scaleOutMarkdown(run: ScaleOutRun): string {
  const { startedAt, machine, settings, results, invariants, unexpectedExits: exits } = run;
  return [
    `# Scale-out on one box ${startedAt}`,
    '',
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}; every process (services, Kafka, PostgreSQL, Redis, load generator) on this one box.`,
    `Configurations run in this order: ${settings.configs.map((c) => `${c.gateways}x${c.ledgers}`).join(', ')}. One stack; per configuration the extra gateways and ledgers were started or stopped, the ledger group left to settle (${settings.settleSec} s of load, then until Stable), ${settings.warmupSec} s warm-up, then one closed-loop step of ${settings.stepSec} s with ${settings.connections} connections split evenly over the gateways, all loaded at once. Command: \`npm run bench:scale-out\`.`,
    '',
    ...scaleOutTable(results),
    '',
    ...(shardsComparison(results).length > 0
      ? ['Shards (both PostgreSQL clusters on this one machine):', '', ...shardsComparison(results).map((l) => `- ${l}`), '']
      : []),
    "transfers/s: the sum over the gateways. p50/p99: the largest of the gateways' own step p50/p99. CPU: ms per committed transfer from /proc (gateways and ledgers summed over their instances; Kafka, PostgreSQL and Redis are all processes of that name on the machine, so other load on the box lands there too; total excludes the load generator). Replies read / answered: per gateway, the deltas of coin_kafka_replies_read_total and of coin_kafka_request_reply_duration_seconds_count (the commands it sent and answered) over the step, both read once the gateway had nothing in flight before and after it; the load generator's own count of responses per gateway is httpAnswered in the JSON.",
    '',
    scaleOutReading(results, machine.cpus),
    '',
    `Invariants: **${invariants.ok ? 'ok' : 'VIOLATED'}**${exits.length > 0 ? `; unexpected exits: ${exits.join('; ')}` : ''}.`,
    '',
  ].join('\n');
}
