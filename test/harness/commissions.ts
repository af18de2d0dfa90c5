import { walletKeyOfTreasury, type CommissionRule, type Reply } from '@coin/contracts';
import { randomIdNonce } from '@coin/security';
import type { ProofActor } from '../../scripts/stack/proofs';
import type { LedgerHarness } from './ledger';

/** The two ADMIN+ who change commission rules in the ledger tests: one asks, the other approves. */
export const commissionRequester: ProofActor = { kind: 'user', id: '999999901', role: 'ADMIN' };
export const commissionApprover: ProofActor = { kind: 'user', id: '999999902', role: 'ADMIN' };

/**
 * Sets (or, with rule null, removes) a platform client's commission rule for a treasury as the
 * ledger takes it (docs/CONTRACT.md "Affiliate splits"): one ADMIN+ asks (an approval request
 * holding the change), a different ADMIN+ approves it. The approval's reply (the rule as set and
 * the request), or the first refusal.
 */
export async function setCommissionRule(
  h: Pick<LedgerHarness, 'send'>,
  change: { treasury: string; clientId: string; rule: CommissionRule | null },
  people: { requester?: ProofActor; approver?: ProofActor } = {},
): Promise<Reply> {
  const key = walletKeyOfTreasury(change.treasury);
  const command = { type: 'ledger.set-commission', data: change };
  // With a nonce, as the gateway asks: the request's id names its partition and kind.
  const requested = await h.send({
    type: 'ledger.request-approval',
    key,
    actor: people.requester ?? commissionRequester,
    data: { command, idNonce: randomIdNonce() },
  });
  if (!requested.ok) return requested;
  const approvalId = (requested.result as { approval: { id: string } }).approval.id;
  return h.send({
    type: 'ledger.approve',
    key,
    actor: people.approver ?? commissionApprover,
    data: { approvalId, holds: 'commission-change' },
  });
}
