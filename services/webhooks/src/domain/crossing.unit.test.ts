import fc from 'fast-check';
import { balanceMinorOf, crossingOf, type MonitorRule } from './crossing';

const down: MonitorRule = { thresholdMinor: 100_000, direction: 'down' };
const up: MonitorRule = { thresholdMinor: 100_000, direction: 'up' };
const both: MonitorRule = { thresholdMinor: 100_000, direction: 'both' };

describe('a balance monitor crossing, decided from one balance change alone', () => {
  it('when the balance goes from at or above the threshold to below it, then a down monitor fires down', () => {
    expect(crossingOf(down, { previousMinor: 100_000, balanceMinor: 99_999 })).toBe('down');
    expect(crossingOf(down, { previousMinor: 150_000, balanceMinor: 0 })).toBe('down');
    expect(crossingOf(both, { previousMinor: 100_000, balanceMinor: 99_999 })).toBe('down');
    expect(crossingOf(up, { previousMinor: 100_000, balanceMinor: 99_999 })).toBeNull();
  });

  it('when the balance goes from below the threshold to at or above it, then an up monitor fires up', () => {
    expect(crossingOf(up, { previousMinor: 99_999, balanceMinor: 100_000 })).toBe('up');
    expect(crossingOf(both, { previousMinor: 0, balanceMinor: 250_000 })).toBe('up');
    expect(crossingOf(down, { previousMinor: 99_999, balanceMinor: 100_000 })).toBeNull();
  });

  it('when the balance stays on one side (a transaction below the threshold), then nothing fires', () => {
    for (const rule of [down, up, both]) {
      expect(crossingOf(rule, { previousMinor: 50_000, balanceMinor: 40_000 })).toBeNull();
      expect(crossingOf(rule, { previousMinor: 100_000, balanceMinor: 120_000 })).toBeNull();
      expect(crossingOf(rule, { previousMinor: 99_999, balanceMinor: 99_999 })).toBeNull();
    }
  });

  it('when a threshold is 0, then only a negative balance is below it', () => {
    const zero: MonitorRule = { thresholdMinor: 0, direction: 'both' };
    expect(crossingOf(zero, { previousMinor: 1, balanceMinor: 0 })).toBeNull();
    expect(crossingOf(zero, { previousMinor: 0, balanceMinor: -1 })).toBe('down');
  });

  it('when a walk of balances is replayed change by change, then a both monitor fires once per side change, alternating', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000 }),
        fc.array(fc.integer({ min: -2_000, max: 2_000 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 2_000 }),
        (start, moves, thresholdMinor) => {
          const balances = [start];
          for (const move of moves) balances.push((balances[balances.length - 1] as number) + move);
          const fired: string[] = [];
          for (let i = 1; i < balances.length; i++) {
            const crossing = crossingOf(
              { thresholdMinor, direction: 'both' },
              { previousMinor: balances[i - 1] as number, balanceMinor: balances[i] as number },
            );
            if (crossing) fired.push(crossing);
          }
          const side = (b: number) => (b >= thresholdMinor ? 'above' : 'below');
          let sideChanges = 0;
          for (let i = 1; i < balances.length; i++) if (side(balances[i - 1] as number) !== side(balances[i] as number)) sideChanges++;
          expect(fired.length).toBe(sideChanges);
          // Crossings alternate: a wallet cannot go down twice without going up in between.
          for (let i = 1; i < fired.length; i++) expect(fired[i]).not.toBe(fired[i - 1]);
          // A down monitor fires exactly the down crossings of the same walk, an up monitor the up ones.
          const only = (direction: 'down' | 'up') =>
            balances
              .slice(1)
              .filter((b, i) => crossingOf({ thresholdMinor, direction }, { previousMinor: balances[i] as number, balanceMinor: b }))
              .length;
          expect(only('down')).toBe(fired.filter((f) => f === 'down').length);
          expect(only('up')).toBe(fired.filter((f) => f === 'up').length);
        },
      ),
    );
  });
});

describe('a balance in coins from an event, in minor units', () => {
  it('when it has at most 2 decimals, then it is the exact integer of minor units, negatives too', () => {
    expect(balanceMinorOf(1012.5)).toBe(101_250);
    expect(balanceMinorOf(0.07)).toBe(7);
    expect(balanceMinorOf(-3.1)).toBe(-310);
    expect(balanceMinorOf(0)).toBe(0);
  });

  it('when it has more decimals or is not a finite number, then it is refused (null)', () => {
    expect(balanceMinorOf(0.001)).toBeNull();
    expect(balanceMinorOf(Number.NaN)).toBeNull();
    expect(balanceMinorOf(Number.POSITIVE_INFINITY)).toBeNull();
    expect(balanceMinorOf(1e300)).toBeNull();
  });
});
