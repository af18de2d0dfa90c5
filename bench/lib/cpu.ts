/**
 * Where the CPU goes during one load step: CPU seconds per component (each service process, the
 * Kafka JVM, every PostgreSQL process, Redis, the load generator itself), read from /proc before
 * and after the step, divided by the transfers the step committed. On a machine where everything
 * shares two cores, this says which component a design change has to make cheaper.
 *
 * Linux only (/proc); elsewhere the snapshot is empty and the step reports no CPU figures.
 * A PostgreSQL backend that exits (a pool closing idle connections) leaves the live processes'
 * sum, and its CPU moves into the postmaster's cutime/cstime once reaped: the infrastructure
 * processes therefore count their reaped children too, so the figure stays continuous. (Without
 * that, a step after the baseline's pool shrank read PostgreSQL at 0.00 ms per transfer.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** CPU seconds so far, by component. */
export type CpuSnapshot = Map<string, number>;

/** Processes whose CPU is summed by their command name, whatever their pid. */
const byCommandName: Record<string, string> = { java: 'kafka', postgres: 'postgres', 'redis-server': 'redis' };

const ticksPerSecond = 100; // USER_HZ: 100 on every Linux this runs on

/**
 * utime + stime of one process in seconds, the same for its reaped children (cutime + cstime),
 * and its command name; null when it is gone.
 */
function readStat(pid: number): { name: string; seconds: number; reapedChildrenSeconds: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself contain spaces or parentheses.
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    // After the name: state is field 3 of stat(5), so utime (14), stime (15), cutime (16) and
    // cstime (17) are at 11 to 14 here.
    return {
      name: stat.slice(open + 1, close),
      seconds: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond,
      reapedChildrenSeconds: (Number(fields[13]) + Number(fields[14])) / ticksPerSecond,
    };
  } catch {
    return null;
  }
}

/**
 * A snapshot of the named processes (label → pid, e.g. the services of a ProcessStack) plus the
 * infrastructure processes found by command name.
 */
export function cpuSnapshot(named: Record<string, number | undefined>): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  if (!existsSync('/proc/self/stat')) return snapshot;
  for (const [label, pid] of Object.entries(named)) {
    const stat = pid ? readStat(pid) : null;
    if (stat) snapshot.set(label, stat.seconds);
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    const label = stat ? byCommandName[stat.name] : undefined;
    // Not for the named processes: the load generator's reaped children would be services.
    if (stat && label) snapshot.set(label, (snapshot.get(label) ?? 0) + stat.seconds + stat.reapedChildrenSeconds);
  }
  return snapshot;
}

export interface CpuUse {
  /** CPU milliseconds per committed transfer, by component, largest first. */
  msPerTransfer: Record<string, number>;
  /** All components together, in cores (2.0 = both cores of a 2-core machine busy). */
  coresBusy: number;
}

export function cpuUse(before: CpuSnapshot, after: CpuSnapshot, transfers: number, wallSeconds: number): CpuUse | null {
  if (after.size === 0 || transfers === 0) return null;
  const spent: Array<[string, number]> = [];
  for (const [label, seconds] of after) spent.push([label, Math.max(0, seconds - (before.get(label) ?? seconds))]);
  spent.sort((a, b) => b[1] - a[1]);
  const total = spent.reduce((sum, [, s]) => sum + s, 0);
  return {
    msPerTransfer: Object.fromEntries(spent.map(([label, s]) => [label, Number(((s * 1000) / transfers).toFixed(3))])),
    coresBusy: Number((total / wallSeconds).toFixed(2)),
  };
}

/** `a 0.41, b 0.20 ms` — for the progress line and the markdown summary. */
export function describeCpuUse(use: CpuUse): string {
  const parts = Object.entries(use.msPerTransfer).map(([label, ms]) => `${label} ${ms.toFixed(2)}`);
  const total = Object.values(use.msPerTransfer).reduce((a, b) => a + b, 0);
  return `CPU ms per transfer ${total.toFixed(2)} (${parts.join(', ')}); ${use.coresBusy} cores busy`;
}
