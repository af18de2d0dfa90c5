import { minorUnitsToCoins, type Cashout, type CashoutApproval, type CashoutStatus } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { CashoutTerms, HoldState } from '../domain/ledger';

/** A cash-out's state, read from its hold and the provider's word (docs/CONTRACT.md "Cash-out"). */
function statusOf(hold: HoldState): CashoutStatus {
  switch (hold.status) {
    case 'PENDING':
      if (!hold.cashout?.claimedBy) return 'REQUESTED';
      return hold.cashout.overdueAt ? 'CLAIM_OVERDUE' : 'CLAIMED';
    case 'CAPTURED':
      return 'CONFIRMED';
    case 'EXPIRED':
      return 'EXPIRED';
    case 'VOIDED':
      return hold.cashout?.outcome === 'FAILED' ? 'FAILED' : 'RELEASED';
  }
}

/** A cash-out's second person, as the view shows it. */
function approvalOf(terms: CashoutTerms): CashoutApproval {
  const second = terms.secondPerson;
  if (!second) return { status: 'NOT_REQUIRED', approvedBy: null, approvedAt: null };
  if (second.approvedBy === null) return { status: 'PENDING', approvedBy: null, approvedAt: null };
  return { status: 'APPROVED', approvedBy: second.approvedBy, approvedAt: second.approvedAt?.toISOString() ?? null };
}

/** The one home of the Cashout view (API and replies), in coins and whole XAF. */
export function cashoutView(hold: HoldState): Cashout {
  const terms = hold.cashout;
  if (!terms) throw new InvariantViolation(`hold ${hold.id} is no cash-out`);
  return {
    id: hold.id,
    userId: hold.fromUserId,
    amount: minorUnitsToCoins(hold.amount),
    xafAmount: terms.xafAmount,
    xafPerCoin: terms.xafPerCoin,
    rateEffectiveFrom: terms.rateEffectiveFrom.toISOString(),
    msisdn: terms.msisdn,
    providerClientId: terms.providerClientId,
    claimedBy: terms.claimedBy,
    claimedAt: terms.claimedAt?.toISOString() ?? null,
    status: statusOf(hold),
    providerReference: terms.providerReference,
    transactionId: hold.transactionId,
    approval: approvalOf(terms),
    expiresAt: hold.expiresAt.toISOString(),
    createdAt: hold.createdAt.toISOString(),
    updatedAt: hold.updatedAt.toISOString(),
  };
}
