import { InvariantViolation } from '@coin/errors';
import { actSummary, grantRequestOf } from '../audit-records';
import type { GrantKindOf, StoredGrantAct } from '../grant-kinds/types';
import { decidedGrant, grantDecisionRefusal, grantRequestView, personIdOf, type GrantRequestRow } from '../grant-requests';
import { adminOrOperator } from '../rules';
import { refusedOnRequest } from './shared';
import type {
  AuditDescription,
  DecideContext,
  GrantApproval,
  LoadStep,
  UserCommandModule,
  UserCommandOf,
  UserDecision,
  UserState,
} from './types';

type Approval = UserCommandOf<'user.approve-grant'>;

/**
 * The approval parts of the act of a stored type: its asking command's module's (`grantApproval`),
 * of an act it alone reads (`never` here: a request's act is handed to the module of its own type).
 */
export type GrantApprovalOf = (type: StoredGrantAct['type']) => GrantApproval<StoredGrantAct['type'], never>;

/** What an approval reads of the acts' asking commands' modules, by the act's type: its approval, and its kind. */
export interface GrantActs {
  approvalOf: GrantApprovalOf;
  kindOf: GrantKindOf;
}

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

function refusalOf(acts: GrantActs, command: Approval, state: UserState, context: DecideContext) {
  return grantDecisionRefusal(command, state.grantRequest ?? null, peopleOf(command, state), context.now, acts.kindOf);
}

/** The act's `step`th read, once the approval is allowed. */
function actRead(acts: GrantActs, command: Approval, state: UserState, context: DecideContext, step: 0 | 1) {
  const act = state.grantRequest?.act;
  if (!act || refusalOf(acts, command, state, context)) return null;
  const read = acts.approvalOf(act.type).reads?.[step];
  // The act is of its own type's kind: the module that reads it is the one that asked for it.
  return read ? read(act as never, command, state) : null;
}

/** What an approved request does, decided again against the rows as they are now; `decided`: the request marked APPROVED. */
function applyAct(
  { approvalOf, kindOf }: GrantActs,
  command: Approval,
  decided: GrantRequestRow,
  state: UserState,
  context: DecideContext,
): UserDecision<'user.approve-grant'> {
  const { requesterId, approverId } = peopleOf(command, state);
  return approvalOf(decided.act.type).apply({
    act: decided.act as never,
    command,
    decided,
    done: { write: 'update-grant-request', request: decided },
    grantRequest: grantRequestView(decided, context.now, kindOf(decided.act)),
    people: { requestedBy: requesterId, approvedBy: approverId },
    state,
    context,
  });
}

/** What an approval reads, in lock order: the request, the approver's and the requester's rows, then what the act reads. */
function approvalLoads(acts: GrantActs): LoadStep<'user.approve-grant'>[] {
  return [
    (command) => ({ read: 'grant-request', id: command.data.requestId }),
    (command) => {
      const approverId = personIdOf(command.actor);
      return approverId === null ? null : { read: 'find-user', userId: approverId };
    },
    (_command, state) => {
      const requesterId = state.grantRequest ? personIdOf(state.grantRequest.requestedBy) : null;
      return requesterId === null ? null : { read: 'find-user', userId: requesterId };
    },
    (command, state, context) => actRead(acts, command, state, context, 0),
    (command, state, context) => actRead(acts, command, state, context, 1),
  ];
}

/**
 * `user.approve-grant`: a second SUPERADMIN, not the requester, who held the role before the
 * request was made, approves a PENDING request of a requester who is still a SUPERADMIN
 * (docs/DESIGN.md "Two-person acts"); the verification of an ADMIN+ account, a second ADMIN+ in
 * the same way, who is not the account either. The act is applied and the request marked
 * APPROVED in the same transaction. A refused approval leaves the request PENDING (an expired one
 * is marked EXPIRED). Who may decide is judged against the request (grantDecisionRefusal); what
 * the act reads, applies and records besides, and its kind, are the module's of the command that
 * asks for it (`acts`: its `grantApproval` and its `grantKind`), so no act is named here.
 */
export function approveGrantWith(acts: GrantActs): UserCommandModule<'user.approve-grant'> {
  return {
    type: 'user.approve-grant',
    revokes: true,
    authorize: adminOrOperator,
    loads: approvalLoads(acts),
    decide(command, state, context) {
      const request = state.grantRequest ?? null;
      const refusal = refusalOf(acts, command, state, context);
      if (refusal)
        return refusedOnRequest(refusal, request, context.now, (expired) => ({ write: 'update-grant-request', request: expired }));
      if (!request) throw new InvariantViolation('a grant request was decided without its row');
      return applyAct(acts, command, decidedGrant(request, command, context.now), state, context);
    },
    audit(command, settled): AuditDescription | null {
      // The act from the decided request; a refused decision names the request only.
      const decided = grantRequestOf(settled);
      return {
        action: 'approval.approve',
        target: `grant-request:${command.data.requestId}`,
        summary: decided ? actSummary(decided.act, acts.kindOf) : {},
      };
    },
    auditAct(command, settled): AuditDescription | null {
      // The act it applied, under its own action where it has one, with who asked and who approved.
      const decided = grantRequestOf(settled);
      if (!decided) return null;
      const people = { requestedBy: decided.requestedBy.id, approvedBy: command.actor.id, grantRequest: decided.id };
      return acts.approvalOf(decided.act.type).auditAct?.(decided.act as never, people) ?? null;
    },
  };
}
