import { captureHoldCommand, ledgerResults, walletKeyOf, walletKeyOfUser, type Party } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { holdAfter, payerWallet } from './replies';
import { accepted, beyondLimit, canCredit, canDebit, coins, holdNotFound, holdOf, missingParty, reject, settlementRefusal } from './rules';
import { userAtLeast } from '../authors';
import { clockReadsOf, clockTimeOf } from '../test-clock';
import type { CommandModule } from './types';
import { holdEffect } from '../kinds/holds';

/** Takes up to the held amount (who may: rules.ts settlementRefusal): a PURCHASE or TRANSFER, credited by a leg. */
export const captureHold: CommandModule<'ledger.capture-hold'> = {
  type: 'ledger.capture-hold',
  schema: captureHoldCommand,
  result: ledgerResults['ledger.capture-hold'],
  createsTransaction: true,
  // Who may settle this hold (the client its payer named, a granted one, an ADMIN+) is judged where the hold is read (decide).
  authorRefusal: (_command, author) =>
    userAtLeast(author, 'ADMIN') || author.kind === 'system' ? null : 'Command refused: only ADMIN+ and platform clients settle holds',
  // The recipient is loaded by the apply once the hold is read (the store's hold recipients). A
  // test-mode client's clock is read too: in the sandbox it settles only its own holds, whose
  // expiry is on that clock (the live ledger stores no clock, and refuses a test-mode client first).
  reads: ({ data, actor }) => ({
    walletKeys: [walletKeyOfUser(data.fromUserId)],
    holdIds: [data.holdId],
    ...(actor.kind === 'system' ? clockReadsOf(actor.id) : {}),
  }),
  decide(command, context) {
    const { now } = context;
    const { holdId, fromUserId } = command.data;
    const hold = holdOf(context.state, holdId, fromUserId);
    if (!hold) return holdNotFound(holdId);
    // A cash-out's coins leave circulation or go back to their payer, never to anyone: only its provider's callback settles it.
    if (hold.cashout) return reject('FORBIDDEN', "A cash-out is settled by its provider's signed callback, not captured");
    const refused = settlementRefusal(command, hold, 'capture');
    if (refused) return refused;
    if (hold.status !== 'PENDING') return reject('HOLD_NOT_PENDING', `The hold is ${hold.status}`);
    // Judged on the time its expiry was set on (its settler's test clock in the sandbox), so a hold
    // past it is not captured in the moment before the sweep expires it.
    if (clockTimeOf(context, hold.settlerClientId) >= hold.expiresAt) {
      return reject('HOLD_NOT_PENDING', `The hold expired at ${hold.expiresAt.toISOString()}`);
    }
    const amount = command.data.amount ?? hold.amount;
    if (amount > hold.amount) return reject('CAPTURE_EXCEEDS_HOLD', `At most ${coins(hold.amount)} is held`);
    const from: Party = { kind: 'user', userId: fromUserId };
    const source = context.wallet(walletKeyOf(from));
    if (!source) return reject('WALLET_NOT_FOUND', 'The payer has no wallet');
    const target = context.wallet(walletKeyOf(hold.to));
    if (!target) return missingParty(hold.to);
    if (target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', 'The recipient wallet is closed; void the hold');
    if (!canDebit(source, amount)) return beyondLimit(source);
    if (!canCredit(target, amount)) return beyondLimit(target);
    // The six transaction types stay the only ones (docs/CONTRACT.md "Transaction types"): a capture is a PURCHASE (to a treasury) or a TRANSFER.
    const transaction = context.newTransaction({
      type: hold.to.kind === 'treasury' ? 'PURCHASE' : 'TRANSFER',
      amount,
      from,
      to: hold.to,
      reason: hold.reason,
      reference: hold.reference,
      holdId: hold.id,
    });
    return accepted({
      transaction,
      entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
      creditLegs: [{ transactionId: transaction.id, transactionType: transaction.type, to: hold.to, amount, returnTo: from }],
      effects: [
        holdEffect({
          hold: { ...hold, status: 'CAPTURED', capturedAmount: amount, transactionId: transaction.id, updatedAt: now },
          event: 'captured',
        }),
      ],
      subjectKey: source.key,
    });
  },
  reply(input) {
    if (!input.decision.transaction) throw new InvariantViolation('a capture accepted without a transaction');
    return { hold: holdAfter(input), transaction: input.views.transaction(input.decision.transaction), wallet: payerWallet(input) };
  },
  audit: () => null,
};
