import { z } from 'zod';
import { approvalActor, approvalStatus } from './coin-approvals';
import { eventSchema } from './envelope';
import { coinValue, isoDateTime, userId } from './primitives';

// ---- coin.payout-approvals (docs/EVENTS.md "coin.payout-approvals") ----
/**
 * A person's payout from REWARDS past the four-eyes window waits for a second ADMIN+ (docs/design/ledger.md
 * "Payouts"). Its request is no Approval (one recipient, a command enum coin.approvals(.v2)
 * consumers know): it has its own view and its own topic, so no published contract changes.
 * The record key is the request's id.
 */
export const coinPayoutApprovalsTopic = 'coin.payout-approvals';

/** The payout waiting, as its request asked for it; amounts in coins. */
export const payoutApprovalPayout = z.object({
  /** Who pays: the REWARDS treasury (a person's payout from their own wallet never waits). */
  from: z.object({ treasury: z.literal('REWARDS') }),
  /** The payout's reference; line `i`'s transaction is referenced `<reference>#<i>` once approved. */
  reference: z.string(),
  reason: z.string(),
  total: coinValue,
  lines: z.array(
    z.object({
      index: z.number().int().nonnegative(),
      toUserId: userId,
      amount: coinValue,
      /** The line's own reason (null: the payout's). */
      reason: z.string().nullable(),
    }),
  ),
});

/**
 * A four-eyes request holding a payout: PENDING until exactly one of APPROVED (every line was
 * applied: `transactionId` is line 0's transaction), REJECTED or EXPIRED. Its members mirror the
 * Approval's, `payout` standing for `command`.
 */
export const payoutApproval = z.object({
  id: z.uuid(),
  status: approvalStatus,
  payout: payoutApprovalPayout,
  requestedBy: approvalActor,
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  updatedAt: isoDateTime,
  /** Who approved or rejected it (null while pending or once expired). */
  decidedBy: approvalActor.nullable(),
  rejectionReason: z.string().nullable(),
  /** APPROVED: the transaction of line 0 (the others are found by the payout's reference). */
  transactionId: z.number().int().positive().nullable(),
});
export type PayoutApproval = z.infer<typeof payoutApproval>;

export const payoutApprovalRequested = eventSchema('coin.payout-approval.requested', { payoutApproval });
export const payoutApprovalApproved = eventSchema('coin.payout-approval.approved', { payoutApproval });
export const payoutApprovalRejected = eventSchema('coin.payout-approval.rejected', { payoutApproval });
export const payoutApprovalExpired = eventSchema('coin.payout-approval.expired', { payoutApproval });

/** Every event type of coin.payout-approvals, discriminated by `type`. */
export const coinPayoutApprovalEvent = z.discriminatedUnion('type', [
  payoutApprovalRequested,
  payoutApprovalApproved,
  payoutApprovalRejected,
  payoutApprovalExpired,
]);
export type CoinPayoutApprovalEvent = z.infer<typeof coinPayoutApprovalEvent>;
export const coinPayoutApprovalEventTypes = coinPayoutApprovalEvent.options.map((o) => o.shape.type.value);
