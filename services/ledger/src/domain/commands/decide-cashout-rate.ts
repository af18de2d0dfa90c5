import { ledgerResults, decideCashoutRateCommand } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { adminRefusal } from '../authors';
import { decidedRate, rateDecisionRefusal } from '../cashout-rates';
import { rateEffect, rateOfDecision } from '../kinds/cashout-rates';
import { accepted, deciderFacts } from './rules';
import type { CommandModule } from './types';

/**
 * The second person of a cash-out rate (docs/CONTRACT.md "Cash-out"): an ADMIN+ other than its
 * proposer approves a proposed version (its proposer is refused, 403 APPROVAL_BY_REQUESTER,
 * audited), while its time is still at least a minute ahead of the ledger's; any ADMIN+ rejects
 * one. A decided version never changes again.
 */
export const decideCashoutRate: CommandModule<'ledger.decide-cashout-rate'> = {
  type: 'ledger.decide-cashout-rate',
  schema: decideCashoutRateCommand,
  result: ledgerResults['ledger.decide-cashout-rate'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  reads: () => ({ cashoutRates: true }),
  decide(command, context) {
    const { rateId, decision } = command.data;
    const version = context.state.cashoutRates?.get(rateId);
    // Its approver judged from the act's row, with their verified role and role_since.
    const refusal = rateDecisionRefusal(version, command.actor, decision, context.now, (requestedAt) =>
      deciderFacts(command, 'cashout-rate', requestedAt),
    );
    if (refusal) return refusal;
    return accepted({ effects: [rateEffect(decidedRate(version!, command.actor, decision, context.now))], subjectKey: null });
  },
  reply: ({ decision, views }) => {
    const version = rateOfDecision(decision);
    if (!version) throw new InvariantViolation('decide-cashout-rate accepted without its version');
    return { rate: views.cashoutRate(version) };
  },
  audit: ({ data }) => ({
    serviceAction: data.decision === 'APPROVE' ? 'cashout-rate.approve' : 'cashout-rate.reject',
    target: `cashout-rate:${data.rateId}`,
    summary: { rateId: data.rateId },
  }),
};
