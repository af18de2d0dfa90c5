import { InvariantViolation, rejected } from '@coin/errors';
import { actSummary, grantRequestOf } from '../audit-records';
import {
  decidedGrant,
  grantDecisionRefusal,
  grantRequestView,
  personIdOf,
  rewardCapRefusal,
  type GrantRequestRow,
} from '../grant-requests';
import { adminOrOperator } from '../rules';
import { appliedAccount, decideAccount, finding, lockedUser, refusedOnRequest, superadminSetFor } from './shared';
import { applyRewardCap } from './platform-client-set-reward-cap';
import { verificationChange } from './set-verification';
import type { AuditDescription, DecideContext, UserCommandModule, UserCommandOf, UserDecision, UserState, UserWrite } from './types';

type Approval = UserCommandOf<'user.approve-grant'>;

/** The people an approval is judged with: the approver's and the requester's live rows, as read. */
function peopleOf(command: Approval, state: UserState) {
  const approverId = personIdOf(command.actor);
  const requesterId = state.grantRequest ? personIdOf(state.grantRequest.requestedBy) : null;
  return {
    approverId,
    requesterId,
    approver: approverId === null ? null : (state.users.get(approverId) ?? null),
    requester: requesterId === null ? null : (state.users.get(requesterId) ?? null),
  };
}

function refusalOf(command: Approval, state: UserState, context: DecideContext) {
  return grantDecisionRefusal(command, state.grantRequest ?? null, peopleOf(command, state), context.now);
}

/** The role change a role grant applies: the requester's command as the approver's. */
function roleChangeOf(command: Approval, act: Extract<GrantRequestRow['act'], { type: 'user.change-role' }>) {
  return { type: act.type, actor: command.actor, data: { userId: act.userId, role: act.role } };
}

/** What the act reads once the approval is allowed: the account whose role changes (then the SUPERADMIN set), or a key's owner. */
function actRead(command: Approval, state: UserState, context: DecideContext, then: 'account' | 'superadmins') {
  const act = state.grantRequest?.act;
  if (!act || refusalOf(command, state, context)) return null;
  if (then === 'account') {
    if (act.type === 'user.change-role' || act.type === 'user.set-verification') return { read: 'lock-user' as const, userId: act.userId };
    return act.type === 'user.api-key.create' ? { read: 'lock-user' as const, userId: act.ownerUserId } : null;
  }
  if (act.type !== 'user.change-role') return null;
  const user = state.users.get(act.userId);
  return user && user.role === act.previousRole ? superadminSetFor(roleChangeOf(command, act), user) : null;
}

/**
 * What an approved request does, decided again against the rows as they are now, exactly as the
 * requester's command would have without the rule (the same role change and event; the key or
 * client with who asked and who approved recorded on it); `decided`: the request marked APPROVED, written after the act.
 */
function applyAct(
  command: Approval,
  decided: GrantRequestRow,
  state: UserState,
  context: DecideContext,
): UserDecision<'user.approve-grant'> {
  const act = decided.act;
  const { requesterId, approverId } = peopleOf(command, state);
  const done: UserWrite = { write: 'update-grant-request', request: decided };
  const grantRequest = grantRequestView(decided, context.now);
  const approvedOnly = (inserted: unknown, detail: string): UserDecision<'user.approve-grant'> =>
    inserted ? { ok: true, result: { grantRequest, tokenVersion: null }, writes: [done], events: [] } : rejected('COMMAND_FAILED', detail);
  switch (act.type) {
    case 'user.change-role': {
      const user = lockedUser(state, act.userId);
      if (user && user.role !== act.previousRole)
        return rejected('GRANT_REQUEST_OUTDATED', `The account is ${user.role} now, not ${act.previousRole}`);
      const decision = decideAccount(roleChangeOf(command, act), state, context);
      if (!decision.ok) return decision;
      return appliedAccount(decision, { grantRequest, tokenVersion: decision.result.tokenVersion }, [done]);
    }
    case 'user.api-key.create': {
      // The owner must still be an ADMIN+ when the key comes to exist (locked, like at the request).
      const owner = lockedUser(state, act.ownerUserId);
      if (!owner || (owner.role !== 'ADMIN' && owner.role !== 'SUPERADMIN')) {
        return rejected('GRANT_REQUEST_OUTDATED', `The key's owner ${act.ownerUserId} is no ADMIN or SUPERADMIN now`);
      }
      const { apiKeyId: id, name, scopes, keyHash, ownerUserId } = act;
      const key = { id, name, scopes, keyHash, createdBy: requesterId, approvedBy: approverId, ownerUserId };
      return finding({ write: 'insert-api-key', key }, (inserted) => approvedOnly(inserted, 'The key is taken; ask for a new one'));
    }
    case 'user.platform-client.create': {
      // The ceiling may have come down since the request was made.
      const capRefusal = rewardCapRefusal(act.dailyRewardCap, context.grants);
      if (capRefusal) return capRefusal;
      const { clientId: id, name, secretHash, treasuries, dailyRewardCap } = act;
      const cashout = act.cashout ?? false;
      const client = { id, name, secretHash, treasuries, dailyRewardCap, cashout, createdBy: requesterId, approvedBy: approverId };
      return finding({ write: 'insert-platform-client', client }, (inserted) =>
        approvedOnly(inserted, 'The client id is taken; ask for a new client'),
      );
    }
    case 'user.set-verification':
      return applyVerification(act.userId, state, context, done, grantRequest);
    case 'user.platform-client.set-reward-cap':
      return applyRewardCap(act, context, done, grantRequest);
    case 'user.platform-client.callback-secret':
      return issueSecret(
        act,
        { grantRequestId: decided.id, requestedBy: requesterId, approvedBy: approverId },
        context,
        done,
        grantRequest,
      );
  }
}

