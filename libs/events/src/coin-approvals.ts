import { z } from 'zod';
import { eventSchema } from './envelope';
import { coinValue, isoDateTime, role, treasuryCode, userId } from './primitives';

/** The topic (before any deployment prefix); the record key is the approval request's id. */
export const coinApprovalsTopic = 'coin.approvals';

export const approvalStatuses = ['PENDING', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
export const approvalStatus = z.enum(approvalStatuses);
export type ApprovalStatus = z.infer<typeof approvalStatus>;

/** Who asked or decided: a user (an ADMIN+), by id as a decimal string. */
export const approvalActor = z.object({
  kind: z.enum(['user', 'system', 'service', 'operator']),
  id: z.string(),
  role: role.optional(),
});

/** The money command waiting, as its request asked for it; amounts in coins. */
export const approvalCommandView = z.object({
  type: z.enum(['MINT', 'BURN', 'REFUND']),
  /** MINT, BURN: the wallet (exactly one of userId and treasury). */
  userId: userId.nullable(),
  treasury: treasuryCode.nullable(),
  /** REFUND: the purchase, and the amount (null: what remains of it). */
  transactionId: z.number().int().positive().nullable(),
  amount: coinValue.nullable(),
  reason: z.string(),
});

/**
 * A four-eyes approval request: a large MINT, BURN or REFUND waiting for a second
 * ADMIN+. PENDING until exactly one of APPROVED (the command was applied: `transactionId`),
 * REJECTED or EXPIRED.
 */
export const approval = z.object({
  id: z.uuid(),
  status: approvalStatus,
  command: approvalCommandView,
  requestedBy: approvalActor,
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  updatedAt: isoDateTime,
  /** Who approved or rejected it (null while pending or once expired). */
  decidedBy: approvalActor.nullable(),
  rejectionReason: z.string().nullable(),
  transactionId: z.number().int().positive().nullable(),
});
export type Approval = z.infer<typeof approval>;

export const approvalRequested = eventSchema('coin.approval.requested', { approval });
export const approvalApproved = eventSchema('coin.approval.approved', { approval });
export const approvalRejected = eventSchema('coin.approval.rejected', { approval });
export const approvalExpired = eventSchema('coin.approval.expired', { approval });

/** Every event type of coin.approvals, discriminated by `type`. */
export const coinApprovalEvent = z.discriminatedUnion('type', [approvalRequested, approvalApproved, approvalRejected, approvalExpired]);
export type CoinApprovalEvent = z.infer<typeof coinApprovalEvent>;
export const coinApprovalEventTypes = coinApprovalEvent.options.map((o) => o.shape.type.value);

// ---- coin.approvals.v2 (docs/EVENTS.md "Versioning policy") ----
/**
 * The successor of coin.approvals: a person's REWARD past the four-eyes window waits for a second
 * person too, and a new command type is a new enum value, which breaks consumers of version 1. The
 * ledger publishes every approval change here (version 2) and, for MINT, BURN and REFUND, the same
 * change on coin.approvals (version 1, same eventId) for at least 90 days after the announcement.
 */
export const coinApprovalsV2Topic = 'coin.approvals.v2';

export const approvalCommandTypesV2 = ['MINT', 'BURN', 'REFUND', 'REWARD'] as const;

/** The money command waiting (v2): REWARD pays `userId` from the REWARDS treasury (`treasury` null). */
export const approvalCommandViewV2 = approvalCommandView.extend({ type: z.enum(approvalCommandTypesV2) });

/** A four-eyes approval request (v2): any of MINT, BURN, REFUND and REWARD. */
export const approvalV2 = approval.extend({ command: approvalCommandViewV2 });
export type ApprovalV2 = z.infer<typeof approvalV2>;

export const approvalRequestedV2 = eventSchema('coin.approval.requested', { approval: approvalV2 }, 2);
export const approvalApprovedV2 = eventSchema('coin.approval.approved', { approval: approvalV2 }, 2);
export const approvalRejectedV2 = eventSchema('coin.approval.rejected', { approval: approvalV2 }, 2);
export const approvalExpiredV2 = eventSchema('coin.approval.expired', { approval: approvalV2 }, 2);

/** Every event type of coin.approvals.v2, discriminated by `type`. */
export const coinApprovalEventV2 = z.discriminatedUnion('type', [
  approvalRequestedV2,
  approvalApprovedV2,
  approvalRejectedV2,
  approvalExpiredV2,
]);
export type CoinApprovalEventV2 = z.infer<typeof coinApprovalEventV2>;
export const coinApprovalEventTypesV2 = coinApprovalEventV2.options.map((o) => o.shape.type.value);
