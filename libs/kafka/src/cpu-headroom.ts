import { cpus } from 'node:os';
import { type EventLoopUtilization, performance } from 'node:perf_hooks';

/**
 * Whether there is CPU to spare now: what a consumer asks before it fetches ahead of an apply
 * (ApplyAhead `runAhead`). Fetching ahead saves a command the wait for the apply before it, but
 * costs more fetches and smaller applies; on cores that are busy that CPU costs more time than
 * the wait did (docs/PERFORMANCE.md "Applying ahead of the fetch"), on idle ones it is free.
 */
export interface Headroom {
  spare(): boolean;
}

/** CPU time of the whole machine, all cores summed, in ms. */
export interface MachineTimes {
  idle: number;
  total: number;
}

export interface CpuHeadroomOptions {
  /** A measurement spans at least this long; the next is taken on the first question after it (no timer). */
  windowMs: number;
  /** At most this share of the window may this process's event loop have been busy. */
  loopBusyMax: number;
  /**
   * At least this share of the machine's CPU time (every core) must have been idle in the
   * window. 0: the machine is not asked (a container whose quota the machine's figures do not
   * show: then its own loop is the measure).
   */
  machineIdleMin: number;
  now?: () => number;
  /** This process's event-loop utilisation so far (perf_hooks `eventLoopUtilization`). */
  loop?: () => EventLoopUtilization;
  /** The machine's CPU times so far (`os.cpus()`, /proc/stat on Linux). */
  machine?: () => MachineTimes;
}

/**
 * What the ledger's command consumer runs with (docs/decisions/0020-fetch-ahead-on-spare-cpu.md):
 * on the 2-core machine the stack left about a quarter of the CPU idle at 10 % of the baseline's
 * peak and a tenth at 50 % (docs/PERFORMANCE.md).
 */
export const defaultHeadroom: Pick<CpuHeadroomOptions, 'windowMs' | 'loopBusyMax' | 'machineIdleMin'> = {
  windowMs: 200,
  loopBusyMax: 0.5,
  machineIdleMin: 0.2,
};

export function machineTimes(): MachineTimes {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/**
 * Spare CPU judged from what was measured over the last window: this process's event loop busy
 * at most `loopBusyMax` of it, and the machine idle at least `machineIdleMin` of its CPU time.
 * Measured only when asked, at most once a window (an idle consumer asks nothing, and wakes for
 * nothing); until the first window has passed there is none to spare. A long quiet spell is one
 * long window, so the first command after it is fetched ahead of nothing and the answer is
 * measured fresh soon after.
 */
export class CpuHeadroom implements Headroom {
  private readonly now: () => number;
  private readonly loop: () => EventLoopUtilization;
  private readonly machine: () => MachineTimes;
  private since: { atMs: number; loop: EventLoopUtilization; machine: MachineTimes | null };
  private answer = false;
  /** What the last window measured (for metrics and logs). */
  last: { loopBusy: number; machineIdle: number | null } | null = null;

  constructor(private readonly options: CpuHeadroomOptions) {
    this.now = options.now ?? (() => performance.now());
    this.loop = options.loop ?? (() => performance.eventLoopUtilization());
    this.machine = options.machine ?? machineTimes;
    this.since = this.sample();
  }

  spare(): boolean {
    if (this.now() - this.since.atMs < this.options.windowMs) return this.answer;
    const previous = this.since;
    this.since = this.sample();
    const loop = this.since.loop;
    const activeMs = loop.active - previous.loop.active;
    const idleMs = loop.idle - previous.loop.idle;
    const loopBusy = activeMs + idleMs > 0 ? activeMs / (activeMs + idleMs) : 0;
    let machineIdle: number | null = null;
    if (this.since.machine && previous.machine) {
      const totalMs = this.since.machine.total - previous.machine.total;
      machineIdle = totalMs > 0 ? (this.since.machine.idle - previous.machine.idle) / totalMs : 1;
    }
    this.last = { loopBusy, machineIdle };
    this.answer = loopBusy <= this.options.loopBusyMax && (machineIdle === null || machineIdle >= this.options.machineIdleMin);
    return this.answer;
  }

  private sample(): CpuHeadroom['since'] {
    return { atMs: this.now(), loop: this.loop(), machine: this.options.machineIdleMin > 0 ? this.machine() : null };
  }
}
