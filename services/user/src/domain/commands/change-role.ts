import { asRequest } from '../audit-records';
import { roleChangeKind, type StoredRoleChange } from '../grant-kinds/change-role';
import { actsAlone, roleChangeNeedsSecondPerson } from '../grant-requests';
import { superadminOrOperator } from '../rules';
import { rejected } from '@coin/errors';
import { accountLoads, answered, appliedAccount, decideAccount, lockedUser, requestedGrant, superadminSetFor } from './shared';
import type { UserCommandModule, UserCommandOf } from './types';

/** The role change a role grant applies: the requester's command as the approver's. */
function roleChangeOf(command: UserCommandOf<'user.approve-grant'>, act: StoredRoleChange) {
  return { type: act.type, actor: command.actor, data: { userId: act.userId, role: act.role } };
}

/**
 * `user.change-role`: decided as always first (so the last SUPERADMIN's demotion is refused at
 * once), then, when it grants ADMIN or SUPERADMIN or takes a SUPERADMIN away and a person asked,
 * stored as a request for a second SUPERADMIN instead of applied (docs/DESIGN.md "Two-person acts").
 */
export const changeRole: UserCommandModule<'user.change-role', StoredRoleChange> = {
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
      const { view, write } = requestedGrant(roleChangeKind, command, act, context);
      return answered({ grantRequest: view }, [write]);
    }
    return appliedAccount(decision, decision.result);
  },
  // Approved: the account whose role changes, locked (then the SUPERADMIN set, when a SUPERADMIN would go), and the same change applied.
  grantKind: roleChangeKind,
  grantApproval: {
    reads: [
      (act) => ({ read: 'lock-user', userId: act.userId }),
      (act, command, state) => {
        const user = state.users.get(act.userId);
        return user && user.role === act.previousRole ? superadminSetFor(roleChangeOf(command, act), user) : null;
      },
    ],
    apply({ act, command, state, context, done, grantRequest }) {
      const user = lockedUser(state, act.userId);
      if (user && user.role !== act.previousRole)
        return rejected('GRANT_REQUEST_OUTDATED', `The account is ${user.role} now, not ${act.previousRole}`);
      const decision = decideAccount(roleChangeOf(command, act), state, context);
      if (!decision.ok) return decision;
      return appliedAccount(decision, { grantRequest, tokenVersion: decision.result.tokenVersion }, [done]);
    },
    auditAct: (act, people) => ({
      action: 'user.change-role',
      target: `user:${act.userId}`,
      summary: { role: act.role, previousRole: act.previousRole, ...people },
    }),
  },
  audit(command, settled) {
    const request = asRequest(settled, roleChangeKind);
    if (request) return request;
    const changed = settled.ok ? settled.events.find((e) => e.type === 'user.role-changed') : undefined;
    return {
      action: 'user.change-role',
      target: `user:${command.data.userId}`,
      summary: { role: command.data.role, ...(changed?.type === 'user.role-changed' ? { previousRole: changed.previousRole } : {}) },
    };
  },
};
