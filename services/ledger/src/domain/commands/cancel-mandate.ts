import { cancelMandateCommand, ledgerResults, payerOfMandateId, walletKeyOfUser } from '@coin/contracts';
import { isUser } from '../authors';
import type { LedgerState, MandateState } from '../state';
import { mandateOf } from './grant-mandate';
import { accepted, reject } from './rules';
import type { CommandModule } from './types';

/** The mandate `id` of payer `fromUserId`, or null: unknown, or the id, the command and the row disagree on the payer. */
export function mandateIn(state: LedgerState, id: string, fromUserId: number): MandateState | null {
  const mandate = state.mandates.get(id);
  if (!mandate || mandate.fromUserId !== fromUserId || payerOfMandateId(id) !== fromUserId) return null;
  return mandate;
}

/**
 * Cancels a mandate, by its payer or by the platform client it was granted to (no other): it never
 * charges again, whatever charge the scheduler already sent, since every charge is decided after
 * it in the same partition.
 */
export const cancelMandate: CommandModule<'ledger.cancel-mandate'> = {
  type: 'ledger.cancel-mandate',
  schema: cancelMandateCommand,
  result: ledgerResults['ledger.cancel-mandate'],
  createsTransaction: false,
  // A platform client may cancel only its own mandates: judged where the mandate is read (decide).
  authorRefusal: ({ data }, author) =>
    isUser(author, data.fromUserId) || author.kind === 'system'
      ? null
      : 'Command refused: only the payer or the platform client a mandate was granted to cancels it',
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.fromUserId)], mandateIds: [data.mandateId] }),
  decide(command, context) {
    const { mandateId, fromUserId } = command.data;
    const mandate = mandateIn(context.state, mandateId, fromUserId);
    if (!mandate) return reject('MANDATE_NOT_FOUND', `No mandate ${mandateId}`);
    const byClient = command.actor.kind === 'system';
    const byPayer = command.actor.kind === 'user' && command.actor.id === String(mandate.fromUserId);
    // Another platform (or anyone else) learns nothing about a mandate that is not its own.
    if (!(byPayer || (byClient && command.actor.id === mandate.clientId))) return reject('MANDATE_NOT_FOUND', `No mandate ${mandateId}`);
    if (mandate.status === 'CANCELLED' || mandate.status === 'ENDED')
      return reject('MANDATE_NOT_ACTIVE', `The mandate is ${mandate.status}`);
    const cancelled: MandateState = {
      ...mandate,
      status: 'CANCELLED',
      nextChargeAt: null,
      cancelledBy: byClient ? 'client' : 'user',
      updatedAt: context.now,
    };
    return accepted({ mandates: [{ mandate: cancelled, event: 'cancelled' }], subjectKey: walletKeyOfUser(fromUserId) });
  },
  reply: ({ decision, views }) => ({ mandate: views.mandate(mandateOf(decision.mandates)) }),
  audit: () => null,
};
