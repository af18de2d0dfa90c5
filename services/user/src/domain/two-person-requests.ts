import type { Actor } from '@coin/contracts';
import { uuidV5 } from '@coin/security';

/**
 * What deletion requests and grant requests share (docs/DESIGN.md "Two-person acts", "Deleting a
 * user"): a request made by one person, PENDING until a second decides it or it expires, its id
 * drawn so nobody can compute it ahead. Pure: `now` is given.
 */

export type TwoPersonStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'EXPIRED';

/** The fields every two-person request's row has, beside what it asks for. */
export interface TwoPersonRequest {
  id: string;
  requestedBy: Actor;
  status: TwoPersonStatus;
  createdAt: Date;
  expiresAt: Date;
  decidedBy: Actor | null;
  decidedAt: Date | null;
  rejectionReason: string | null;
}

/** The command a request is made from: its id, its actor and, from the gateway, the random part of the request's id. */
export interface RequestingCommand {
  commandId: string;
  actor: Actor;
  data: { idNonce?: string | undefined };
}

/**
 * A request's id: UUIDv5 of the command id, so a redelivery names the same request, and of the
 * 128 random bits the gateway drew for it (`idNonce`), so it cannot be computed from the actor and
 * the Idempotency-Key the command id follows from. A keyed retry (the same command id, another
 * nonce) is answered from the stored outcome: the first request. A command without a nonce (a
 * gateway of an earlier version) names its request as before.
 */
export function requestIdOf(kind: 'deletion-request' | 'grant-request', command: Pick<RequestingCommand, 'commandId' | 'data'>): string {
  const { idNonce } = command.data;
  return uuidV5(idNonce === undefined ? `user.${kind}:${command.commandId}` : `user.${kind}:${command.commandId}:${idNonce}`);
}

/** A new PENDING request of `kind`, made now, expiring `expirySeconds` later. */
export function pendingRequest(
  kind: 'deletion-request' | 'grant-request',
  command: RequestingCommand,
  expirySeconds: number,
  now: Date,
): TwoPersonRequest {
  return {
    id: requestIdOf(kind, command),
    requestedBy: command.actor,
    status: 'PENDING',
    createdAt: now,
    expiresAt: new Date(now.getTime() + expirySeconds * 1000),
    decidedBy: null,
    decidedAt: null,
    rejectionReason: null,
  };
}

/** A PENDING request past its expiry is EXPIRED, whether or not the row says so yet. */
export function requestStatusAt(row: Pick<TwoPersonRequest, 'status' | 'expiresAt'>, now: Date): TwoPersonStatus {
  return row.status === 'PENDING' && row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : row.status;
}

/** The request once a second person approved it or someone rejected it (with the command's reason). */
export function decidedRequestOf<R extends TwoPersonRequest>(
  request: R,
  decision: { approved: boolean; actor: Actor; data: object },
  now: Date,
): R {
  return {
    ...request,
    status: decision.approved ? 'APPROVED' : 'REJECTED',
    decidedBy: decision.actor,
    decidedAt: now,
    rejectionReason: 'reason' in decision.data && typeof decision.data.reason === 'string' ? decision.data.reason : null,
  };
}

/** Whether two actors are the same (the requester withdrawing their own request). */
export function sameActor(a: Actor, b: Actor): boolean {
  return a.kind === b.kind && a.id === b.id;
}
