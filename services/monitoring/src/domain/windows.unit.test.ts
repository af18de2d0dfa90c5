import { RuleEngine } from './evaluate';
import { type FanOutRule, presetRules, ruleProblem } from './rules';
import { backtest } from './backtest';
import { ClientCountStore, ClientSeriesStore, EdgeWindows } from './windows';

const edge = (at: number, amountMinor = 1) => ({ transactionId: at, at, amountMinor, peer: null, peerNew: false });

describe('bounded windows', () => {
  it('keeps at most maxPerKey edges per key and maxKeys keys, the least recently touched going first', () => {
    const windows = new EdgeWindows({ maxKeys: 2, maxPerKey: 3 }, 1_000_000);
    for (let i = 0; i < 5; i++) windows.add('a', edge(i));
    expect(windows.since('a', 0).map((e) => e.at)).toEqual([2, 3, 4]);
    windows.add('b', edge(5));
    windows.add('a', edge(6));
    windows.add('c', edge(7));
    expect(windows.since('b', 0)).toEqual([]);
    expect(windows.size).toEqual({ keys: 2, edges: 4 });
  });

  it('expires what the horizon has left behind', () => {
    const windows = new EdgeWindows({ maxKeys: 10, maxPerKey: 10 }, 100);
    windows.add('a', edge(0));
    windows.add('b', edge(50));
    windows.add('b', edge(170));
    expect(windows.sweep()).toBe(1);
    expect(windows.size).toEqual({ keys: 1, edges: 1 });
  });

  it('an engine over a million movements of distinct wallets stays within its limits', () => {
    const engine = new RuleEngine(presetRules, { maxKeys: 1_000, maxPerKey: 10 });
    const profiles = new Map();
    for (let i = 0; i < 100_000; i++) {
      engine.observe(
        { transactionId: i + 1, type: 'TRANSFER', amountMinor: 100, from: `user:${i}`, to: `user:${i + 1}`, clientId: null, at: i },
        profiles,
      );
    }
    const { keys } = engine.sweep();
    expect(keys).toBeLessThanOrEqual(3_000);
  });

  it('a client series keeps at most `keep` complete windows, zeros for the silent ones', () => {
    const store = new ClientSeriesStore(10);
    store.add('k', 1, 5, 3);
    const series = store.add('k', 10, 7, 3);
    expect(series).toEqual({ window: 10, sumMinor: 7, history: [0, 0, 0] });
  });
});

describe('rules as data', () => {
  it('every preset is acceptable, and out-of-range thresholds are refused', () => {
    for (const rule of presetRules) expect(ruleProblem(rule)).toBeNull();
    const fanOut = presetRules.find((rule) => rule.kind === 'fan-out')! as FanOutRule;
    expect(ruleProblem({ ...fanOut, windowMs: 31 * 86_400_000 })).toBe('windowMs out of range');
    expect(ruleProblem({ ...fanOut, score: 101 })).toMatch(/score/);
    expect(ruleProblem({ ...fanOut, id: 'a b' })).toMatch(/id/);
    expect(ruleProblem({ ...fanOut, minRecipients: -1 })).toMatch(/minRecipients/);
    expect(ruleProblem({ ...fanOut, minRecipients: 1.5 })).toMatch(/minRecipients/);
  });

  it("counts a client's movements in sixtieths of the window: the oldest bucket whole, older ones gone, at most maxKeys series", () => {
    const counts = new ClientCountStore(2);
    // A 60 s window: 1 s buckets.
    expect(counts.add('a', 60_000, 0, 5)).toEqual({ count: 1, sumMinor: 5 });
    expect(counts.add('a', 60_000, 30_000, 7)).toEqual({ count: 2, sumMinor: 12 });
    // 60.5 s after the first: its bucket (0) is 60 buckets back, still read whole.
    expect(counts.add('a', 60_000, 60_500, 1)).toEqual({ count: 3, sumMinor: 13 });
    expect(counts.add('a', 60_000, 61_000, 1)).toEqual({ count: 3, sumMinor: 9 });
    // A movement read a whole window behind the latest one counts nothing: its buckets were let go.
    expect(counts.add('a', 60_000, 0, 100)).toEqual({ count: 0, sumMinor: 0 });
    expect(counts.add('a', 60_000, 200_000, 1)).toEqual({ count: 1, sumMinor: 1 });
    counts.add('b', 60_000, 0, 1);
    counts.add('c', 60_000, 0, 1);
    expect(counts.size).toBe(2);
    // 'a' was the least recently moved: it starts again.
    expect(counts.add('a', 60_000, 200_500, 1)).toEqual({ count: 1, sumMinor: 1 });
  });

  it('a back-test replays past movements through the candidate rule alone and reports its hits', () => {
    const fanOut = { ...(presetRules.find((rule) => rule.id === 'fan-out')! as FanOutRule), minRecipients: 3 };
    const movements = [2, 3, 4, 5].map((to, i) => ({
      transactionId: i + 1,
      type: 'TRANSFER',
      amountMinor: 2_000,
      from: 'user:1',
      to: `user:${to}`,
      clientId: null,
      at: i * 1_000,
    }));
    const report = backtest(fanOut, movements, new Map());
    expect(report).toMatchObject({ ruleId: 'fan-out', movements: 4, hits: 2, subjects: 1 });
    expect(report.examples.map((e) => e.transactionId)).toEqual([3, 4]);
  });
  it('a fan-in back-test judges each payer by the age it had before the window: old payers do not count, new ones do', () => {
    const fanIn = presetRules.find((rule) => rule.id === 'fan-in-new-wallets')!;
    const day = 86_400_000;
    const start = 100 * day;
    const paying = (payers: string[], from: number) =>
      payers.map((payer, i) => ({
        transactionId: from + i,
        type: 'TRANSFER',
        amountMinor: 2_000,
        from: payer,
        to: 'user:100',
        clientId: null,
        at: start + (from + i) * 1_000,
      }));
    const olds = ['user:1', 'user:2', 'user:3', 'user:4', 'user:5'];
    const longAgo = new Map(olds.map((wallet) => [wallet, { firstSeenAt: start - 30 * day, lastSeenAt: start - day }]));
    expect(backtest(fanIn, paying(olds, 1), longAgo)).toMatchObject({ movements: 5, hits: 0 });
    // The same payments from wallets the store had never seen before the window: five new payers.
    const report = backtest(fanIn, paying(olds, 1), new Map());
    expect(report).toMatchObject({ movements: 5, hits: 1, subjects: 1 });
    expect(report.examples).toEqual([{ transactionId: 5, subject: 'user:100', detail: '5 new wallets paid it' }]);
  });
});
