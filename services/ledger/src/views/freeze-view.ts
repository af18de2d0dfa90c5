import type { WalletFreeze } from '@coin/contracts';
import type { UnfreezeStanding } from '../domain/freezes';
import type { FreezeState } from '../domain/ledger';

/**
 * The one home of a wallet's freeze as the API shows it (docs/CONTRACT.md "Wallet freezes"), with
 * its standing request to lift it when the read found one; null: not frozen.
 */
export function freezeView(userId: number, freeze: FreezeState | null, request: UnfreezeStanding | null = null): WalletFreeze | null {
  if (!freeze) return null;
  return {
    userId,
    reason: freeze.reason,
    caseId: freeze.caseId,
    frozenBy: freeze.frozenBy,
    frozenAt: freeze.frozenAt.toISOString(),
    unfreezeRequest: request
      ? { id: request.id, requestedBy: request.requestedBy, reason: request.reason, requestedAt: request.requestedAt.toISOString() }
      : null,
  };
}
