import { minorUnitsToCoins, partyColumns, type Hold } from '@coin/contracts';
import type { HoldState } from '../domain/ledger';

/** The one home of the Hold view (API, replies and coin.holds events), in coins. */
export function holdView(hold: HoldState): Hold {
  const to = partyColumns(hold.to);
  return {
    id: hold.id,
    status: hold.status,
    amount: minorUnitsToCoins(hold.amount),
    fromUserId: hold.fromUserId,
    toUserId: to.userId,
    toTreasury: to.treasury,
    reason: hold.reason,
    reference: hold.reference,
    expiresAt: hold.expiresAt.toISOString(),
    createdAt: hold.createdAt.toISOString(),
    updatedAt: hold.updatedAt.toISOString(),
    capturedAmount: hold.capturedAmount === null ? null : minorUnitsToCoins(hold.capturedAmount),
    transactionId: hold.transactionId,
  };
}
