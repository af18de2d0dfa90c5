import { compareRounds, describeComparison, type Measure, measuresOf, median, roundOrder } from './ab-report';

const m = (name: string, value: number, better: Measure['better'] = 'lower'): Measure => ({ name, value, better });

describe('npm run bench -- --ab: the comparison', () => {
  it('alternates the order of the builds round by round', () => {
    expect(roundOrder(4)).toEqual([
      ['this', 'ref'],
      ['ref', 'this'],
      ['this', 'ref'],
      ['ref', 'this'],
    ]);
  });

  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('compares the medians and spreads the rounds’ own ratios; a spread across 1 is noise, one side of it is not', () => {
    const mine = [
      [m('cpu', 1.1), m('peak', 900, 'higher')],
      [m('cpu', 0.9), m('peak', 800, 'higher')],
      [m('cpu', 1.0), m('peak', 850, 'higher')],
    ];
    const theirs = [
      [m('cpu', 1.0), m('peak', 1000, 'higher')],
      [m('cpu', 1.0), m('peak', 1000, 'higher')],
      [m('cpu', 1.0), m('peak', 950, 'higher')],
    ];
    const [cpu, peak] = compareRounds(mine, theirs);
    expect(cpu).toMatchObject({ name: 'cpu', thisMedian: 1, refMedian: 1, ratio: 1, beyondNoise: false });
    expect(cpu!.spread[0]).toBeCloseTo(0.9);
    expect(cpu!.spread[1]).toBeCloseTo(1.1);
    expect(peak).toMatchObject({ thisMedian: 850, refMedian: 1000, ratio: 0.85, beyondNoise: true });
    const table = describeComparison([cpu!, peak!], { this: 'a', ref: 'b', rounds: 3 });
    expect(table).toContain('| cpu | 1.00 | 1.00 | 1.00× | 0.90–1.10 | within noise |');
    expect(table).toContain('| peak | 850 | 1000 | 0.85× | 0.80–0.90 | worse |');
  });

  it('reads the peak, c=16, the hot account and each equal-rate step of a pipeline-only run, the floor’s median beside it when the floor ran, and the ledger’s applies and commands per transfer', () => {
    const measures = measuresOf({
      pipeline: { transfersPerSec: 1500, steps: [{ kind: 'closed', connections: 16, transfersPerSec: 380, p50Ms: 38 }] },
      hotAccount: { purchasesPerSec: 2500 },
      equalRate: {
        rows: [
          {
            label: '10%',
            pipeline: { p50Ms: 21, p99Ms: 90, systemCpuMsPerTransfer: 12.4, cpuMsPerTransfer: { gateway: 3, ledger: 3.2 } },
          },
          {
            label: '25%',
            pipeline: { p50Ms: 12, p99Ms: 40, achievedPerSec: 220, stages: { ledgerBatchesPerSec: 110, ledgerBatchCommands: 3 } },
            floor: { p50Ms: 4 },
          },
        ],
      },
    });
    expect(measures.map((x) => `${x.name}=${x.value}`)).toEqual([
      'peak transfers/s=1500',
      'c=16 transfers/s=380',
      'c=16 p50 ms=38',
      'hot account purchases/s=2500',
      '10% p50 ms=21',
      '10% p99 ms=90',
      '10% CPU ms/transfer=12.4',
      '10% CPU ms/transfer: gateway=3',
      '10% CPU ms/transfer: ledger=3.2',
      '25% p50 ms=12',
      '25% p99 ms=40',
      '25% floor p50 ms=4',
      '25% p50 ÷ floor p50=3',
      '25% ledger applies/transfer=0.5',
      '25% ledger commands/transfer=1.5',
    ]);
  });
});
