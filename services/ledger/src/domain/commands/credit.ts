import { creditCommand, ledgerResults, walletKeyOf, type Party, type TransactionType } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { accepted, canCredit } from './rules';
import type { CreditLeg, NewTransaction } from '../state';
import type { CommandModule, DecideContext } from './types';

/**
 * The credit side of a transaction whose debit committed in another partition (the ledger's
 * own command, keyed by the credited wallet). A wallet that closed meanwhile, or cannot hold
 * more, sends the coins back; a return that finds its sender closed too burns them.
 */
export const credit: CommandModule<'ledger.credit'> = {
  type: 'ledger.credit',
  schema: creditCommand,
  result: ledgerResults['ledger.credit'],
  // Only a returned leg creates a transaction: its id is counted when that happens.
  createsTransaction: false,
  // The ledger's own commands, and opening a wallet (a stranger who just registered): no author to judge.
  authorRefusal: () => null,
  // A leg sent before legs carried their transaction's type reads the transaction for it, as a
  // refund reads its purchase (from whichever shard has it).
  reads: ({ data }) =>
    data.transactionType
      ? { walletKeys: [walletKeyOf(data.to)] }
      : { walletKeys: [walletKeyOf(data.to)], refundTarget: data.transactionId },
  decide(command, context) {
    const { transactionId } = command.data;
    const transactionType = command.data.transactionType ?? context.state.refundTargets.get(transactionId)?.type;
    const outcome = creditOrReturn({ ...command.data, transactionType }, context, 0);
    if (outcome.kind === 'credited') {
      if (!transactionType) throw new InvariantViolation(`credit leg of transaction ${transactionId}, which the ledger does not have`);
      return accepted({
        entries: [{ transactionId, walletKey: outcome.walletKey, amount: command.data.amount, transactionType }],
        subjectKey: outcome.walletKey,
        credit: 'credited',
      });
    }
    return accepted({
      transaction: outcome.transaction,
      creditLegs: outcome.leg ? [outcome.leg] : [],
      credit: outcome.leg ? 'returned' : 'burned',
    });
  },
  reply({ command, decision }) {
    if (!decision.credit) throw new InvariantViolation('a credit leg accepted without a resolution');
    return {
      transactionId: command.data.transactionId,
      resolution: decision.credit,
      returnTransactionId: decision.transaction?.id ?? null,
    };
  },
  audit: () => null,
};

/** What becomes of one credit leg: credited to its wallet, or returned to its sender (a transaction and a leg back), or burned. */
export type LegOutcome =
  | { kind: 'credited'; walletKey: string }
  | { kind: 'returned'; transaction: NewTransaction; leg: CreditLeg }
  | { kind: 'burned'; transaction: NewTransaction; leg: null };

/**
 * One leg judged against its wallet, `alreadyCredited` minor units credited to that wallet by the
 * same command before it (ledger.credits: several legs may pay one wallet). A wallet that closed
 * meanwhile, or cannot hold more, sends the coins back; a return that finds its sender closed too
 * burns them.
 */
export function creditOrReturn(
  leg: { transactionId: number; to: Party; amount: number; returnTo: Party | null; transactionType?: TransactionType | undefined },
  context: DecideContext,
  alreadyCredited: number,
): LegOutcome {
  const { transactionId, to, amount, returnTo } = leg;
  const target = context.wallet(walletKeyOf(to));
  if (target && target.status === 'OPEN' && canCredit(target, amount + alreadyCredited)) return { kind: 'credited', walletKey: target.key };
  // The credited wallet closed after the debit committed (or cannot hold more): the coins go
  // back, as a transaction of their own, so none is lost (docs/design/ledger.md "Closed wallets").
  const why = target && target.status === 'OPEN' ? 'cannot hold more coins' : 'is closed';
  if (returnTo) {
    const transaction = context.newTransaction({
      type: 'TRANSFER',
      amount,
      from: to,
      to: returnTo,
      reason: `Returned: the recipient's wallet ${why} (transaction ${transactionId})`,
      returns: transactionId,
    });
    return {
      kind: 'returned',
      transaction,
      leg: { transactionId: transaction.id, transactionType: transaction.type, to: returnTo, amount, returnTo: null },
    };
  }
  // A return whose sender has closed too has nowhere to go: the coins are burned, which
  // keeps Σ balances == Σ MINT − Σ BURN.
  const transaction = context.newTransaction({
    type: 'BURN',
    amount,
    from: to,
    to: null,
    reason: `Burned: returned coins of transaction ${transactionId} found the sender's wallet ${why}`,
    returns: transactionId,
  });
  return { kind: 'burned', transaction, leg: null };
}
