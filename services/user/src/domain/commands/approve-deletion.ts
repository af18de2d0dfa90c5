import { InvariantViolation } from '@coin/errors';
import { decidedRequest, deletionDecisionRefusal, deletionRequestView } from '../deletion-requests';
import { personIdOf } from '../grant-requests';
import { superadminOrOperator } from '../rules';
import { appliedAccount, decideAccount, refusedOnRequest, superadminSetFor } from './shared';
import type { DecideContext, UserCommandModule, UserCommandOf, UserState } from './types';

type Approval = UserCommandOf<'user.approve-deletion'>;

/** The deletion an approval applies: the same command a direct deletion is, by the approver. */
function deletionOf(command: Approval) {
  return { type: 'user.delete' as const, actor: command.actor, data: { userId: command.data.userId } };
}

/** Why the approval cannot apply to the request read, or null. */
function refusalOf(command: Approval, state: UserState, context: DecideContext) {
  const approverId = personIdOf(command.actor);
  const approver = approverId === null ? null : (state.users.get(approverId) ?? null);
  return deletionDecisionRefusal(command, state.deletionRequest ?? null, context.now, approver);
}

/**
 * `user.approve-deletion`: a second SUPERADMIN's approval deletes the user exactly as a direct
 * deletion does (same decision, same user.deleted event) and marks the request APPROVED in the
 * same transaction. The user's row is locked first, then the request: the order user.delete takes
 * them in. A request met past its expiry is marked EXPIRED.
 */
export const approveDeletion: UserCommandModule<'user.approve-deletion'> = {
  type: 'user.approve-deletion',
  revokes: true,
  authorize: superadminOrOperator,
  loads: [
    (command) => ({ read: 'lock-user', userId: command.data.userId }),
    (command) => ({ read: 'deletion-request', id: command.data.requestId }),
    (command) => {
      const approverId = personIdOf(command.actor);
      return approverId === null ? null : { read: 'find-user', userId: approverId };
    },
    (command, state, context) =>
      refusalOf(command, state, context) ? null : superadminSetFor(deletionOf(command), state.users.get(command.data.userId)),
  ],
  decide(command, state, context) {
    const request = state.deletionRequest ?? null;
    const refusal = refusalOf(command, state, context);
    if (refusal)
      return refusedOnRequest(refusal, request, context.now, (expired) => ({ write: 'update-deletion-request', request: expired }));
    if (!request) throw new InvariantViolation('a deletion request was decided without its row');
    const decision = decideAccount(deletionOf(command), state, context);
    if (!decision.ok) return decision;
    const decided = decidedRequest(request, command, context.now);
    const result = {
      userId: command.data.userId,
      tokenVersion: decision.result.tokenVersion,
      deletionRequest: deletionRequestView(decided, context.now),
    };
    return appliedAccount(decision, result, [{ write: 'update-deletion-request', request: decided }]);
  },
  audit: (command) => ({
    action: 'approval.approve',
    target: `deletion-request:${command.data.requestId}`,
    summary: { type: 'user.delete', userId: command.data.userId },
  }),
};
