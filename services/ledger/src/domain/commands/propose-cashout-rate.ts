import { cashoutRatesKey, ledgerResults, proposeCashoutRateCommand } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { uuidV5 } from '@coin/security';
import { adminRefusal } from '../authors';
import { proposedRate, rateProposalRefusal } from '../cashout-rates';
import { rateEffect, rateOfDecision, rateVersionsOf } from '../kinds/cashout-rates';
import { accepted } from './rules';
import type { CommandModule } from './types';

/** A version's id follows from the command and the gateway's random `idNonce`: a redelivery names the same one, nobody computes it ahead. */
export function cashoutRateIdOf(command: { commandId: string; data: { idNonce: string } }): string {
  return uuidV5(`ledger.cashout-rate:${command.commandId}:${command.data.idNonce}`);
}

/**
 * The first of the two people who set a cash-out rate (docs/CONTRACT.md "Cash-out"): an ADMIN+
 * proposes XAF per coin from a time at least a minute and at most 90 days after the ledger applies
 * it; a different ADMIN+ approves it (decide-cashout-rate.ts) before it expires (rateExpiresAt). Keyed by `cashout-rates`, the one
 * key of the rate table, so every step is applied by one partition in order.
 */
export const proposeCashoutRate: CommandModule<'ledger.propose-cashout-rate'> = {
  type: 'ledger.propose-cashout-rate',
  schema: proposeCashoutRateCommand,
  result: ledgerResults['ledger.propose-cashout-rate'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  reads: () => ({ cashoutRates: true }),
  decide(command, context) {
    const proposal = { xafPerCoin: command.data.xafPerCoin, effectiveFrom: new Date(command.data.effectiveFrom) };
    const refusal = rateProposalRefusal(proposal, rateVersionsOf(context.state.cashoutRates), context.now);
    if (refusal) return refusal;
    return accepted({
      effects: [
        rateEffect(proposedRate(cashoutRateIdOf(command), proposal, command.actor, context.now, context.policy.approvalExpirySeconds)),
      ],
      subjectKey: null,
    });
  },
  reply: ({ decision, views }) => {
    const version = rateOfDecision(decision);
    if (!version) throw new InvariantViolation('propose-cashout-rate accepted without its version');
    return { rate: views.cashoutRate(version) };
  },
  audit: ({ data }, applied) => ({
    serviceAction: 'cashout-rate.propose',
    target: applied && rateOfDecision(applied) ? `cashout-rate:${rateOfDecision(applied)!.id}` : cashoutRatesKey,
    summary: { xafPerCoin: data.xafPerCoin, effectiveFrom: data.effectiveFrom },
  }),
};
