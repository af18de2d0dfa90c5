import type { Actor } from '@coin/contracts';
import type { ApprovalState } from './approvals';
import {
  approvalLeadRefusal,
  approvedRate,
  cashoutRateLimits,
  cashoutRateView,
  rateExpiresAt,
  rateProposalRefusal,
  ratesOf,
  rateStatusAt,
  rateVersionOfRequest,
  type CashoutRateVersion,
} from './cashout-rates';
import { rateInForce } from './commands/cashout';

const now = new Date('2026-11-24T12:00:00.000Z');
const admin1: Actor = { kind: 'user', id: '11' };
const admin2: Actor = { kind: 'user', id: '12' };
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

const approvalExpirySeconds = 24 * 3600;

const proposal = { xafPerCoin: 600, effectiveFrom: later(3600) };

/** A request for the version `proposal`, made now by admin1, as the ledger keeps it. */
function request(overrides: Partial<ApprovalState> = {}): ApprovalState {
  return {
    id: 'r1',
    command: { type: 'ledger.set-cashout-rate', data: { xafPerCoin: 600, effectiveFrom: proposal.effectiveFrom.toISOString() } },
    requestedBy: admin1,
    status: 'PENDING',
    createdAt: now,
    expiresAt: rateExpiresAt(now, proposal.effectiveFrom, approvalExpirySeconds),
    updatedAt: now,
    decidedBy: null,
    rejectionReason: null,
    transactionId: null,
    ...overrides,
  };
}

/** The version a waiting request asks for (overridden). */
function version(overrides: Partial<CashoutRateVersion> = {}): CashoutRateVersion {
  return { ...rateVersionOfRequest(request(), proposal), ...overrides };
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

describe('a cash-out rate request and its approval', () => {
  it('is shown as the version it asks for: PROPOSED while it waits, EXPIRED past its expiry, then as decided', () => {
    expect(cashoutRateView(version())).toMatchObject({ id: 'r1', xafPerCoin: 600, status: 'PROPOSED', proposedBy: { id: '11' } });
    expect(cashoutRateView(version(), version().expiresAt).status).toBe('EXPIRED');
    const rejected = rateVersionOfRequest(request({ status: 'REJECTED', decidedBy: admin2, updatedAt: later(5) }), proposal);
    expect(cashoutRateView(rejected, later(86_400))).toMatchObject({
      status: 'REJECTED',
      decidedBy: { id: '12' },
      decidedAt: later(5).toISOString(),
    });
    // Lapsed, it reads EXPIRED whatever time it is read at (never PROPOSED again).
    const lapsed = rateVersionOfRequest(request({ status: 'EXPIRED', updatedAt: later(7200) }), proposal);
    expect(rateStatusAt(lapsed, later(7200))).toBe('EXPIRED');
  });

  it('is refused once the version is less than the minimum lead ahead at the ledger: it has expired by then, never moved, asked for again', () => {
    expect(approvalLeadRefusal(proposal.effectiveFrom, later(3600 - cashoutRateLimits.leadSecondsMin - 1))).toBeNull();
    for (const at of [later(3600 - cashoutRateLimits.leadSecondsMin + 1), later(7200)]) {
      expect(approvalLeadRefusal(proposal.effectiveFrom, at)).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('by a different person sets the version as asked for, under its request’s id, naming who proposed it and who approved it, when', () => {
    expect(approvedRate(request(), proposal, admin2, later(5))).toEqual({
      id: 'r1',
      xafPerCoin: 600,
      effectiveFrom: later(3600),
      proposedBy: admin1,
      proposedAt: now,
      status: 'APPROVED',
      decidedBy: admin2,
      decidedAt: later(5),
      expiresAt: request().expiresAt,
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
    expect(rateStatusAt({ ...v, status: 'REJECTED' }, later(86_400))).toBe('REJECTED');
    expect(rateStatusAt(approvedRate(request(), proposal, admin2, now), later(86_400))).toBe('APPROVED');
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
    const approved = approvedRate(request({ id: 'a' }), proposal, admin2, now);
    const pending = version({ id: 'b', xafPerCoin: 9999, effectiveFrom: later(60) });
    const rejectedOne = version({
      id: 'c',
      xafPerCoin: 1,
      effectiveFrom: later(120),
      status: 'REJECTED',
      decidedBy: admin2,
      decidedAt: now,
    });
    const rates = ratesOf([approved, pending, rejectedOne], configured);
    expect(rateInForce(rates, now)?.xafPerCoin).toBe(500);
    expect(rateInForce(rates, later(3599))?.xafPerCoin).toBe(500);
    expect(rateInForce(rates, later(3600))).toMatchObject({ xafPerCoin: 600, id: 'a' });
  });

  it('prefer an approved version over a configured one taking effect at the same instant', () => {
    const approved = approvedRate(request({ id: 'a' }), { ...proposal, effectiveFrom: configured[0]!.effectiveFrom }, admin2, now);
    expect(rateInForce(ratesOf([approved], configured), now)).toMatchObject({ xafPerCoin: 600, id: 'a' });
  });
});
