import { minorUnitsToCoins, paysPerson, secondPersonRefusal, type DeletionRequest, type UserCommand } from '@coin/contracts';
import { rejected, type Rejected } from '@coin/errors';
import { eligibleSinceOf, notEligibleDetail, rolesOfRow } from './grant-requests';
import {
  decidedRequestOf,
  pendingRequest,
  requestStatusAt,
  sameActor,
  type RequestingCommand,
  type TwoPersonRequest,
} from './two-person-requests';
import type { UserRow } from './users';

/**
 * Large deletions wait for a second SUPERADMIN (docs/DESIGN.md "Deleting a user"). Deleting a user burns their whole balance, so one SUPERADMIN alone may delete only a
 * user whose wallet holds less than the threshold; at or above it the deletion becomes a request
 * that another SUPERADMIN approves (the deletion then happens exactly as a direct one) or anyone
 * of them rejects. Pure: the balance is the ledger's figure, read by the consumer, and `now` is given.
 */

/** The deletion policy, from the user service's configuration; minor units. */
export interface DeletionPolicy {
  /** At or above this balance a deletion waits; 0: never. */
  approvalMinMinor: number;
  expirySeconds: number;
  /**
   * What one SUPERADMIN deletes alone in a rolling day (docs/DESIGN.md "Deleting a user"): the
   * balances summed (a deletion that would take the sum to this or beyond waits; 0: no limit) and
   * the deletions counted (past this many, deletions wait; 0: no limit).
   */
  windowMinor: number;
  windowCountMax: number;
}

/** The rolling window deletions are counted in: a day, like the four-eyes windows of the ledger. */
export const deletionWindowMs = 24 * 3600 * 1000;

/** What one requester deleted alone in the rolling day before a deletion: balances in minor units. */
export interface DeletionWindow {
  balanceMinor: number;
  count: number;
}

/** Why a person's deletion waits for a second SUPERADMIN, or null when one SUPERADMIN may do it alone. */
export type DeletionWait = 'balance' | 'superadmin' | 'window';

/**
 * Whether a deletion of `target` (holding `balanceMinor`, held coins included) by a requester who
 * deleted `window` alone in the last day waits: a large balance; a SUPERADMIN (deleting one
 * would leave the requester alone, as a demotion would); or the requester's rolling window.
 */
export function deletionWait(
  target: { role: string },
  balanceMinor: number,
  window: DeletionWindow,
  policy: DeletionPolicy,
): DeletionWait | null {
  if (deletionNeedsApproval(balanceMinor, policy)) return 'balance';
  if (target.role === 'SUPERADMIN') return 'superadmin';
  if (policy.windowMinor > 0 && window.balanceMinor + balanceMinor >= policy.windowMinor) return 'window';
  if (policy.windowCountMax > 0 && window.count + 1 > policy.windowCountMax) return 'window';
  return null;
}

/** A row of deletion_requests: a two-person request for the deletion of a user holding `balanceMinor`. */
export interface DeletionRequestRow extends TwoPersonRequest {
  userId: number;
  balanceMinor: number;
}

/** Whether a deletion of a user holding `balanceMinor` (held coins included) waits for a second SUPERADMIN. */
export function deletionNeedsApproval(balanceMinor: number, policy: DeletionPolicy): boolean {
  return policy.approvalMinMinor > 0 && balanceMinor >= policy.approvalMinMinor;
}

/** The request a deletion becomes (its id: requestIdOf, from the command id and the gateway's nonce). */
export function newDeletionRequest(
  command: RequestingCommand & { data: { userId: number } },
  balanceMinor: number,
  policy: DeletionPolicy,
  now: Date,
): DeletionRequestRow {
  return { ...pendingRequest('deletion-request', command, policy.expirySeconds, now), userId: command.data.userId, balanceMinor };
}

export function deletionRequestView(row: DeletionRequestRow, now: Date): DeletionRequest {
  return {
    id: row.id,
    userId: row.userId,
    status: requestStatusAt(row, now),
    balance: minorUnitsToCoins(row.balanceMinor),
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
  };
}

type DecideDeletion = Pick<Extract<UserCommand, { type: 'user.approve-deletion' | 'user.reject-deletion' }>, 'type' | 'actor' | 'data'>;

/**
 * Why this approval or rejection cannot apply to the (locked) request, or null when it may. An
 * approval needs a SUPERADMIN who is neither the requester nor the user to delete (SELF_DEALING) and
 * held the role before the request was made (`approver`: their row, `approverRefusal`); a rejection any SUPERADMIN but
 * the user to delete (the requester may withdraw their own). Both need the request PENDING and unexpired, and naming the
 * command's user (the command is keyed by that user, so it serialises with their other commands).
 */
export function deletionDecisionRefusal(
  command: DecideDeletion,
  request: DeletionRequestRow | null,
  now: Date,
  approver: Pick<UserRow, 'role' | 'role_since'> | null,
): Rejected | null {
  const roles = rolesOfRow('deletion');
  if (!(command.actor.kind === 'user' && command.actor.role !== undefined && roles.has(command.actor.role))) {
    return rejected('FORBIDDEN', 'Only a SUPERADMIN may decide a deletion request');
  }
  if (!request || request.userId !== command.data.userId) return rejected('APPROVAL_NOT_FOUND', 'No such deletion request');
  const status = requestStatusAt(request, now);
  if (status !== 'PENDING') return rejected('APPROVAL_NOT_PENDING', `The deletion request is ${status}`);
  if (command.type === 'user.approve-deletion') {
    const second = secondPersonRefusal(
      {
        decider: command.actor,
        now,
        requester: request.requestedBy,
        paid: [request.userId],
        eligibleSince: eligibleSinceOf(approver, roles),
        requestedAt: request.createdAt,
      },
      {
        requester: { detail: 'The SUPERADMIN who asked for the deletion cannot approve it' },
        'self-dealing': { detail: 'No one approves the deletion of their own account; another SUPERADMIN must' },
        'not-eligible': { detail: notEligibleDetail(roles) },
      },
    );
    return second ? rejected(second.code, second.detail) : null;
  }
  // The user to delete rejects it no more than they approve it; its requester may withdraw it.
  return paysPerson(command.actor, [request.userId]) && !sameActor(command.actor, request.requestedBy)
    ? rejected('SELF_DEALING', 'No one decides the deletion of their own account, either way; another SUPERADMIN must')
    : null;
}

/** The request once decided. */
export function decidedRequest(request: DeletionRequestRow, command: DecideDeletion, now: Date): DeletionRequestRow {
  return decidedRequestOf(request, { approved: command.type === 'user.approve-deletion', ...command }, now);
}
