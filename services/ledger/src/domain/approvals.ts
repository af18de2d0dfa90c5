import {
  type Actor,
  type ApprovableCommand,
  approvalIdNamingRoute,
  type ApprovalStatus,
  canonicalJson,
  type LedgerCommand,
  partitionKeyOf,
} from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
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
 * Idempotency-Key (docs/design/ledger.md "Approvals"). It names the partition that keeps the request
 * and whether it holds a payout (approvalIdNamingRoute: 60 of the hash's bits are kept), so a
 * decision can be routed from the id alone (docs/decisions/0005). A command without a nonce (sent
 * by a gateway of an earlier version) names the request as before: UUIDv5, no route.
 */
export function approvalIdOf(command: { commandId: string; data: object }, asked?: ApprovableCommand): string {
  const { commandId, data } = command;
  const idNonce = 'idNonce' in data && typeof data.idNonce === 'string' ? data.idNonce : undefined;
  if (idNonce === undefined) return uuidV5(`ledger.request-approval:${commandId}`);
  if (asked === undefined) throw new InvariantViolation('the id of a request drawn with a nonce names the command it holds');
  const hex = uuidV5(`ledger.request-approval:${commandId}:${idNonce}`).replaceAll('-', '');
  const route = { walletKey: partitionKeyOf(asked), payout: asked.type === 'ledger.payout' };
  return approvalIdNamingRoute(route, `${hex.slice(0, 12)}${hex.slice(13, 16)}${hex.slice(17)}00`);
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
