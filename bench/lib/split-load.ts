/**
 * One closed-loop step against several instances of a design at once (the best-topology step of
 * `npm run bench`): the connections split evenly over their URLs, every instance loaded at the
 * same time, the CPU of every process from /proc around the step. The figures are the sums
 * (throughput) and the worst instance's (latency).
 */
import { cpuSnapshot, cpuUse, type CpuUse } from './cpu';
import { split } from './extra-processes';
import { runStep, type GeneratedRequest } from './load';
import { progressTick } from './step-report';

export interface SplitStepResult {
  label: string;
  instances: number;
  connections: number;
  transfersPerSec: number;
  /** The largest of the instances' own p50 and p99. */
  p50Ms: number;
  p99Ms: number;
  ok: number;
  non2xx: number;
  errors: number;
  cpu: CpuUse | null;
}

export async function splitLoadStep(spec: {
  label: string;
  urls: string[];
  connections: number;
  durationSec: number;
  next: () => GeneratedRequest;
  /** Label → pid of every process of the design (the load generator is added). */
  pids: () => Record<string, number | undefined>;
  /** A step whose figures are thrown away (warm-up, settling). */
  unobserved?: boolean;
}): Promise<SplitStepResult> {
  const shares = split(spec.connections, spec.urls.length);
  const pids = () => ({ ...spec.pids(), 'load generator': process.pid });
  const before = cpuSnapshot(pids());
  const started = performance.now();
  const steps = await Promise.all(
    spec.urls.map((url, i) =>
      runStep({
        label: `${spec.label} #${i + 1}`,
        url,
        kind: 'closed',
        connections: shares[i]!,
        durationSec: spec.durationSec,
        next: spec.next,
        ...(i === 0 ? { onTick: progressTick(`${spec.label} (the first instance's share)`, spec.durationSec) } : {}),
      }),
    ),
  );
  const wallSeconds = (performance.now() - started) / 1000;
  const ok = steps.reduce((n, s) => n + s.ok, 0);
  return {
    label: spec.label,
    instances: spec.urls.length,
    connections: spec.connections,
    transfersPerSec: Math.round(steps.reduce((n, s) => n + s.transfersPerSec, 0) * 10) / 10,
    p50Ms: Math.max(...steps.map((s) => s.p50Ms)),
    p99Ms: Math.max(...steps.map((s) => s.p99Ms)),
    ok,
    non2xx: steps.reduce((n, s) => n + s.non2xx, 0),
    errors: steps.reduce((n, s) => n + s.errors, 0),
    cpu: spec.unobserved ? null : cpuUse(before, cpuSnapshot(pids()), ok, wallSeconds),
  };
}
