import { z } from 'zod';
import { approval, approvalsQuery, requestsPagination } from './approvals';
import { isoDateTime, singleLineText, treasuryCode, userId } from './common';
import { commissionRuleEntry, commissionRuleView, referralToken } from './ledger';
import { withCursorParam, withPageLinks } from './paging';
import { platformClientId } from './user';

/**
 * Affiliate splits (docs/CONTRACT.md "Affiliate splits"): the referral a platform client attests
 * for a buyer, and the commission rules two people change.
 */

// ---- Referrals ----
/** POST /api/platform/referrals: the calling platform client attests that this buyer was referred by this affiliate. */
export const referralRequestBody = z.strictObject({
  buyerUserId: userId,
  affiliateUserId: userId,
  treasury: treasuryCode,
  /** When given, only a purchase with this reference may carry the referral. */
  reference: singleLineText(1, 100).optional(),
});
export type ReferralRequestBody = z.infer<typeof referralRequestBody>;
/** Its 201: the referral the buyer's purchase carries (`affiliate: { referral }`), and when it stops being valid. */
export const referralIssued = z.object({ referral: referralToken, expiresAt: isoDateTime });
export type ReferralIssued = z.infer<typeof referralIssued>;
/** The user service's internal route that signs a referral: the body above, with the client the gateway authenticated. */
export const internalReferralBody = referralRequestBody.extend({ clientId: platformClientId });

// ---- Commission changes ----
/**
 * A change of a commission rule waiting for a second ADMIN+: the members of an Approval with
 * `change` in place of `command` (an Approval's closed `command.type` enum has no value for it,
 * and a new one would break its consumers). Nothing moves when it is approved: the rule is set
 * (`transactionId` stays null).
 */
export const commissionChangeApproval = approval.omit({ command: true }).extend({
  change: z.object({
    treasury: treasuryCode,
    clientId: platformClientId,
    /** Null: the rule is removed. */
    rule: commissionRuleView.nullable(),
    reason: z.string().nullable(),
  }),
});
export type CommissionChangeApproval = z.infer<typeof commissionChangeApproval>;
/** The 202 of PUT /api/admin/commission-rules, and the answer of a reject: the request. */
export const commissionChangePending = z.object({ approval: commissionChangeApproval });
/** What an approved change answers: the rule as set (with who asked and who approved) and the request. */
export const commissionChangedResult = commissionRuleEntry.extend({ approval: commissionChangeApproval });
/** The commission changes, newest first, optionally of one status (the ledger's internal route). */
export const commissionChangesQuery = approvalsQuery;
export const commissionChangePage = z.object({ commissionChanges: z.array(commissionChangeApproval), pagination: requestsPagination });
export type CommissionChangePage = z.infer<typeof commissionChangePage>;
/** GET /api/admin/commission-changes. */
export const commissionChangesPublicQuery = withCursorParam(commissionChangesQuery, 'offset');
export const commissionChangePublicPage = withPageLinks(commissionChangePage);
