import type { CashoutRateVersion as CashoutRateVersionView } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { ApprovalState } from '../../approvals';
import {
  cashoutRateView,
  rateExpiresAt,
  rateProposalRefusal,
  rateVersionOfRequest,
  type CashoutRateVersion,
  type RateProposal,
} from '../../cashout-rates';
import { rateOfDecision, rateVersionsOf } from '../../kinds/cashout-rates';
import type { LedgerState } from '../../state';
import { setCashoutRate } from '../set-cashout-rate';
import type { ApprovalActModule, ApprovalOf, HeldOf } from './types';

/** What a request for a version asks: its rate and its time. */
function proposalOf(command: HeldOf<'cashout-rate-change'>): RateProposal {
  return { xafPerCoin: command.data.xafPerCoin, effectiveFrom: new Date(command.data.effectiveFrom) };
}

/** Whether a held command is a version's (a request of this act). */
const isRateRequest = (approval: ApprovalState): approval is ApprovalOf<'cashout-rate-change'> =>
  approval.command.type === 'ledger.set-cashout-rate';

/**
 * The versions a request is judged against: those the rate table's read holds (the approved ones,
 * and the requests waiting, as the versions they ask for), each as this batch left its request
 * (one decided in it waits no longer), and the requests made in this batch.
 */
function versionsKnown(state: LedgerState): CashoutRateVersion[] {
  const requests = [...(state.approvals?.values() ?? [])].filter(isRateRequest);
  const decidedInBatch = new Set(requests.filter((r) => r.status !== 'PENDING').map((r) => r.id));
  const read = rateVersionsOf(state.cashoutRates).filter((v) => v.status !== 'PROPOSED' || !decidedInBatch.has(v.id));
  const known = new Set(read.map((v) => v.id));
  const made = requests
    .filter((r) => r.status === 'PENDING' && !known.has(r.id))
    .map((r) => rateVersionOfRequest(r, proposalOf(r.command)));
  return [...read, ...made];
}

/**
 * A cash-out rate version (docs/CONTRACT.md "Cash-out"): an ADMIN+ asks for it (a request holding
 * ledger.set-cashout-rate, kept in the rate table's partition), refused at once when its time is too
 * soon or too far or 20 versions wait already; a different ADMIN+ approves it, which sets the
 * version, or anyone ADMIN+ rejects it (its proposer withdraws it so). It lapses at
 * APPROVAL_EXPIRY_S, or a minute before its time if sooner, when no approval could take it. It is
 * about no person, and moves nothing. Its request is shown as the version it asks for.
 */
export const cashoutRateChangeAct: ApprovalActModule<'cashout-rate-change'> = {
  commands: { 'ledger.set-cashout-rate': setCashoutRate },
  summary: (command, target) => ({
    command: 'SET-CASHOUT-RATE',
    target,
    xafPerCoin: command.data.xafPerCoin,
    effectiveFrom: command.data.effectiveFrom,
  }),
  requestReads: () => ({ cashoutRates: true }),
  requestRefusal: (_request, command, { state, now }) => rateProposalRefusal(proposalOf(command), versionsKnown(state), now),
  expiresAt: (command, now, policy) => rateExpiresAt(now, proposalOf(command).effectiveFrom, policy.approvalExpirySeconds),
  transactions: () => 0,
  alsoPays: () => [],
  view: cashoutRateChangeView,
  reply: ({ decision, views }, _approval, shown) => {
    const version = rateOfDecision(decision);
    if (!version) throw new InvariantViolation('an approved rate request without its version');
    return { rate: views.cashoutRate(version), approval: shown };
  },
  // No Approval (no command.type value for it; a new one breaks consumers): the admin audit log
  // records its request, approval and rejection.
  messages: () => [],
};

/** A request for a version as the version it asks for, its status as the request's (an expired one EXPIRED). */
function cashoutRateChangeView(approval: ApprovalOf<'cashout-rate-change'>): CashoutRateVersionView {
  const version = rateVersionOfRequest(approval, proposalOf(approval.command));
  return cashoutRateView(version, approval.status === 'EXPIRED' ? approval.expiresAt : undefined);
}
