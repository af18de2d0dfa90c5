import { ledgerResults, voidHoldCommand, walletKeyOfUser } from '@coin/contracts';
import { holdAfter, payerWallet } from './replies';
import { accepted, holdNotFound, holdOf, reject, settleNotGranted, settlerGranted } from './rules';
import { userAtLeast } from '../authors';
import type { CommandModule } from './types';

/** Releases a pending hold (ADMIN+ or a platform client granted the recipient). */
export const voidHold: CommandModule<'ledger.void-hold'> = {
  type: 'ledger.void-hold',
  schema: voidHoldCommand,
  result: ledgerResults['ledger.void-hold'],
  createsTransaction: false,
  // A platform client's grant is judged against the hold's recipient where the hold is read (decide).
  authorRefusal: (_command, author) =>
    userAtLeast(author, 'ADMIN') || author.kind === 'system' ? null : 'Command refused: only ADMIN+ and platform clients settle holds',
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.fromUserId)], holdIds: [data.holdId] }),
  decide(command, context) {
    const { holdId, fromUserId } = command.data;
    const hold = holdOf(context.state, holdId, fromUserId);
    if (!hold) return holdNotFound(holdId);
    if (!settlerGranted(command, hold)) return settleNotGranted(hold);
    if (hold.status !== 'PENDING') return reject('HOLD_NOT_PENDING', `The hold is ${hold.status}`);
    return accepted({
      holds: [{ hold: { ...hold, status: 'VOIDED', updatedAt: context.now }, event: 'voided' }],
      subjectKey: walletKeyOfUser(fromUserId),
    });
  },
  reply: (input) => ({ hold: holdAfter(input), wallet: payerWallet(input) }),
  audit: () => null,
};
