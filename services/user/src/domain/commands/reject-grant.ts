import { InvariantViolation } from '@coin/errors';
import { actSummary, grantRequestOf } from '../audit-records';
import type { GrantKindOf } from '../grant-kinds/types';
import { decidedGrant, grantDecisionRefusal, grantRequestView } from '../grant-requests';
import { adminOrOperator } from '../rules';
import { answered, refusedOnRequest } from './shared';
import type { UserCommandModule } from './types';

/**
 * `user.reject-grant`: any SUPERADMIN (the requester withdrawing included) marks a PENDING request
 * REJECTED, any ADMIN+ one of a verification; nothing else changes (grantDecisionRefusal judges who).
 * The request's act is shown and recorded as its kind says (`kindOf`: the asking command's `grantKind`).
 */
export function rejectGrantWith(kindOf: GrantKindOf): UserCommandModule<'user.reject-grant'> {
  return {
    type: 'user.reject-grant',
    revokes: false,
    authorize: adminOrOperator,
    loads: [(command) => ({ read: 'grant-request', id: command.data.requestId })],
    decide(command, state, context) {
      const request = state.grantRequest ?? null;
      const refusal = grantDecisionRefusal(command, request, { approver: null, requester: null }, context.now, kindOf);
      if (refusal)
        return refusedOnRequest(refusal, request, context.now, (expired) => ({ write: 'update-grant-request', request: expired }));
      if (!request) throw new InvariantViolation('a grant request was decided without its row');
      const decided = decidedGrant(request, command, context.now);
      const grantRequest = grantRequestView(decided, context.now, kindOf(decided.act));
      return answered({ grantRequest }, [{ write: 'update-grant-request', request: decided }]);
    },
    audit(command, settled) {
      const decided = grantRequestOf(settled);
      return {
        action: 'approval.reject',
        target: `grant-request:${command.data.requestId}`,
        summary: { ...(decided ? actSummary(decided.act, kindOf) : {}), reason: command.data.reason },
      };
    },
  };
}
