import {
  type Actor,
  type ApprovableCommand,
  type ApprovalAct,
  approvalIdNamingRoute,
  type ApprovalStatus,
  canonicalJson,
  type fourEyesActs,
  type LedgerCommand,
  partitionKeyOf,
  routeOfApprovalId,
} from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { uuidV5 } from '@coin/security';
import type { z } from 'zod';

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

/**
 * How each four-eyes act of the ledger shows its requests (the API's, the replies' and the events'
 * view; each act's module builds them, `view` in domain/commands/acts/<act>.ts): the request its contract row documents (@coin/contracts
 * four-eyes-acts.ts `request`), an Approval only for money, each other act its own.
 */
export type ApprovalViews = { [A in ApprovalAct]: z.infer<(typeof fourEyesActs)[A]['request']> };
export type ApprovalViewOf<A extends ApprovalAct> = ApprovalViews[A];
/** A request as whichever act it is of shows it. */
export type AnyApprovalView = ApprovalViews[ApprovalAct];

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

/** An approve or a reject: the decisions a person sends, naming the request (and its command, for an id of the earlier layout). */
type DecisionOnRequest = Extract<LedgerCommand, { type: 'ledger.approve' | 'ledger.reject-approval' }>;

function isDecisionOnRequest(command: LedgerCommand): command is DecisionOnRequest {
  return command.type === 'ledger.approve' || command.type === 'ledger.reject-approval';
}

/**
 * The id of the request an approve or a reject names without its command (an id naming its
 * route, docs/decisions/0005), whose stored command says what else the decision reads: the apply
 * stage loads these requests first. None for any other command.
 */
export function requestToLoadFirst(command: LedgerCommand): string | null {
  return isDecisionOnRequest(command) && command.data.command === undefined ? command.data.approvalId : null;
}

/**
 * The request a routed id names, as stored, when it is kept where the id says: the partition of
 * its command's wallet key, holding a payout or not. Null otherwise: an id naming another route
 * than its request's is not found, whoever wrote the command (an insider's, under another key).
 * `approvals`: the requests read (the kind `approvals`, domain/kinds/approvals.ts; undefined: none).
 */
export function requestNamedBy(approvals: ReadonlyMap<string, ApprovalState> | undefined, id: string): ApprovalState | null {
  const route = routeOfApprovalId(id);
  const found = approvals?.get(id);
  if (!route || !found) return null;
  const kept = { walletKey: partitionKeyOf(found.command), payout: found.command.type === 'ledger.payout' };
  return kept.walletKey === route.walletKey && kept.payout === route.payout ? found : null;
}

/**
 * An approve or a reject naming only its request, with the command the request stores (what the
 * ledger decides is the stored command, never one the sender supplies): the request is loaded by
 * the ledger, not read by the gateway and sent back. Unchanged when it carries its command (an id
 * of the earlier layout: compared with the stored one when decided) or names no request found
 * where its id says (then refused APPROVAL_NOT_FOUND).
 */
export function withStoredRequest(command: LedgerCommand, approvals: ReadonlyMap<string, ApprovalState> | undefined): LedgerCommand {
  if (!isDecisionOnRequest(command) || command.data.command !== undefined) return command;
  const stored = requestNamedBy(approvals, command.data.approvalId);
  return stored ? ({ ...command, data: { ...command.data, command: stored.command } } as LedgerCommand) : command;
}
