import type { Actor } from '@coin/contracts';
import {
  cashoutRateLimits,
  decidedRate,
  proposedRate,
  rateDecisionRefusal,
  rateProposalRefusal,
  ratesOf,
  type CashoutRateVersion,
} from './cashout-rates';
import { rateInForce } from './commands/cashout';

const now = new Date('2026-11-24T12:00:00.000Z');
const admin1: Actor = { kind: 'user', id: '11' };
const admin2: Actor = { kind: 'user', id: '12' };
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

function version(overrides: Partial<CashoutRateVersion> = {}): CashoutRateVersion {
  return { ...proposedRate('r1', { xafPerCoin: 600, effectiveFrom: later(3600) }, admin1, now), ...overrides };
}

describe('a cash-out rate proposal', () => {
  it('is accepted with a whole XAF per coin and an effective time at least the minimum lead ahead, within the longest', () => {
    expect(rateProposalRefusal({ xafPerCoin: 655, effectiveFrom: later(cashoutRateLimits.leadSecondsMin) }, [], now)).toBeNull();
    expect(rateProposalRefusal({ xafPerCoin: 655, effectiveFrom: later(cashoutRateLimits.leadSecondsMax) }, [], now)).toBeNull();
  });

  it.each([0, -1, 1.5, Number.NaN, cashoutRateLimits.xafPerCoinMax + 1])('refuses %p XAF per coin', (xafPerCoin) => {
    expect(rateProposalRefusal({ xafPerCoin, effectiveFrom: later(3600) }, [], now)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses an effective time in the past, now, or sooner than the minimum lead: no partition could know it in time', () => {
    for (const at of [later(-1), now, later(cashoutRateLimits.leadSecondsMin - 1)]) {
      expect(rateProposalRefusal({ xafPerCoin: 655, effectiveFrom: at }, [], now)).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('refuses an effective time past the longest lead, and an invalid time', () => {
    const far = later(cashoutRateLimits.leadSecondsMax + 1);
    expect(rateProposalRefusal({ xafPerCoin: 655, effectiveFrom: far }, [], now)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(rateProposalRefusal({ xafPerCoin: 655, effectiveFrom: new Date('nope') }, [], now)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a proposal past the explicit number of waiting versions (proposed, or approved and not yet in force)', () => {
    const half = cashoutRateLimits.waitingMax / 2;
    const pending = Array.from({ length: half }, (_, i) => version({ id: `p${i}` }));
    const ahead = Array.from({ length: half }, (_, i) => version({ id: `a${i}`, status: 'APPROVED', decidedBy: admin2, decidedAt: now }));
    expect(rateProposalRefusal({ xafPerCoin: 655, effectiveFrom: later(60) }, [...pending, ...ahead], now)).toMatchObject({
      code: 'LIMIT_EXCEEDED',
    });
    // Once the approved ones are in force they wait no more.
    expect(rateProposalRefusal({ xafPerCoin: 655, effectiveFrom: later(7200) }, [...pending, ...ahead], later(3600))).toBeNull();
  });
});

describe('a cash-out rate decision', () => {
  it('refuses the proposer approving their own version', () => {
    expect(rateDecisionRefusal(version(), admin1, 'APPROVE', now)).toMatchObject({ code: 'APPROVAL_BY_REQUESTER' });
  });

  it('lets the proposer reject (withdraw) their own version', () => {
    expect(rateDecisionRefusal(version(), admin1, 'REJECT', now)).toBeNull();
  });

  it('refuses anyone but a person', () => {
    expect(rateDecisionRefusal(version(), { kind: 'system', id: 'pc_x' }, 'APPROVE', now)).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses an unknown version and one decided already: a decided version never changes', () => {
    expect(rateDecisionRefusal(undefined, admin2, 'APPROVE', now)).toMatchObject({ code: 'APPROVAL_NOT_FOUND' });
    expect(rateDecisionRefusal(version({ status: 'APPROVED' }), admin2, 'REJECT', now)).toMatchObject({ code: 'APPROVAL_NOT_PENDING' });
    expect(rateDecisionRefusal(version({ status: 'REJECTED' }), admin2, 'APPROVE', now)).toMatchObject({ code: 'APPROVAL_NOT_PENDING' });
  });

  it('refuses an approval once the version is less than the minimum lead ahead at the ledger: never moved, proposed again', () => {
    const soon = later(3600 - cashoutRateLimits.leadSecondsMin + 1);
    expect(rateDecisionRefusal(version(), admin2, 'APPROVE', soon)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(rateDecisionRefusal(version(), admin2, 'APPROVE', later(7200))).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('by a different person approves it as proposed, naming who and when', () => {
    expect(rateDecisionRefusal(version(), admin2, 'APPROVE', now)).toBeNull();
    expect(decidedRate(version(), admin2, 'APPROVE', later(5))).toMatchObject({
      status: 'APPROVED',
      decidedBy: admin2,
      decidedAt: later(5),
      effectiveFrom: later(3600),
    });
  });
});

describe('the rates in force', () => {
  const configured = [{ xafPerCoin: 500, effectiveFrom: new Date('2026-01-01T00:00:00.000Z') }];

  it('are the configured versions and the approved ones: a proposed or rejected version never prices a cash-out', () => {
    const approved = decidedRate(version({ id: 'a' }), admin2, 'APPROVE', now);
    const pending = version({ id: 'b', xafPerCoin: 9999, effectiveFrom: later(60) });
    const rejectedOne = decidedRate(version({ id: 'c', xafPerCoin: 1, effectiveFrom: later(120) }), admin2, 'REJECT', now);
    const rates = ratesOf([approved, pending, rejectedOne], configured);
    expect(rateInForce(rates, now)?.xafPerCoin).toBe(500);
    expect(rateInForce(rates, later(3599))?.xafPerCoin).toBe(500);
    expect(rateInForce(rates, later(3600))).toMatchObject({ xafPerCoin: 600, id: 'a' });
  });

  it('prefer an approved version over a configured one taking effect at the same instant', () => {
    const approved = decidedRate(version({ id: 'a', effectiveFrom: configured[0]!.effectiveFrom }), admin2, 'APPROVE', now);
    expect(rateInForce(ratesOf([approved], configured), now)).toMatchObject({ xafPerCoin: 600, id: 'a' });
  });
});
