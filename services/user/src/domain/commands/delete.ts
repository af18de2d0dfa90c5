import { InvariantViolation } from '@coin/errors';
import { deletionRequestView, deletionWait, newDeletionRequest, type DeletionPolicy } from '../deletion-requests';
import { actsAlone } from '../grant-requests';
import { superadminOrOperator } from '../rules';
import { requestStatusAt } from '../two-person-requests';
import type { UserRow } from '../users';
import { accountLoads, answered, appliedAccount, decideAccount } from './shared';
import type { AuditDescription, DecideContext, UserCommandModule, UserCommandOf, UserState } from './types';

type Deletion = UserCommandOf<'user.delete'>;

/**
 * A person's deletion the rules allow, under a deletion policy: who asks (their rolling window's
 * key), the target and the ledger's figure for it; null for an operator's, a refused one, or with
 * no policy (immediate). Judged with a placeholder id allocator: only whether it is refused counts.
 */
function personsDeletion(
  command: Deletion,
  state: UserState,
  context: DecideContext,
): { user: UserRow; policy: DeletionPolicy; balanceMinor: number; requester: string } | null {
  const policy = context.deletionPolicy;
  const user = state.users.get(command.data.userId);
  if (!policy || !user || actsAlone(command.actor)) return null;
  if (!decideAccount(command, state, { ...context, newId: () => '' }).ok) return null;
  if (context.balanceMinor === undefined) throw new InvariantViolation('a deletion was decided without the ledger balance of its user');
  return { user, policy, balanceMinor: context.balanceMinor, requester: `${command.actor.kind}:${command.actor.id}` };
}

/** Whether the person's deletion waits for a second SUPERADMIN, once their window is read. */
function waits(person: NonNullable<ReturnType<typeof personsDeletion>>, state: UserState): boolean {
  if (!state.deletionWindow) throw new InvariantViolation('a deletion was decided without its requester’s window');
  return deletionWait(person.user, person.balanceMinor, state.deletionWindow, person.policy) !== null;
}

/**
 * `user.delete`: decided as always (so a deletion the rules refuse, the last SUPERADMIN's, is
 * refused at once), then, when a person asks and the user's balance is at or above the threshold,
 * or the user is a SUPERADMIN, or the requester's rolling window would be reached, stored as a
 * request for a second SUPERADMIN instead of applied (docs/DESIGN.md "Deleting a user"). A user
 * with a pending request gets that request again. A deletion applied alone is counted in its
 * requester's window, in the same transaction. The window is taken for every person's deletion,
 * so concurrent deletions of one requester count one after the other.
 */
export const deleteUser: UserCommandModule<'user.delete'> = {
  type: 'user.delete',
  revokes: true,
  balanceOf: (command) => command.data.userId,
  authorize: superadminOrOperator,
  loads: [
    ...accountLoads,
    (command, state, context) => {
      const person = personsDeletion(command, state, context);
      return person ? { read: 'deletion-window', requester: person.requester, now: context.now } : null;
    },
    (command, state, context) => {
      const person = personsDeletion(command, state, context);
      return person && waits(person, state) ? { read: 'pending-deletion-request', userId: command.data.userId } : null;
    },
  ],
  decide(command, state, context) {
    const decision = decideAccount(command, state, context);
    if (!decision.ok) return decision;
    const person = personsDeletion(command, state, context);
    if (!person) return appliedAccount(decision, decision.result);
    if (!waits(person, state)) {
      // Counted in the requester's window first, then applied.
      const { user, requester, balanceMinor } = person;
      const applied = appliedAccount<'user.delete'>(decision, decision.result);
      return {
        ...applied,
        writes: [{ write: 'deletion-alone', deletion: { userId: user.id, requester, balanceMinor, at: context.now } }, ...applied.writes],
      };
    }
    const pending = state.pendingDeletionRequest ?? null;
    if (pending && requestStatusAt(pending, context.now) === 'PENDING')
      return answered({ deletionRequest: deletionRequestView(pending, context.now) });
    const request = newDeletionRequest(command, person.balanceMinor, person.policy, context.now);
    return answered({ deletionRequest: deletionRequestView(request, context.now) }, [
      // An expired request makes room for the new one (one PENDING row per user).
      ...(pending ? [{ write: 'update-deletion-request' as const, request: { ...pending, status: 'EXPIRED' as const } }] : []),
      { write: 'insert-deletion-request', request },
    ]);
  },
  audit(command, settled): AuditDescription | null {
    // A deletion that waits for a second SUPERADMIN is recorded as the request it became.
    const pending = settled.ok ? (settled.result as { deletionRequest?: { id: string; balance: number } }).deletionRequest : undefined;
    if (pending) {
      return {
        action: 'approval.request',
        target: `deletion-request:${pending.id}`,
        summary: { type: 'user.delete', userId: command.data.userId, balance: pending.balance },
      };
    }
    return { action: 'user.delete', target: `user:${command.data.userId}`, summary: {} };
  },
};
