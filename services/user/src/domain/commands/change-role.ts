import { asRequest } from '../audit-records';
import { actsAlone, roleChangeNeedsSecondPerson } from '../grant-requests';
import { superadminOrOperator } from '../rules';
import { accountLoads, answered, appliedAccount, decideAccount, lockedUser, requestedGrant } from './shared';
import type { UserCommandModule } from './types';

/**
 * `user.change-role`: decided as always first (so the last SUPERADMIN's demotion is refused at
 * once), then, when it grants ADMIN or SUPERADMIN or takes a SUPERADMIN away and a person asked,
 * stored as a request for a second SUPERADMIN instead of applied (docs/DESIGN.md "Two-person acts").
 */
export const changeRole: UserCommandModule<'user.change-role'> = {
  type: 'user.change-role',
  revokes: true,
  authorize: superadminOrOperator,
  loads: accountLoads,
  decide(command, state, context) {
    const decision = decideAccount(command, state, context);
    if (!decision.ok) return decision;
    const user = lockedUser(state, command.data.userId);
    if (user && !actsAlone(command.actor) && roleChangeNeedsSecondPerson(user.role, command.data.role)) {
      const act = { type: command.type, userId: user.id, role: command.data.role, previousRole: user.role };
      const { view, write } = requestedGrant(command, act, context);
      return answered({ grantRequest: view }, [write]);
    }
    return appliedAccount(decision, decision.result);
  },
  audit(command, settled) {
    const request = asRequest(settled);
    if (request) return request;
    const changed = settled.ok ? settled.events.find((e) => e.type === 'user.role-changed') : undefined;
    return {
      action: 'user.change-role',
      target: `user:${command.data.userId}`,
      summary: { role: command.data.role, ...(changed?.type === 'user.role-changed' ? { previousRole: changed.previousRole } : {}) },
    };
  },
};
