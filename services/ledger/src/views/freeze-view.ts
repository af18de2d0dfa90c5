import type { WalletFreeze } from '@coin/contracts';
import type { FreezeState } from '../domain/ledger';

/** The one home of a wallet's freeze as the API shows it (docs/CONTRACT.md "Wallet freezes"); null: not frozen. */
export function freezeView(userId: number, freeze: FreezeState | null): WalletFreeze | null {
  if (!freeze) return null;
  const request = freeze.unfreezeRequest;
  return {
    userId,
    reason: freeze.reason,
    caseId: freeze.caseId,
    frozenBy: freeze.frozenBy,
    frozenAt: freeze.frozenAt.toISOString(),
    unfreezeRequest: request
      ? { requestedBy: request.requestedBy, reason: request.reason, requestedAt: request.requestedAt.toISOString() }
      : null,
  };
}
