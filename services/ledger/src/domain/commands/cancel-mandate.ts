import { cancelMandateCommand, ledgerResults, payerOfMandateId, roleAtLeast, walletKeyOfUser, type LedgerCommandOf } from '@coin/contracts';
import { isUser, userAtLeast } from '../authors';
import type { LedgerState, MandateState } from '../state';
import { mandateChangesOf, mandateEffect } from '../kinds/mandates';
import { mandateOf } from './grant-mandate';
import { accepted, reject } from './rules';
import type { CommandModule } from './types';

/** The mandate `id` of payer `fromUserId`, or null: unknown, or the id, the command and the row disagree on the payer. */
export function mandateIn(state: LedgerState, id: string, fromUserId: number): MandateState | null {
  const mandate = state.mandates?.get(id);
  if (!mandate || mandate.fromUserId !== fromUserId || payerOfMandateId(id) !== fromUserId) return null;
  return mandate;
}

type CancelCommand = LedgerCommandOf<'ledger.cancel-mandate'>;

/**
 * An ADMIN+ cancelling someone else's mandate, for its payer: a person other than the payer whose
 * role, as the proof the consumer verified names it (the actor's role must be the proof's), is
 * ADMIN or above. A USER or DEVELOPER who is not the payer is no one to this mandate.
 */
function byAdminFor(command: Pick<CancelCommand, 'actor' | 'data'>): boolean {
  const { actor, data } = command;
  return actor.kind === 'user' && actor.id !== String(data.fromUserId) && actor.role !== undefined && roleAtLeast(actor.role, 'ADMIN');
}

/** Who cancels, of those who may: the payer, the platform it was granted to, an ADMIN+ for the payer; null: no one who may. */
function cancellerOf(command: CancelCommand, mandate: MandateState): MandateState['cancelledBy'] {
  const { actor } = command;
  if (actor.kind === 'user' && actor.id === String(mandate.fromUserId)) return 'user';
  if (actor.kind === 'system' && actor.id === mandate.clientId) return 'client';
  return byAdminFor(command) ? 'admin' : null;
}

/**
 * Cancels a mandate, by its payer, by the platform client it was granted to, or by an ADMIN+
 * acting for the payer with a reason (no other): it never charges again, whatever charge the
 * scheduler already sent, since every charge is decided after it in the same partition. An
 * admin's cancel is an administrative act, in the admin audit log with its reason.
 */
export const cancelMandate: CommandModule<'ledger.cancel-mandate'> = {
  type: 'ledger.cancel-mandate',
  schema: cancelMandateCommand,
  result: ledgerResults['ledger.cancel-mandate'],
  createsTransaction: false,
  // A platform client may cancel only its own mandates: judged where the mandate is read (decide).
  authorRefusal: ({ data }, author) =>
    isUser(author, data.fromUserId) || author.kind === 'system' || userAtLeast(author, 'ADMIN')
      ? null
      : 'Command refused: only the payer, the platform client a mandate was granted to or an ADMIN+ acting for the payer cancels it',
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.fromUserId)], mandateIds: [data.mandateId] }),
  decide(command, context) {
    const { mandateId, fromUserId, reason } = command.data;
    const mandate = mandateIn(context.state, mandateId, fromUserId);
    if (!mandate) return reject('MANDATE_NOT_FOUND', `No mandate ${mandateId}`);
    const cancelledBy = cancellerOf(command, mandate);
    // Another platform (or anyone else) learns nothing about a mandate that is not its own.
    if (cancelledBy === null) return reject('MANDATE_NOT_FOUND', `No mandate ${mandateId}`);
    if (cancelledBy === 'admin' && reason === undefined)
      return reject('VALIDATION_FAILED', "An ADMIN+ cancelling a payer's mandate gives a reason");
    if (mandate.status === 'CANCELLED' || mandate.status === 'ENDED')
      return reject('MANDATE_NOT_ACTIVE', `The mandate is ${mandate.status}`);
    const cancelled: MandateState = { ...mandate, status: 'CANCELLED', nextChargeAt: null, cancelledBy, updatedAt: context.now };
    return accepted({ effects: [mandateEffect({ mandate: cancelled, event: 'cancelled' })], subjectKey: walletKeyOfUser(fromUserId) });
  },
  reply: ({ decision, views }) => ({ mandate: views.mandate(mandateOf(mandateChangesOf(decision))) }),
  // The payer's and the platform's own cancels are no administrative act; an admin's, applied, is
  // (a refusal of its authority is recorded as a refusal, like a freeze's).
  audit: (command) =>
    byAdminFor(command)
      ? {
          serviceAction: 'mandate.cancel',
          target: `mandate:${command.data.mandateId}`,
          summary: { fromUserId: command.data.fromUserId, reason: command.data.reason ?? null },
        }
      : null,
};
