import { minorUnitsToCoins, type Mandate } from '@coin/contracts';
import type { MandateState } from '../domain/ledger';

/** The one home of the Mandate view (API, replies and coin.mandates events), in coins. */
export function mandateView(mandate: MandateState): Mandate {
  return {
    id: mandate.id,
    status: mandate.status,
    fromUserId: mandate.fromUserId,
    clientId: mandate.clientId,
    amount: minorUnitsToCoins(mandate.amount),
    maxPerPeriod: minorUnitsToCoins(mandate.maxPerPeriod),
    period: mandate.period,
    reason: mandate.reason,
    startsAt: mandate.startsAt.toISOString(),
    endsAt: mandate.endsAt?.toISOString() ?? null,
    nextPeriod: mandate.nextPeriod,
    nextChargeAt: mandate.nextChargeAt?.toISOString() ?? null,
    failedAttempts: mandate.failedAttempts,
    cancelledBy: mandate.cancelledBy,
    createdAt: mandate.createdAt.toISOString(),
    updatedAt: mandate.updatedAt.toISOString(),
  };
}