/**
 * An approved callback secret: issued to the client as it is now, a live payout provider; one
 * revoked or ungranted since the request gets none (409 GRANT_REQUEST_OUTDATED, the request stays PENDING).
 */
function issueSecret(
  act: Extract<GrantRequestRow['act'], { type: 'user.platform-client.callback-secret' }>,
  people: { grantRequestId: string; requestedBy: number | null; approvedBy: number | null },
  context: DecideContext,
  done: UserWrite,
  grantRequest: ReturnType<typeof grantRequestView>,
): UserDecision<'user.approve-grant'> {
  const { clientId, sealedSecret, secretHash } = act;
  const secret = { clientId, sealedSecret, secretHash, ...people, issuedAt: context.now };
  return finding({ write: 'insert-callback-secret', secret }, (issued) =>
    issued
      ? { ok: true, result: { grantRequest, tokenVersion: null }, writes: [done], events: [] }
      : rejected('GRANT_REQUEST_OUTDATED', `The client ${clientId} is revoked or no payout provider now`),
  );
}

/** An approved verification of an ADMIN+ account: applied to the account as it is now (one verified meanwhile changes nothing). */
function applyVerification(
  userId: number,
  state: UserState,
  context: DecideContext,
  done: UserWrite,
  grantRequest: ReturnType<typeof grantRequestView>,
): UserDecision<'user.approve-grant'> {
  const user = lockedUser(state, userId);
  if (!user) return rejected('USER_NOT_FOUND', 'The account to verify no longer exists');
  const decision = verificationChange(user, true, context);
  const tokenVersion = decision.events.length > 0 ? user.token_version + 1 : null;
  return { ok: true, result: { grantRequest, tokenVersion }, writes: [...decision.writes, done], events: decision.events };
}

/**
 * `user.approve-grant`: a second SUPERADMIN, not the requester, who held the role before the
 * request was made, approves a PENDING request of a requester who is still a SUPERADMIN
 * (docs/DESIGN.md "Two-person acts"); the verification of an ADMIN+ account, a second ADMIN+ in
 * the same way, who is not the account either. The act is applied and the request marked
 * APPROVED in the same transaction. A refused approval leaves the request PENDING (an expired one
 * is marked EXPIRED). Who may decide is judged against the request (grantDecisionRefusal).
 */
export const approveGrant: UserCommandModule<'user.approve-grant'> = {
  type: 'user.approve-grant',
  revokes: true,
  authorize: adminOrOperator,
  loads: [
    (command) => ({ read: 'grant-request', id: command.data.requestId }),
    (command) => {
      const approverId = personIdOf(command.actor);
      return approverId === null ? null : { read: 'find-user', userId: approverId };
    },
    (_command, state) => {
      const requesterId = state.grantRequest ? personIdOf(state.grantRequest.requestedBy) : null;
      return requesterId === null ? null : { read: 'find-user', userId: requesterId };
    },
    (command, state, context) => actRead(command, state, context, 'account'),
    (command, state, context) => actRead(command, state, context, 'superadmins'),
  ],
  decide(command, state, context) {
    const request = state.grantRequest ?? null;
    const refusal = refusalOf(command, state, context);
    if (refusal) return refusedOnRequest(refusal, request, context.now, (expired) => ({ write: 'update-grant-request', request: expired }));
    if (!request) throw new InvariantViolation('a grant request was decided without its row');
    return applyAct(command, decidedGrant(request, command, context.now), state, context);
  },
  audit(command, settled): AuditDescription | null {
    // The act from the decided request; a refused decision names the request only.
    const decided = grantRequestOf(settled);
    return {
      action: 'approval.approve',
      target: `grant-request:${command.data.requestId}`,
      summary: decided ? actSummary(decided.act) : {},
    };
  },
  auditAct(command, settled): AuditDescription | null {
    // The act it applied, under its own action, with who asked and who approved: the log reads the
    // same whether an operator or two SUPERADMINs did it.
    const decided = grantRequestOf(settled);
    if (!decided) return null;
    const act = decided.act;
    const people = { requestedBy: decided.requestedBy.id, approvedBy: command.actor.id, grantRequest: decided.id };
    switch (act.type) {
      case 'user.change-role':
        return {
          action: 'user.change-role',
          target: `user:${act.userId}`,
          summary: { role: act.role, previousRole: act.previousRole, ...people },
        };
      case 'user.api-key.create':
        return {
          action: 'api-key.create',
          target: `api-key:${act.apiKeyId}`,
          summary: { name: act.name, scopes: [...act.scopes], ...people },
        };
      case 'user.set-verification':
        // The approval's own record (approval.approve) names the act; verification is no closed audit action.
        return null;
      case 'user.platform-client.set-reward-cap':
      case 'user.platform-client.callback-secret':
        // The approval's own record (approval.approve) names the act and the client; issuing a callback secret is no closed audit action.
        return null;
      case 'user.platform-client.create': {
        const { name, dailyRewardCap } = act;
        return {
          action: 'platform-client.create',
          target: `client:${act.clientId}`,
          summary: { name, treasuries: [...act.treasuries].sort(), dailyRewardCap, ...(act.cashout ? { cashout: true } : {}), ...people },
        };
      }
    }
  },
};
