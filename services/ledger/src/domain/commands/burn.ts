import { burnCommand, ledgerResults, minorUnitsToCoins, walletKeyOf } from '@coin/contracts';
import { activeOf } from '../state';
import { actorScope, isPerson, personCharges } from '../four-eyes';
import { moneyReply, transactionIdOf } from './replies';
import { accepted, beyondLimit, canDebit, fourEyes, insufficient, missingParty } from './rules';
import { adminRefusal } from '../authors';
import type { ApprovableModule } from './types';

/** Destroys coins of a wallet (ADMIN+); a person's burn past a four-eyes window waits for a second person. */
export const burn: ApprovableModule<'ledger.burn'> = {
  type: 'ledger.burn',
  schema: burnCommand,
  result: ledgerResults['ledger.burn'],
  createsTransaction: true,
  authorRefusal: adminRefusal,
  reads: ({ actor, data }) => ({ walletKeys: [walletKeyOf(data.from)], windowScopes: isPerson(actor) ? [actorScope(actor)] : [] }),
  decide(command, context) {
    const { from, amount, reason } = command.data;
    const source = context.wallet(walletKeyOf(from));
    if (!source) return missingParty(from);
    if (activeOf(source) < amount) return insufficient(source, amount);
    if (!canDebit(source, amount)) return beyondLimit(source);
    return fourEyes(context, command, personCharges(command.actor, amount, null), (counted) => {
      const transaction = context.newTransaction({ type: 'BURN', amount, from, to: null, reason });
      return accepted({
        transaction,
        entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
        subjectKey: source.key,
        effects: counted,
      });
    });
  },
  reply: moneyReply,
  audit: ({ data }, applied) => ({
    action: 'money.burn',
    target: walletKeyOf(data.from),
    summary: { amount: minorUnitsToCoins(data.amount), reason: data.reason, ...transactionIdOf(applied) },
  }),
  approvable: {
    target: ({ data }) => walletKeyOf(data.from),
    // A burn pays no one.
    requestRefusal: () => null,
    view: ({ data }) => ({
      type: 'BURN',
      userId: data.from.kind === 'user' ? data.from.userId : null,
      treasury: data.from.kind === 'treasury' ? data.from.code : null,
      transactionId: null,
      amount: minorUnitsToCoins(data.amount),
      reason: data.reason,
    }),
  },
};
