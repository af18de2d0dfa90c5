import { type Movement, RuleEngine, type WalletProfile } from './evaluate';
import { presetRules, type Rule } from './rules';
import { advanceProfiles, defaultThresholds, verdictOf } from './scoring';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const start = Date.UTC(2026, 10, 1);

/** A driver: movements in order through an engine holding the presets, profiles advanced as the consumer does. */
function driver(rules: readonly Rule[] = presetRules, profiles = new Map<string, WalletProfile>()) {
  const engine = new RuleEngine(rules);
  let id = 0;
  return {
    engine,
    profiles,
    move(from: string | null, to: string | null, amountMinor: number, at: number, extra: Partial<Movement> = {}) {
      const movement: Movement = { transactionId: ++id, type: 'TRANSFER', amountMinor, from, to, clientId: null, at, ...extra };
      const hits = engine.observe(movement, profiles);
      advanceProfiles(profiles, movement);
      return hits;
    },
  };
}

const ids = (hits: { ruleId: string }[]) => hits.map((hit) => hit.ruleId);

/** Wallets seen long ago (not new), so only the rule under test may fire. */
function known(...wallets: string[]): Map<string, WalletProfile> {
  return new Map(wallets.map((wallet) => [wallet, { firstSeenAt: start - 60 * day, lastSeenAt: start - minute }]));
}

