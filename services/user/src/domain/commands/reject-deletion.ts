import { InvariantViolation } from '@coin/errors';
import { decidedRequest, deletionDecisionRefusal, deletionRequestView } from '../deletion-requests';
import { superadminOrOperator } from '../rules';
import { answered, refusedOnRequest } from './shared';
import type { UserCommandModule } from './types';

/** `user.reject-deletion`: any SUPERADMIN (the requester withdrawing included) marks a PENDING request REJECTED; nothing else changes. */
export const rejectDeletion: UserCommandModule<'user.reject-deletion'> = {
  type: 'user.reject-deletion',
  revokes: false,
  authorize: superadminOrOperator,
  loads: [(command) => ({ read: 'deletion-request', id: command.data.requestId })],
  decide(command, state, context) {
    const request = state.deletionRequest ?? null;
    const refusal = deletionDecisionRefusal(command, request, context.now, null);
    if (refusal)
      return refusedOnRequest(refusal, request, context.now, (expired) => ({ write: 'update-deletion-request', request: expired }));
    if (!request) throw new InvariantViolation('a deletion request was decided without its row');
    const decided = decidedRequest(request, command, context.now);
    return answered({ deletionRequest: deletionRequestView(decided, context.now) }, [
      { write: 'update-deletion-request', request: decided },
    ]);
  },
  audit: (command) => ({
    action: 'approval.reject',
    target: `deletion-request:${command.data.requestId}`,
    summary: { type: 'user.delete', userId: command.data.userId, reason: command.data.reason },
  }),
};
