import { baselineTopology, parseTopology, pipelineTopology } from './topology';

// CPU ms per transfer at the 1×1 peaks of the run in bench/results/latest.json (2 cores, c=512).
const pipeline = {
  gateway: 0.511,
  postgres: 0.236,
  ledger: 0.228,
  kafka: 0.072,
  history: 0.066,
  redis: 0.037,
  user: 0.008,
  'load generator': 0.134,
};
const baseline = { postgres: 1.141, baseline: 1.009, 'load generator': 0.228, kafka: 0.019, redis: 0.003 };

describe('the best topology for a machine', () => {
  it('when the machine has 2 cores, then both designs are best as measured: 1×1 and one baseline process with the whole pool', () => {
    expect(pipelineTopology({ cores: 2, msPerTransfer: pipeline, ledgerPartitions: 6 })).toEqual({ gateways: 1, ledgers: 1 });
    expect(baselineTopology({ cores: 2, msPerTransfer: baseline, poolMax: 20 })).toEqual({ processes: 1, poolEach: 20 });
  });

  it('when the machine has 16 cores, then each tier gets its share of them and the baseline its pool split', () => {
    // Gateway 0.511 of 1.158 ms (44 %) → 7; ledger 20 % → 3; the baseline's process 46 % → 7.
    expect(pipelineTopology({ cores: 16, msPerTransfer: pipeline, ledgerPartitions: 6 })).toEqual({ gateways: 7, ledgers: 3 });
    expect(baselineTopology({ cores: 16, msPerTransfer: baseline, poolMax: 20 })).toEqual({ processes: 7, poolEach: 2 });
  });

  it('when the ledger share asks for more ledgers than partitions, then there is one per partition', () => {
    expect(pipelineTopology({ cores: 64, msPerTransfer: pipeline, ledgerPartitions: 6 }).ledgers).toBe(6);
  });

  it('when a figure is missing, then the tier still gets one process', () => {
    expect(pipelineTopology({ cores: 16, msPerTransfer: {}, ledgerPartitions: 6 })).toEqual({ gateways: 1, ledgers: 1 });
    expect(baselineTopology({ cores: 16, msPerTransfer: {}, poolMax: 20 })).toEqual({ processes: 1, poolEach: 20 });
  });

  it('when a topology is given, then it is read as gateways x ledgers : baseline processes, or refused', () => {
    expect(parseTopology('2x1:2', 20)).toEqual({ gateways: 2, ledgers: 1, baseline: { processes: 2, poolEach: 10 } });
    expect(() => parseTopology('2x0:1', 20)).toThrow('BENCH_BEST_TOPOLOGY');
    expect(() => parseTopology('2x1', 20)).toThrow('BENCH_BEST_TOPOLOGY');
  });
});
