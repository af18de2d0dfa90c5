/** How a load step reports itself: its progress line while it runs, its summary line after. */
import type { StepResult } from './load';
import { status } from './progress';

export function progressTick(label: string, durationSec: number) {
  return (p: { elapsedSec: number; okLastSec: number; ok: number; failed: number }) =>
    status(`${label}: ${p.elapsedSec.toFixed(0)}/${durationSec} s, ${p.okLastSec} ok/s, ${p.ok} ok, ${p.failed} not ok`);
}

export function describeStep(r: StepResult): string {
  const codes = Object.entries(r.statusCodes)
    .map(([c, n]) => `${c}:${n}`)
    .join(' ');
  return `${r.label}: ${r.transfersPerSec} transfers/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (${codes}${r.errors ? `, ${r.errors} errors` : ''}${r.timeouts ? `, ${r.timeouts} timeouts` : ''})`;
}
