import type { EventLoopUtilization } from 'node:perf_hooks';
import { CpuHeadroom, machineTimes } from './cpu-headroom';

/** A process and a machine the test drives: loop and machine times advance only when told. */
function world() {
  const state = { nowMs: 0, active: 0, idle: 0, machineIdle: 0, machineTotal: 0 };
  const pass = (ms: number, loopBusy: number, machineIdle: number, cores = 2) => {
    state.nowMs += ms;
    state.active += ms * loopBusy;
    state.idle += ms * (1 - loopBusy);
    state.machineTotal += ms * cores;
    state.machineIdle += ms * cores * machineIdle;
  };
  const options = {
    now: () => state.nowMs,
    loop: (): EventLoopUtilization => ({ active: state.active, idle: state.idle, utilization: 0 }),
    machine: () => ({ idle: state.machineIdle, total: state.machineTotal }),
  };
  return { pass, options };
}

const settings = { windowMs: 100, loopBusyMax: 0.5, machineIdleMin: 0.35 };

describe('CpuHeadroom: CPU to spare, measured over the last window', () => {
  it('when the loop and the machine were mostly idle over a window, then there is CPU to spare', () => {
    const { pass, options } = world();
    const headroom = new CpuHeadroom({ ...settings, ...options });
    pass(150, 0.1, 0.8);
    expect(headroom.spare()).toBe(true);
    expect(headroom.last).toEqual({ loopBusy: expect.closeTo(0.1, 5), machineIdle: expect.closeTo(0.8, 5) });
  });

  it('when the machine had too little idle CPU, then there is none to spare, however idle the loop', () => {
    const { pass, options } = world();
    const headroom = new CpuHeadroom({ ...settings, ...options });
    pass(150, 0.1, 0.2);
    expect(headroom.spare()).toBe(false);
  });

  it('when this process was busy, then there is none to spare, however idle the machine', () => {
    const { pass, options } = world();
    const headroom = new CpuHeadroom({ ...settings, ...options });
    pass(150, 0.7, 0.8);
    expect(headroom.spare()).toBe(false);
  });

  it('when asked within a window, then the last answer stands and nothing is measured; the next window measures again', () => {
    const { pass, options } = world();
    let machineReads = 0;
    const headroom = new CpuHeadroom({
      ...settings,
      ...options,
      machine: () => {
        machineReads += 1;
        return options.machine();
      },
    });
    // Before the first window has passed, nothing to spare.
    expect(headroom.spare()).toBe(false);
    pass(120, 0.1, 0.9);
    expect(headroom.spare()).toBe(true);
    const reads = machineReads;
    pass(50, 0.9, 0);
    expect(headroom.spare()).toBe(true);
    expect(machineReads).toBe(reads);
    pass(60, 0.9, 0);
    expect(headroom.spare()).toBe(false);
  });

  it('when the load comes and goes, then the answer follows it window by window', () => {
    const { pass, options } = world();
    const headroom = new CpuHeadroom({ ...settings, ...options });
    const answers: boolean[] = [];
    for (const [busy, idle] of [
      [0.1, 0.9],
      [0.2, 0.5],
      [0.3, 0.1],
      [0.2, 0.6],
    ] as const) {
      pass(100, busy, idle);
      answers.push(headroom.spare());
    }
    expect(answers).toEqual([true, true, false, true]);
  });

  it('when machineIdleMin is 0, then the machine is never read and the loop alone decides', () => {
    const { pass, options } = world();
    const headroom = new CpuHeadroom({
      ...settings,
      machineIdleMin: 0,
      ...options,
      machine: () => {
        throw new Error('read');
      },
    });
    pass(150, 0.2, 0);
    expect(headroom.spare()).toBe(true);
    expect(headroom.last?.machineIdle).toBeNull();
  });

  it("the machine's times add up over its cores", () => {
    const times = machineTimes();
    expect(times.total).toBeGreaterThan(0);
    expect(times.idle).toBeLessThanOrEqual(times.total);
  });
});
