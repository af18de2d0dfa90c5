import { progressLine } from './history-rebuild';

describe('history:rebuild progress line', () => {
  it('when the end is estimated, then a bar with the share done, the count, the rate and the id', () => {
    const line = progressLine({ done: 5000, estimatedLastId: 10_000, afterId: 5000, resumed: false }, 0, 2000);
    expect(line).toBe('[###############---------------] ~50% 5,000 transactions, 2,500/s, at id 5000');
  });

  it('when the projection was empty, then no bar (nothing to estimate from), and a resumed run says so', () => {
    expect(progressLine({ done: 10, estimatedLastId: 0, afterId: 10, resumed: true }, 0, 1000)).toBe(
      'resumed, 10 transactions, 10/s, at id 10',
    );
  });

  it('when the ledger is beyond the estimate, then the bar stops at 100%', () => {
    expect(progressLine({ done: 30, estimatedLastId: 10, afterId: 30, resumed: false }, 0, 1000)).toContain('~100%');
  });
});
