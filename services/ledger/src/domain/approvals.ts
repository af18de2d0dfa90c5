import { type Actor, type ApprovableCommand, type ApprovalStatus, canonicalJson, type LedgerCommand } from '@coin/contracts';
import { uuidV5 } from '@coin/security';

/**
 * Four-eyes approval (docs/DESIGN.md "Approvals"), pure. A request stores the money command it
 * was asked for; an approval by another ADMIN+ applies exactly that command, in the partition
 * that would have applied it directly (every approval command is keyed like its `command`), so
 * the approval's status and the money move commit together, once.
 */

export interface ApprovalState {
  id: string;
  command: ApprovableCommand;
  requestedBy: Actor;
  status: ApprovalStatus;
  createdAt: Date;
  expiresAt: Date;
  updatedAt: Date;
  decidedBy: Actor | null;
  rejectionReason: string | null;
  transactionId: number | null;
}

export type ApprovalEvent = 'requested' | 'approved' | 'rejected' | 'expired';

export interface ApprovalChange {
  approval: ApprovalState;
  event: ApprovalEvent;
}

/** An approval request's id follows from the request's command: a retry with the same key names the same request. */
export function approvalIdOf(commandId: string): string {
  return uuidV5(`ledger.request-approval:${commandId}`);
}

/** The id of the command an approval applies: one per request, so it is applied at most once. */
export function approvedCommandIdOf(approvalId: string): string {
  return uuidV5(`ledger.approved:${approvalId}`);
}

/** Two commands are the same when their canonical JSON texts are: key order does not count. */
export function sameCommand(a: ApprovableCommand, b: ApprovableCommand): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** Whether two actors are the same person (or client): the requester may never approve. */
export function sameActor(a: Actor, b: Actor): boolean {
  return a.kind === b.kind && a.id === b.id;
}

/** The money command an approval applies, as if its requester had sent it directly. */
export function approvedCommand(approval: ApprovalState, issuedAt: Date): LedgerCommand {
  return {
    commandId: approvedCommandIdOf(approval.id),
    issuedAt: issuedAt.toISOString(),
    actor: approval.requestedBy,
    ...approval.command,
  } as LedgerCommand;
}

/** The user id of an actor who is a user (admins are), for the transaction's record. */
export function userIdOfActor(actor: Actor): number | null {
  return actor.kind === 'user' && /^[1-9][0-9]{0,15}$/.test(actor.id) ? Number(actor.id) : null;
}
