import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  machineSpeedFactor,
  measureWorkloadMs,
  recordFactorOnce,
  referenceWorkloadMs,
  scaledBound,
  speedFactorMax,
  speedFactorOf,
  speedFactorVariable,
} from './machine-speed';

describe('the machine-speed factor of a run', () => {
  const before = process.env[speedFactorVariable];
  afterEach(() => {
    if (before === undefined) delete process.env[speedFactorVariable];
    else process.env[speedFactorVariable] = before;
  });

  it('when the workload takes its reference time or less, then the factor is 1: a faster machine keeps the bounds as set', () => {
    expect(speedFactorOf(referenceWorkloadMs)).toBe(1);
    expect(speedFactorOf(referenceWorkloadMs / 3)).toBe(1);
  });

  it('when the workload takes longer, then the factor is the ratio, rounded up, and at most the cap', () => {
    expect(speedFactorOf(47.5, 19)).toBe(2.5);
    expect(speedFactorOf(20, 19)).toBe(1.06);
    expect(speedFactorOf(referenceWorkloadMs * 50)).toBe(speedFactorMax);
  });

  it('when the run carries a factor, then bounds are scaled by it and nothing is measured', () => {
    process.env[speedFactorVariable] = '2.5';
    expect(machineSpeedFactor()).toBe(2.5);
    expect(scaledBound(3000)).toBe(7500);
    expect(scaledBound(1001)).toBe(2503);
  });

  it.each(['', '0.5', 'fast'])(
    'when the variable holds %p, then the factor is measured, at least 1, and left in the variable for the rest of the run',
    (value) => {
      process.env[speedFactorVariable] = value;
      const factor = machineSpeedFactor();
      expect(factor).toBeGreaterThanOrEqual(1);
      expect(factor).toBeLessThanOrEqual(speedFactorMax);
      expect(process.env[speedFactorVariable]).toBe(String(factor));
      expect(scaledBound(1000)).toBe(Math.ceil(1000 * factor));
    },
  );

  it('then the workload takes a measurable time (a workload optimised away would make every machine look fast)', () => {
    expect(measureWorkloadMs()).toBeGreaterThan(1);
  });
});

describe('the factor a tier’s cost report shows', () => {
  it('when a jest run nested in the tier measures again, then the tier’s own factor, written first, stays', () => {
    const dir = mkdtempSync(join(tmpdir(), 'speed-factor-'));
    try {
      const file = join(dir, '.run', 'machine-speed-factor');
      expect(recordFactorOnce(file, '1.3 (measured)')).toBe(true);
      expect(recordFactorOnce(file, '5.64 (measured)')).toBe(false);
      expect(readFileSync(file, 'utf8')).toBe('1.3 (measured)\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