describe('the preset rules', () => {
  it('normal traffic fires nothing: small transfers among many people, rewards at a steady rate', () => {
    const users = Array.from({ length: 200 }, (_, i) => `user:${i + 1}`);
    const d = driver(presetRules, known(...users));
    const fired: string[] = [];
    let at = start;
    for (let i = 0; i < 20_000; i++) {
      at += 200;
      const from = users[(i * 7) % users.length]!;
      const to = users[(i * 13 + 1) % users.length]!;
      if (from === to) continue;
      fired.push(...ids(d.move(from, to, 1 + (i % 100), at)));
      if (i % 10 === 0) fired.push(...ids(d.move('treasury:REWARDS', to, 500, at, { type: 'REWARD', clientId: 'acme' })));
    }
    expect(fired).toEqual([]);
  });

  it('velocity: a wallet sending more than 50,000 coins in an hour', () => {
    const d = driver(presetRules, known('user:1', 'user:2'));
    expect(ids(d.move('user:1', 'user:2', 4_000_000, start))).toEqual([]);
    expect(ids(d.move('user:1', 'user:2', 1_000_001, start + minute))).toContain('velocity-wallet-out');
    // an hour later the window has let the first one go
    expect(ids(d.move('user:1', 'user:2', 1_000, start + hour + 2 * minute))).not.toContain('velocity-wallet-out');
  });

  it('velocity: more than 200 transfers in an hour from one wallet', () => {
    const d = driver(presetRules, known('user:1', 'user:2'));
    for (let i = 0; i < 200; i++) expect(ids(d.move('user:1', 'user:2', 1, start + i * 1_000))).toEqual([]);
    expect(ids(d.move('user:1', 'user:2', 1, start + 200 * 1_000))).toEqual(['velocity-wallet-out']);
  });

  it('velocity per platform client: its movements counted over the window (a TEST rule: recorded, scoring nothing)', () => {
    const rule: Rule = {
      id: 'v-client',
      kind: 'velocity',
      mode: 'TEST',
      score: 20,
      windowMs: hour,
      scope: 'client',
      maxCount: 3,
      maxSumMinor: null,
    };
    const d = driver([rule]);
    const reward = (i: number) => d.move('treasury:REWARDS', `user:${i}`, 100, start + i, { type: 'REWARD', clientId: 'acme' });
    expect([reward(1), reward(2), reward(3)].flat()).toEqual([]);
    const hits = reward(4);
    expect(hits).toEqual([expect.objectContaining({ ruleId: 'v-client', mode: 'TEST', subject: 'client:acme' })]);
    expect(verdictOf(hits, defaultThresholds)).toMatchObject({ score: 0, opensCase: false });
  });

  it('velocity per platform client, the shipped preset: 50,000 movements of one client in an hour record nothing, the 50,001st a TEST hit scoring nothing', () => {
    const preset = presetRules.find((rule) => rule.id === 'velocity-client')!;
    expect(preset).toMatchObject({ mode: 'TEST', scope: 'client', windowMs: hour, maxCount: 50_000, maxSumMinor: null });
    const d = driver([preset]);
    const reward = (i: number, at: number) => d.move('treasury:REWARDS', `user:${i % 500}`, 100, at, { type: 'REWARD', clientId: 'acme' });
    // 50,000 rewards 70 ms apart: 58 minutes.
    const fired: string[] = [];
    for (let i = 0; i < 50_000; i++) fired.push(...ids(reward(i, start + i * 70)));
    expect(fired).toEqual([]);
    const hits = reward(50_000, start + 50_000 * 70);
    expect(hits).toEqual([expect.objectContaining({ ruleId: 'velocity-client', mode: 'TEST', subject: 'client:acme' })]);
    expect(verdictOf(hits, defaultThresholds)).toMatchObject({ score: 0, opensCase: false });
    // Another client's rewards are its own count.
    expect(ids(d.move('treasury:REWARDS', 'user:1', 100, start + 50_000 * 70, { type: 'REWARD', clientId: 'other' }))).toEqual([]);
  });

  it('structuring: three amounts just under 10,000 coins in a day', () => {
    const d = driver(presetRules, known('user:1', 'user:2', 'user:3'));
    expect(ids(d.move('user:1', 'user:2', 990_000, start))).toEqual([]);
    expect(ids(d.move('user:1', 'user:3', 950_000, start + hour))).toEqual([]);
    expect(ids(d.move('user:1', 'user:2', 1_000_000, start + 2 * hour))).toEqual([]); // at the threshold: not under it
    expect(ids(d.move('user:1', 'user:3', 999_999, start + 3 * hour))).toContain('structuring');
  });

  it('fan-in: five new wallets paying one wallet within a day; old wallets do not count', () => {
    const d = driver(presetRules, known('user:100', 'user:50', 'user:51', 'user:52', 'user:53', 'user:54'));
    for (let i = 0; i < 5; i++) expect(ids(d.move(`user:5${i}`, 'user:100', 2_000, start + i * minute))).toEqual([]);
    for (let i = 1; i <= 4; i++) expect(ids(d.move(`user:${i}`, 'user:100', 2_000, start + hour + i * minute))).toEqual([]);
    expect(ids(d.move('user:5', 'user:100', 2_000, start + 2 * hour))).toEqual(['fan-in-new-wallets']);
  });

  it('fan-out: one wallet paying fifteen wallets within an hour', () => {
    const d = driver(presetRules, known('user:1'));
    for (let i = 2; i < 16; i++) expect(ids(d.move('user:1', `user:${i}`, 2_000, start + i * minute))).toEqual([]);
    expect(ids(d.move('user:1', 'user:16', 2_000, start + 20 * minute))).toEqual(['fan-out']);
  });

  it('circular: A → B → C → A within a day, each at least 100 coins; A → B → A is not a cycle', () => {
    const d = driver(presetRules, known('user:1', 'user:2', 'user:3'));
    expect(ids(d.move('user:1', 'user:2', 50_000, start))).toEqual([]);
    expect(ids(d.move('user:2', 'user:1', 50_000, start + minute))).toEqual([]);
    expect(ids(d.move('user:2', 'user:3', 49_000, start + 2 * minute))).toEqual([]);
    const hits = d.move('user:3', 'user:1', 48_000, start + 3 * minute);
    expect(hits).toEqual([
      expect.objectContaining({ ruleId: 'circular', subject: 'user:1', detail: 'cycle user:1 -> user:2 -> user:3 -> user:1' }),
    ]);
  });

  it('circular: the earlier hops must come in order, and a cycle older than the window does not count', () => {
    const d = driver(presetRules, known('user:1', 'user:2', 'user:3'));
    d.move('user:2', 'user:3', 50_000, start); // B → C before A → B: not a flow through B
    d.move('user:1', 'user:2', 50_000, start + minute);
    expect(ids(d.move('user:3', 'user:1', 50_000, start + 2 * minute))).toEqual([]);
    d.move('user:2', 'user:3', 50_000, start + 3 * minute);
    expect(ids(d.move('user:3', 'user:1', 50_000, start + 2 * day))).toEqual([]);
  });

  it('first-day receipts: a wallet first seen today receiving 20,000 coins from people', () => {
    const d = driver(presetRules, known('user:1', 'user:2'));
    expect(ids(d.move(null, 'user:9', 1_000, start, { type: 'MINT' }))).toEqual([]);
    expect(ids(d.move('user:1', 'user:9', 1_500_000, start + hour))).toEqual([]);
    expect(ids(d.move('user:2', 'user:9', 500_000, start + 2 * hour))).toEqual(['first-day-receipts']);
    // the same sums to a wallet known for months fire nothing
    const old = driver(presetRules, known('user:1', 'user:2', 'user:8'));
    expect(ids(old.move('user:1', 'user:8', 1_500_000, start))).toEqual([]);
    expect(ids(old.move('user:2', 'user:8', 500_000, start + hour))).toEqual([]);
  });

  it('dormancy then outflow: a wallet still for 90 days sending 1,000 coins', () => {
    const profiles = new Map([['user:1', { firstSeenAt: start - 400 * day, lastSeenAt: start - 91 * day }]]);
    const d = driver(presetRules, profiles);
    expect(ids(d.move('user:1', 'user:2', 100_000, start))).toEqual(['dormant-outflow']);
    expect(ids(d.move('user:1', 'user:2', 100_000, start + minute))).toEqual([]); // no longer dormant
    const small = driver(presetRules, new Map([['user:3', { firstSeenAt: start - 400 * day, lastSeenAt: start - 91 * day }]]));
    expect(ids(small.move('user:3', 'user:2', 99_999, start))).toEqual([]);
  });

  it("client baseline: a client's rewards in an hour ten times its usual", () => {
    const d = driver(presetRules);
    let user = 0;
    const reward = (at: number, amountMinor: number) =>
      d.move('treasury:REWARDS', `user:${++user}`, amountMinor, at, { type: 'REWARD', clientId: 'acme' });
    for (let h = 0; h < 8; h++) for (let i = 0; i < 10; i++) expect(ids(reward(start + h * hour + i * minute, 20_000))).toEqual([]);
    // hour 8: 200,000 minor units is its habit; 2,000,001 is over ten times it
    const firstFired = [];
    for (let i = 0; i < 102; i++)
      if (ids(reward(start + 8 * hour + i * 1_000, 20_000)).includes('client-rewards-baseline')) firstFired.push(i);
    expect(firstFired).toEqual([100, 101]);
  });

  it("client baseline re-tuned to seconds and put back: each window size judges by its own windows, and the preset's resumes", () => {
    const d = driver(presetRules);
    let user = 0;
    const reward = (at: number, amountMinor: number) =>
      ids(d.move('treasury:REWARDS', `user:${++user}`, amountMinor, at, { type: 'REWARD', clientId: 'acme' }));
    for (let h = 0; h < 8; h++) for (let i = 0; i < 10; i++) expect(reward(start + h * hour + i * 6 * minute, 20_000)).toEqual([]);
    // An operator tunes the preset to 3-second windows (as the abuse scenario does).
    const second = 1_000;
    const tuned = presetRules.map((rule) =>
      rule.id === 'client-rewards-baseline' ? { ...rule, windowMs: 3 * second, baselineWindows: 3, minWindows: 3 } : rule,
    );
    d.engine.setRules(tuned);
    const t = start + 8 * hour + 3 * second * 1_000; // on a 3-second boundary
    // No 3-second window of this client is known yet: nothing to judge by (no fabricated empty windows).
    expect(reward(t, 1_500_000)).toEqual([]);
    for (let w = 1; w <= 4; w++) expect(reward(t + w * 3 * second, 20_000)).toEqual([]);
    // Three complete windows of 20,000 known: 1,500,000 in the next is far above them.
    expect(reward(t + 5 * 3 * second, 1_500_000)).toEqual(['client-rewards-baseline']);
    // The preset put back: its hourly series goes on (hour 8, seen under the tuned rule only, counts as empty).
    d.engine.setRules(presetRules);
    expect(reward(start + 9 * hour, 20_000)).toEqual([]);
    expect(reward(start + 9 * hour + minute, 2_000_000)).toEqual(['client-rewards-baseline']);
  });

  it('a DISABLED rule is not evaluated', () => {
    const rules = presetRules.map((rule) => (rule.id === 'fan-out' ? { ...rule, mode: 'DISABLED' as const } : rule));
    const d = driver(rules, known('user:1'));
    const fired = [];
    for (let i = 2; i < 30; i++) fired.push(...ids(d.move('user:1', `user:${i}`, 2_000, start + i * minute)));
    expect(fired).toEqual([]);
  });
});

describe('verdicts', () => {
  const hit = (ruleId: string, score: number, subject: string, mode: 'ACTIVE' | 'TEST' = 'ACTIVE') =>
    ({ ruleId, kind: 'velocity', mode, score, subject, detail: '' }) as const;

  it('sums the ACTIVE scores up to 100, opens a case at 50 and freezes at 90 a person’s wallet only', () => {
    expect(verdictOf([hit('a', 40, 'user:1')], defaultThresholds)).toMatchObject({ score: 40, opensCase: false, freezes: false });
    expect(verdictOf([hit('a', 40, 'user:1'), hit('b', 60, 'user:2')], defaultThresholds)).toMatchObject({
      score: 100,
      subject: 'user:2',
      opensCase: true,
      freezes: true,
    });
    expect(verdictOf([hit('a', 70, 'user:1')], defaultThresholds)).toMatchObject({ opensCase: true, freezes: false });
    expect(verdictOf([hit('a', 100, 'client:acme')], defaultThresholds)).toMatchObject({ opensCase: true, freezes: false });
    expect(verdictOf([hit('a', 100, 'user:1', 'TEST')], defaultThresholds)).toMatchObject({ score: 0, subject: null, opensCase: false });
  });
});
