import { minorUnitsToCoins, type Cashout, type CashoutStatus } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { HoldState } from '../domain/ledger';

/** A cash-out's state, read from its hold and the provider's word (docs/CONTRACT.md "Cash-out"). */
function statusOf(hold: HoldState): CashoutStatus {
  switch (hold.status) {
    case 'PENDING':
      return hold.cashout?.claimedBy ? 'CLAIMED' : 'REQUESTED';
    case 'CAPTURED':
      return 'CONFIRMED';
    case 'EXPIRED':
      return 'EXPIRED';
    case 'VOIDED':
      return hold.cashout?.outcome === 'FAILED' ? 'FAILED' : 'RELEASED';
  }
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
    expiresAt: hold.expiresAt.toISOString(),
    createdAt: hold.createdAt.toISOString(),
    updatedAt: hold.updatedAt.toISOString(),
  };
}
