import { cashoutRatesKey, ledgerResults, setCashoutRateCommand } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { adminRefusal } from '../authors';
import { approvalLeadRefusal, approvedRate } from '../cashout-rates';
import { rateEffect, rateOfDecision } from '../kinds/cashout-rates';
import { accepted, reject } from './rules';
import type { ApprovableModule } from './types';

/**
 * A cash-out rate version (docs/CONTRACT.md "Cash-out"): the command the request for it holds back
 * (acts/cashout-rate-change.ts), applied only by that request's approval by another ADMIN+ (approve.ts
 * judges who), while its time is still at least a minute ahead of the ledger's. It sets the version
 * under its request's id, proposed by its requester and approved by its approver; a set version
 * never changes again. Sent alone it is refused. Keyed by `cashout-rates`, the one key of the rate
 * table, so every step is applied by one partition in order.
 */
export const setCashoutRate: ApprovableModule<'ledger.set-cashout-rate'> = {
  type: 'ledger.set-cashout-rate',
  schema: setCashoutRateCommand,
  result: ledgerResults['ledger.set-cashout-rate'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  reads: () => ({ cashoutRates: true }),
  decide(command, context) {
    if (!context.approved) {
      return reject('FORBIDDEN', 'A cash-out rate is set by two people: ask for it, and another ADMIN+ approves it');
    }
    const proposal = { xafPerCoin: command.data.xafPerCoin, effectiveFrom: new Date(command.data.effectiveFrom) };
    const late = approvalLeadRefusal(proposal.effectiveFrom, context.now);
    if (late) return late;
    const { request, approver } = context.approved;
    return accepted({ effects: [rateEffect(approvedRate(request, proposal, approver, context.now))], subjectKey: null });
  },
  reply: ({ decision, views }) => {
    const version = rateOfDecision(decision);
    if (!version) throw new InvariantViolation('set-cashout-rate accepted without its version');
    return { rate: views.cashoutRate(version) };
  },
  // Recorded by the approval that applies it (approval.approve, naming the version).
  audit: () => null,
  approvable: {
    target: () => cashoutRatesKey,
    // Shown as a CashoutRateVersion (its act's view, acts/cashout-rate-change.ts), never as an Approval.
    view: () => null,
    // It pays no one.
    requestRefusal: () => null,
  },
};
