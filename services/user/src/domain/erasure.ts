import type { Actor, AuditRecord } from '@coin/contracts';
import { uuidV5 } from '@coin/security';

/**
 * Erasure of a deleted account (docs/DESIGN.md "Erasure"): what deletion did not already remove
 * of the person is removed, what the books need is kept, and the erasure is recorded in the admin
 * audit log. Pure decisions here; the operator action (admin/erasure.ts) does the writes.
 */

/** What the decision needs of the account's row; null when no row has the id. */
export interface ErasureSubject {
  deletedAt: Date | null;
  erasedAt: Date | null;
}

export type ErasureDecision =
  | { kind: 'refused'; code: 'USER_NOT_FOUND' | 'USER_NOT_DELETED'; detail: string }
  | { kind: 'already-erased'; erasedAt: Date }
  | { kind: 'erase' };

/**
 * Only a deleted account is erased: deletion is the decision with its rules (the last SUPERADMIN,
 * a second SUPERADMIN's approval for a large balance), it closes the wallet and ends the sessions;
 * erasure only removes what is left. A second erasure changes nothing and answers the first.
 */
export function decideErasure(userId: number, subject: ErasureSubject | null): ErasureDecision {
  if (!subject) return { kind: 'refused', code: 'USER_NOT_FOUND', detail: `No user ${userId}` };
  if (!subject.deletedAt) {
    return {
      kind: 'refused',
      code: 'USER_NOT_DELETED',
      detail: `User ${userId} is not deleted: delete it first (DELETE /api/admin/users/${userId}), then erase it`,
    };
  }
  if (subject.erasedAt) return { kind: 'already-erased', erasedAt: subject.erasedAt };
  return { kind: 'erase' };
}

/** One record per account however often the erasure runs: the history service keeps it once. */
export function erasureRecordId(userId: number): string {
  return uuidV5(`admin.audit:erasure:user:${userId}`);
}

/**
 * The erasure in the admin audit log. `user.delete` with `summary.erasure` rather than an action
 * of its own: a new value of the action enum would break admin.audit consumers (docs/EVENTS.md
 * "Versioning policy"), and erasure is the last step of deleting. The record names the account
 * by id only.
 */
export function erasureAuditRecord(input: {
  userId: number;
  at: Date;
  operator: Actor;
  deletedAt: Date;
  eventPayloadsScrubbed: number;
  keysDestroyed: number;
}): AuditRecord {
  return {
    id: erasureRecordId(input.userId),
    at: input.at.toISOString(),
    actor: { kind: input.operator.kind, id: input.operator.id, ...(input.operator.role ? { role: input.operator.role } : {}) },
    action: 'user.delete',
    target: `user:${input.userId}`,
    summary: {
      erasure: 'personal-data',
      deletedAt: input.deletedAt.toISOString(),
      eventPayloadsScrubbed: input.eventPayloadsScrubbed,
      keysDestroyed: input.keysDestroyed,
    },
    result: 'applied',
    errorCode: null,
    requestId: null,
  };
}

/**
 * A stored event of user.events (version 1, written before version 2 existed) without the e-mail
 * address it carried; null when it carries none. The rest stays: the outbox row is what was sent.
 */
export function scrubbedUserEvent(payload: unknown): unknown | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const user = (payload as { user?: unknown }).user;
  if (typeof user !== 'object' || user === null || !Object.hasOwn(user, 'email')) return null;
  const { email: _email, ...rest } = user as Record<string, unknown>;
  return { ...payload, user: rest };
}

/** What the operator is shown (and may file): the record, what is gone, what is kept and why. */
export function erasureReceipt(input: { userId: number; recordId: string; erasedAt: Date; deletedAt: Date; already: boolean }): string[] {
  const at = input.erasedAt.toISOString();
  return [
    input.already
      ? `user ${input.userId} was already erased at ${at} (audit record ${input.recordId})`
      : `user ${input.userId} erased at ${at} (audit record ${input.recordId})`,
    `deleted at ${input.deletedAt.toISOString()}: e-mail address, name and password hash removed from the account then, sessions ended, wallet closed`,
    'removed: the e-mail address from every stored event of the account in the outbox (events since user.events.v2 carry none); the key its registration was sealed under, so its copy on user.commands can no longer be read',
    'kept: the user id, role and timestamps (the tombstone row); the ledger wallet, balances and transactions; the audit records, which name user ids only (the books and the hash chain stay verifiable)',
    'left to expire: a registration sent in clear by a gateway of an earlier version stays readable on user.commands until its retention ends, 7 days after registration at most (docs/operations/procedures.md "Erasure")',
  ];
}
