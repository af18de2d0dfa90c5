import { ledgerResults, voidHoldCommand, walletKeyOfUser } from '@coin/contracts';
import { holdAfter, payerWallet } from './replies';
import { accepted, holdNotFound, holdOf, reject, settlementRefusal } from './rules';
import { userAtLeast } from '../authors';
import type { CommandModule } from './types';
import { cashoutFailed } from './settle-cashout';
import { sandboxTestProvider } from './settle-test-cashout';
import { holdEffect, holdChangesOf } from '../kinds/holds';

/** Releases a pending hold (who may: rules.ts settlementRefusal). */
export const voidHold: CommandModule<'ledger.void-hold'> = {
  type: 'ledger.void-hold',
  schema: voidHoldCommand,
  result: ledgerResults['ledger.void-hold'],
  createsTransaction: false,
  // Who may settle this hold (the client its payer named, a granted one, an ADMIN+) is judged where the hold is read (decide).
  authorRefusal: (_command, author) =>
    userAtLeast(author, 'ADMIN') || author.kind === 'system' ? null : 'Command refused: only ADMIN+ and platform clients settle holds',
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.fromUserId)], holdIds: [data.holdId] }),
  decide(command, context) {
    const { holdId, fromUserId } = command.data;
    const hold = holdOf(context.state, holdId, fromUserId);
    if (!hold) return holdNotFound(holdId);
    // A claimed cash-out may be paid already: its provider's callback ends it, no one alone.
    if (hold.status === 'PENDING' && hold.cashout?.claimedBy) {
      // A test cash-out no provider pays: its own client ends it as FAILED, as the sandbox's reset does
      // (docs/decisions/0018-sandbox.md "Deleting a client's test data").
      if (hold.cashout.test && command.actor.kind === 'system' && command.actor.id === hold.cashout.claimedBy) {
        return cashoutFailed(hold, { ...hold.cashout, outcome: 'FAILED', callbackId: `${sandboxTestProvider}-${hold.id}` }, context.now);
      }
      return reject('FORBIDDEN', 'This cash-out is claimed by its provider: only its callback releases it');
    }
    const refused = settlementRefusal(command, hold, 'void');
    if (refused) return refused;
    if (hold.status !== 'PENDING') return reject('HOLD_NOT_PENDING', `The hold is ${hold.status}`);
    return accepted({
      effects: [holdEffect({ hold: { ...hold, status: 'VOIDED', updatedAt: context.now }, event: 'voided' })],
      subjectKey: walletKeyOfUser(fromUserId),
    });
  },
  reply: (input) => ({ hold: holdAfter(input), wallet: payerWallet(input) }),
  // A person's release of a cash-out (one no provider claimed yet) is in the admin audit log.
  audit: ({ data }, applied) =>
    (applied ? holdChangesOf(applied)[0] : undefined)?.hold.cashout
      ? { serviceAction: 'cashout.release', target: `hold:${data.holdId}`, summary: { cashoutId: data.holdId, userId: data.fromUserId } }
      : null,
};
