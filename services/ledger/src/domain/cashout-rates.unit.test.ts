import type { Actor } from '@coin/contracts';
import {
  cashoutRateLimits,
  decidedRate,
  proposedRate,
  rateDecisionRefusal,
  rateExpiresAt,
  rateProposalRefusal,
  ratesOf,
  rateStatusAt,
  type CashoutRateVersion,
} from './cashout-rates';
import { rateInForce } from './commands/cashout';

const now = new Date('2026-11-24T12:00:00.000Z');
const admin1: Actor = { kind: 'user', id: '11' };
const admin2: Actor = { kind: 'user', id: '12' };
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

const approvalExpirySeconds = 24 * 3600;

function version(overrides: Partial<CashoutRateVersion> = {}): CashoutRateVersion {
  return { ...proposedRate('r1', { xafPerCoin: 600, effectiveFrom: later(3600) }, admin1, now, approvalExpirySeconds), ...overrides };
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

  it('refuses a decision once the version is less than the minimum lead ahead at the ledger: it has expired, never moved, proposed again', () => {
    const soon = later(3600 - cashoutRateLimits.leadSecondsMin);
    for (const at of [soon, later(7200)]) {
      expect(rateDecisionRefusal(version(), admin2, 'APPROVE', at)).toMatchObject({ code: 'APPROVAL_NOT_PENDING' });
      expect(rateDecisionRefusal(version(), admin2, 'REJECT', at)).toMatchObject({ code: 'APPROVAL_NOT_PENDING' });
    }
    expect(rateDecisionRefusal(version(), admin2, 'APPROVE', later(3600 - cashoutRateLimits.leadSecondsMin - 1))).toBeNull();
  });

  it('refuses a decision APPROVAL_EXPIRY_S after the proposal, however far ahead its time: no request waits forever', () => {
    const farOff = version({ effectiveFrom: later(30 * 86_400), expiresAt: rateExpiresAt(now, later(30 * 86_400), approvalExpirySeconds) });
    expect(farOff.expiresAt).toEqual(later(approvalExpirySeconds));
    expect(rateDecisionRefusal(farOff, admin2, 'APPROVE', later(approvalExpirySeconds - 1))).toBeNull();
    expect(rateDecisionRefusal(farOff, admin2, 'APPROVE', later(approvalExpirySeconds))).toMatchObject({
      code: 'APPROVAL_NOT_PENDING',
      detail: expect.stringContaining('EXPIRED'),
    });
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

describe('a cash-out rate proposal’s life', () => {
  it('expires at the earlier of APPROVAL_EXPIRY_S after it and the minimum lead before its time', () => {
    expect(rateExpiresAt(now, later(3600), approvalExpirySeconds)).toEqual(later(3600 - cashoutRateLimits.leadSecondsMin));
    expect(rateExpiresAt(now, later(3 * 86_400), approvalExpirySeconds)).toEqual(later(approvalExpirySeconds));
  });

  it('reads PROPOSED until then and EXPIRED from then; a decided version reads as decided whatever the time', () => {
    const v = version();
    expect(rateStatusAt(v, new Date(v.expiresAt.getTime() - 1))).toBe('PROPOSED');
    expect(rateStatusAt(v, v.expiresAt)).toBe('EXPIRED');
    expect(rateStatusAt(decidedRate(v, admin2, 'REJECT', now), later(86_400))).toBe('REJECTED');
    expect(rateStatusAt(decidedRate(v, admin2, 'APPROVE', now), later(86_400))).toBe('APPROVED');
  });

  it('holds no place among the waiting versions once expired: proposals left undecided never block the next', () => {
    const lapsed = Array.from({ length: cashoutRateLimits.waitingMax }, (_, i) => version({ id: `p${i}` }));
    const proposal = { xafPerCoin: 655, effectiveFrom: later(7200) };
    expect(rateProposalRefusal(proposal, lapsed, now)).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(rateProposalRefusal(proposal, lapsed, lapsed[0]!.expiresAt)).toBeNull();
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
