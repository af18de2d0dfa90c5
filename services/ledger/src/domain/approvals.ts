import { type Actor, type ApprovableCommand, type ApprovalStatus, canonicalJson, type LedgerCommand } from '@coin/contracts';
import { uuidV5 } from '@coin/security';

/**
 * Four-eyes approval (docs/design/ledger.md "Approvals"), pure. A request stores the money command it
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

/**
 * An approval request's id follows from the command that asked for it, so a redelivery, a retry
 * answered from the stored outcome and a replay of the command log name the same request; and
 * from the 128 random bits the gateway drew for it (`idNonce`, carried in the command), so it
 * cannot be computed from the command id, which follows from the requester and the
 * Idempotency-Key (docs/design/ledger.md "Approvals"). A command without a nonce (sent by a gateway of
 * an earlier version) names the request as before.
 */
export function approvalIdOf(command: { commandId: string; data: object }): string {
  const { commandId, data } = command;
  const idNonce = 'idNonce' in data && typeof data.idNonce === 'string' ? data.idNonce : undefined;
  return uuidV5(idNonce === undefined ? `ledger.request-approval:${commandId}` : `ledger.request-approval:${commandId}:${idNonce}`);
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
