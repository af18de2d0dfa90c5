import type { SeededUser } from '../../scripts/stack/seed';
import { cpuPerLineMs, payoutGenerator, payoutMarkdown, payoutRatios, type PayoutResult } from './payouts';

describe('the payout bench', () => {
  const users = Array.from({ length: 1_500 }, (_, i) => ({ userId: i + 1 }) as SeededUser);

  it('when a payout is generated, then it pays 1,000 distinct seeded users from REWARDS, 0.01–0.05 coin each, under a fresh Idempotency-Key', () => {
    const next = payoutGenerator('token', users, 1_000);
    const [a, b] = [next(), next()];
    const body = JSON.parse(a.body) as { from: unknown; lines: Array<{ toUserId: number; amount: number }> };
    expect(a.path).toBe('/api/coins/payouts');
    expect(body.from).toEqual({ treasury: 'REWARDS' });
    expect(body.lines).toHaveLength(1_000);
    expect(new Set(body.lines.map((l) => l.toUserId)).size).toBe(1_000);
    expect(body.lines.every((l) => l.toUserId >= 1 && l.toUserId <= 1_500 && [0.01, 0.02, 0.03, 0.04, 0.05].includes(l.amount))).toBe(true);
    expect(a.headers['idempotency-key']).not.toBe(b.headers['idempotency-key']);
    expect(() => payoutGenerator('token', users.slice(0, 999), 1_000)).toThrow('1000 lines need at least as many users (999 seeded)');
  });

  it('when the figures are reported, then the ratios are lines/s over the apply stage in transfers (two commands each) and over the transfer peak, each against its target', () => {
    const ratios = payoutRatios(2_000, 32_000, 2_000);
    expect(ratios).toEqual({ overApply: 0.13, overTransferPeak: 1, ledgerPathOverApply: null, cpuPerLineOverTransfer: null });
    expect(payoutRatios(2_000, null, 0)).toEqual({
      overApply: null,
      overTransferPeak: null,
      ledgerPathOverApply: null,
      cpuPerLineOverTransfer: null,
    });
    const result: PayoutResult = {
      linesPerPayout: 1_000,
      linesPerSec: 2_000,
      peakStep: 'c=4',
      steps: [],
      ledgerPath: null,
      fundedMinor: 0,
    };
    const text = payoutMarkdown(result, ratios, 'this run', true).join('\n');
    expect(text).toContain('**2000 lines/s** (c=4)');
    expect(text).toContain('in transfers/s (its commands/s ÷ 2; this run): 0.13× (target ≥ 0.8×: **missed** (16 % of it))');
    expect(text).toContain('1× (target ≥ 5×: **missed** (20 % of it))');
  });

  it('when the ledger-path step was taken, then it is reported beside the figure as a diagnosis, with its own ratio over the apply stage, and a row of its own', () => {
    const step = (label: string, linesPerSec: number) => ({
      label,
      connections: 4,
      payoutsPerSec: linesPerSec / 1_000,
      linesPerSec,
      p50Ms: 500,
      p99Ms: 900,
      statusCodes: { '201': 40 },
      errors: 0,
      cpu: null,
      stages: null,
    });
    const result: PayoutResult = {
      linesPerPayout: 1_000,
      linesPerSec: 5_000,
      peakStep: 'c=4',
      steps: [step('c=4', 5_000)],
      ledgerPath: step('c=4, history, webhooks, monitoring paused', 8_000),
      fundedMinor: 0,
    };
    const ratios = payoutRatios(result.linesPerSec, 20_000, 2_000, result.ledgerPath!.linesPerSec);
    expect(ratios).toEqual({ overApply: 0.5, overTransferPeak: 2.5, ledgerPathOverApply: 0.8, cpuPerLineOverTransfer: null });
    const text = payoutMarkdown(result, ratios, 'this run', true).join('\n');
    expect(text).toContain('**5000 lines/s** (c=4)');
    expect(text).toContain(
      'history, webhooks, monitoring paused for one more step: 8000 lines/s, ÷ the apply stage alone in transfers/s 0.8× (target ≥ 1.3×: **missed** (62 % of it))',
    );
    expect(text).toContain('| c=4, history, webhooks, monitoring paused | 8 | 8000 |');
  });

  it('when the CPU figures are known, then CPU per payout line (load generator left out) ÷ CPU per transfer at 80 % is judged against ≤ 0.2×', () => {
    const result: PayoutResult = {
      linesPerPayout: 1_000,
      linesPerSec: 5_000,
      peakStep: 'c=4',
      steps: [
        {
          label: 'c=4',
          connections: 4,
          payoutsPerSec: 5,
          linesPerSec: 5_000,
          p50Ms: 500,
          p99Ms: 900,
          statusCodes: { '201': 50 },
          errors: 0,
          cpu: { msPerTransfer: { gateway: 0.05, ledger: 0.25, 'load generator': 1 }, coresBusy: 1.5 },
          stages: null,
        },
      ],
      ledgerPath: null,
      fundedMinor: 0,
    };
    expect(cpuPerLineMs(result)).toBe(0.3);
    const ratios = payoutRatios(5_000, 20_000, 2_000, null, { perLineMs: cpuPerLineMs(result), perTransferAt80Ms: 2 });
    expect(ratios.cpuPerLineOverTransfer).toBe(0.15);
    expect(payoutMarkdown(result, ratios, 'this run', true).join('\n')).toContain(
      'at 80 % of its peak (every process but the load generator): 0.15× (target ≤ 0.2×: **met**)',
    );
  });
});
