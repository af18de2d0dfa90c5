import { creditsCommand, ledgerResults, walletKeyOf } from '@coin/contracts';
import type { CreditLeg, Entry, NewTransaction } from '../state';
import { accepted } from './rules';
import { creditOrReturn } from './credit';
import type { CommandModule } from './types';

/**
 * The credit legs of one payout bound for one partition, in one command (the ledger's own, on
 * ledger.internal, keyed by the first leg's wallet; the ledger groups them by partition): each leg
 * is credited, returned or burned exactly as a ledger.credit of its own would be, and its entry,
 * balance change and (for a return) transaction are written as that command's would be. One
 * outcome is stored for them all, so a redelivery changes nothing (docs/design/ledger.md "Payouts").
 */
export const credits: CommandModule<'ledger.credits'> = {
  type: 'ledger.credits',
  schema: creditsCommand,
  result: ledgerResults['ledger.credits'],
  // Only a returned leg creates a transaction: its id is counted when that happens.
  createsTransaction: false,
  authorRefusal: () => null,
  reads: ({ data }) => ({ walletKeys: [...new Set(data.legs.map((leg) => walletKeyOf(leg.to)))] }),
  decide(command, context) {
    const entries: Entry[] = [];
    const returns: NewTransaction[] = [];
    const creditLegs: CreditLeg[] = [];
    // What this command credited each wallet so far: a later leg to the same wallet is judged after it.
    const credited = new Map<string, number>();
    for (const leg of command.data.legs) {
      const key = walletKeyOf(leg.to);
      const outcome = creditOrReturn(leg, context, credited.get(key) ?? 0);
      if (outcome.kind === 'credited') {
        entries.push({ transactionId: leg.transactionId, walletKey: key, amount: leg.amount, transactionType: leg.transactionType });
        credited.set(key, (credited.get(key) ?? 0) + leg.amount);
        continue;
      }
      returns.push(outcome.transaction);
      if (outcome.leg) creditLegs.push(outcome.leg);
    }
    return accepted({ entries, lineTransactions: returns, creditLegs });
  },
  reply({ decision }) {
    return {
      credited: decision.entries.length,
      returned: decision.lineTransactions.map((t) => ({
        transactionId: t.returns!,
        resolution: t.type === 'BURN' ? ('burned' as const) : ('returned' as const),
        returnTransactionId: t.id,
      })),
    };
  },
  audit: () => null,
};
