import { clientMayCashout, ledgerResults, settleCashoutCommand, walletKeyOfUser } from '@coin/contracts';
import { cashoutAfter, payerWallet } from './replies';
import type { Accepted, CashoutTerms, HoldState, WalletState } from '../state';
import { accepted, beyondLimit, canDebit, holdNotFound, holdOf, reject } from './rules';
import type { CommandModule, DecideContext } from './types';
import { holdEffect } from '../kinds/holds';

/**
 * A payout provider's word on a cash-out, from its signed callback (docs/CONTRACT.md "Cash-out"):
 * CONFIRMED burns the held coins (a BURN from the payer recording the XAF amount and the rate, so
 * the supply falls by exactly what left circulation), FAILED releases them. Only the provider that
 * claimed the cash-out (granted `cashout`) may send it, once: an unclaimed cash-out refuses every
 * callback, and a settled one every later callback (a replay). A CONFIRMED of a cash-out claimed
 * once its payer's wallet was frozen is refused (WALLET_FROZEN, recorded as a refusal); a claimed
 * cash-out past its window (overdue) is still settled by its provider.
 */
export const settleCashout: CommandModule<'ledger.settle-cashout'> = {
  type: 'ledger.settle-cashout',
  schema: settleCashoutCommand,
  result: ledgerResults['ledger.settle-cashout'],
  createsTransaction: true,
  authorRefusal: (_command, author) =>
    author.kind === 'system' && clientMayCashout(author.cashout)
      ? null
      : 'Command refused: only a payout provider granted cashout settles a cash-out, by its signed callback',
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.fromUserId)], holdIds: [data.holdId] }),
  decide(command, context) {
    const { now } = context;
    const { holdId, fromUserId, outcome, callbackId, providerReference } = command.data;
    const hold = holdOf(context.state, holdId, fromUserId);
    if (!hold?.cashout) return holdNotFound(holdId);
    if (hold.status === 'PENDING' && hold.cashout.claimedBy === null) {
      return reject('FORBIDDEN', 'This cash-out is not claimed: a provider claims it before its callback settles it');
    }
    if (command.actor.kind !== 'system' || command.actor.id !== hold.cashout.claimedBy) {
      return reject('FORBIDDEN', 'This cash-out is paid by another provider');
    }
    if (hold.status !== 'PENDING') return reject('HOLD_NOT_PENDING', `The cash-out is already settled or released (hold ${hold.status})`);
    // Past its window a claimed cash-out is overdue, not released: its provider's word still ends it.
    const unapproved = outcome === 'CONFIRMED' && hold.cashout.secondPerson !== null && hold.cashout.secondPerson.approvedBy === null;
    if (unapproved)
      return reject('CASHOUT_NOT_APPROVED', 'This cash-out is above the four-eyes threshold and no second person approved it yet');
    const terms = { ...hold.cashout, outcome, callbackId, providerReference: providerReference ?? null };
    if (outcome === 'FAILED') return cashoutFailed(hold, terms, now);
    const source = context.wallet(walletKeyOfUser(fromUserId));
    if (!source) return reject('WALLET_NOT_FOUND', 'The payer has no wallet');
    const claimedAt = hold.cashout.claimedAt;
    if (source.freeze && (claimedAt === null || claimedAt >= source.freeze.frozenAt)) {
      return reject('WALLET_FROZEN', "The payer's wallet was frozen before this cash-out was claimed: it is not confirmed; fail it");
    }
    if (!canDebit(source, hold.amount)) return beyondLimit(source);
    return cashoutConfirmed(context, hold, terms, source, command.actor.id);
  },
  reply(input) {
    const { decision, views } = input;
    return {
      cashout: cashoutAfter(input),
      transaction: decision.transaction ? views.transaction(decision.transaction) : null,
      wallet: payerWallet(input),
    };
  },
  audit: () => null,
};

/** A provider's FAILED (or the sandbox test provider's): the held coins are released to the payer. */
export function cashoutFailed(hold: HoldState, terms: CashoutTerms, now: Date): Accepted {
  return accepted({
    effects: [holdEffect({ hold: { ...hold, status: 'VOIDED', cashout: terms, updatedAt: now }, event: 'voided' })],
    subjectKey: walletKeyOfUser(hold.fromUserId),
  });
}

/**
 * A provider's CONFIRMED (or the sandbox test provider's), once judged payable: a BURN of the held
 * coins from the payer, recording the XAF amount and the rate, so the supply falls by exactly what
 * left circulation.
 */
export function cashoutConfirmed(
  context: DecideContext,
  hold: HoldState,
  terms: CashoutTerms,
  source: WalletState,
  provider: string,
  /** The platform client the BURN is made for, when not the command's author (the sandbox's test provider settles for its client). */
  clientId?: string,
): Accepted {
  const { now } = context;
  const { providerReference } = terms;
  const transaction = context.newTransaction({
    type: 'BURN',
    amount: hold.amount,
    from: { kind: 'user', userId: hold.fromUserId },
    to: null,
    // No account number: the record is kept for ever, the person's data is not (docs/CONTRACT.md "Deletion").
    reason: `Cash-out of ${terms.xafAmount} XAF`,
    holdId: hold.id,
    ...(clientId !== undefined ? { clientId } : {}),
    // The XAF amount and the rate the coins left circulation at, as the statement and the history show them.
    metadata: {
      cashoutXafAmount: String(terms.xafAmount),
      cashoutXafPerCoin: String(terms.xafPerCoin),
      cashoutRateEffectiveFrom: terms.rateEffectiveFrom.toISOString(),
      cashoutProvider: provider,
      ...(providerReference ? { cashoutProviderReference: providerReference } : {}),
    },
  });
  return accepted({
    transaction,
    entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -hold.amount }],
    effects: [
      holdEffect({
        hold: { ...hold, status: 'CAPTURED', capturedAmount: hold.amount, transactionId: transaction.id, cashout: terms, updatedAt: now },
        event: 'captured',
      }),
    ],
    subjectKey: source.key,
  });
}
