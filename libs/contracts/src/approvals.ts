import { z } from 'zod';
import { historyPaging, queryInt } from './history';
import { uuidInput } from './common';
import { withCursorParam, withPageLinks } from './paging';
import { payoutResult, reasonText } from './ledger';

/**
 * Four-eyes approval of large money commands (docs/design/ledger.md "Approvals"): the request
 * answers 202 with one of these instead of moving money; another ADMIN+ approves (the command is
 * applied then, exactly as a direct one) or rejects it, or it expires.
 */
// The Approval and the events on coin.approvals(.v2) live in @coin/events (libs/events). The API
// shows the version 2 view: every approvable command, a person's REWARD included.
export {
  approvalV2 as approval,
  type ApprovalV2 as Approval,
  approvalCommandViewV2 as approvalCommandView,
  approvalStatus,
  approvalStatuses,
  type ApprovalStatus,
  coinApprovalEvent,
  type CoinApprovalEvent,
  coinApprovalEventTypes,
  coinApprovalEventV2,
  type CoinApprovalEventV2,
} from '@coin/events';
export {
  coinPayoutApprovalEvent,
  type CoinPayoutApprovalEvent,
  coinPayoutApprovalEventTypes,
  payoutApproval,
  type PayoutApproval,
} from '@coin/events';
import { approvalV2 as approval, approvalStatus, payoutApproval } from '@coin/events';

export const approvalIdParam = z.strictObject({
  id: uuidInput.describe(
    "The request's id: a UUIDv8 naming the partition that keeps it and whether it holds a payout (xxxxxxxx-xxxx-8xxx-8Kpp-pppppppppppp, docs/CONTRACT.md), or a UUIDv5 issued before",
  ),
});
export const rejectApprovalBody = z.strictObject({ reason: reasonText });

export const approvalsQuery = z.strictObject({
  status: approvalStatus.optional(),
  limit: queryInt(1, 100, 20),
  offset: queryInt(0, historyPaging.offsetMax, 0),
});
/** The pagination of every list of requests waiting for a second person. */
export const requestsPagination = z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() });
export const approvalPage = z.object({ approvals: z.array(approval), pagination: requestsPagination });
export type ApprovalPage = z.infer<typeof approvalPage>;
/** GET /api/admin/approvals (the ledger's internal route keeps the forms above). */
export const approvalsPublicQuery = withCursorParam(approvalsQuery, 'offset');
export const approvalPublicPage = withPageLinks(approvalPage);
/** The 202 of a money request that waits for approval. */
export const approvalPending = z.object({ approval });

// ---- A person's payout past the four-eyes window (docs/design/ledger.md "Payouts") ----
/**
 * Its request is a PayoutApproval, never an Approval (whose view and topics know one recipient
 * and a closed enum of commands): listed, read and decided on routes of its own.
 */
export const payoutApprovalsQuery = approvalsQuery;
export const payoutApprovalPage = z.object({ payoutApprovals: z.array(payoutApproval), pagination: requestsPagination });
export type PayoutApprovalPage = z.infer<typeof payoutApprovalPage>;
/** GET /api/admin/payout-approvals (the ledger's internal route keeps the forms above). */
export const payoutApprovalsPublicQuery = withCursorParam(payoutApprovalsQuery, 'offset');
export const payoutApprovalPublicPage = withPageLinks(payoutApprovalPage);
/** The 202 of a person's payout that waits for approval: the request, under `approval` like a mint's. */
export const payoutApprovalPending = z.object({ approval: payoutApproval });
/** The 201 of an approved payout: the payout's result as a direct one answers, and the request. */
export const payoutApprovedResult = payoutResult.extend({ approval: payoutApproval });
