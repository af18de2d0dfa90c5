import { z } from 'zod';
import { coinAmount, coinValue, minorUnitsPerCoin } from './money';
import { isoDateTime, singleLineText, userId, userIdParam } from './common';
import { cashoutOutcome, msisdn, transaction, wallet } from './ledger';
import { platformClientId } from './user';
import { approval, approvalsQuery, requestsPagination } from './approvals';
import { reasonText } from './common';
import { historyPaging, queryInt } from './history';
import { checkDays, utcDay } from './stats';
import { withCursorParam, withPageLinks } from './paging';

/**
 * Cash-out of coins to XAF (docs/CONTRACT.md "Cash-out"). A cash-out is a hold of the payer's
 * coins with its terms: the mobile money account, the provider that pays it, and the XAF amount
 * the rate in force fixed when it was asked for. The provider's signed callback confirms it (the
 * held coins are burned: a BURN recording the XAF amount and the rate) or fails it (released);
 * one no provider settles within the window expires (released).
 */

/**
 * A cash-out's state: REQUESTED (held, no provider has claimed it), CLAIMED (a provider took it to
 * pay), CLAIM_OVERDUE (claimed, no callback within the window: still held, for its provider's
 * callback), CONFIRMED (burned), FAILED (the provider failed it:
 * released), RELEASED (its hold voided), EXPIRED (unclaimed within the window: released).
 */
export const cashoutStatus = z.enum(['REQUESTED', 'CLAIMED', 'CLAIM_OVERDUE', 'CONFIRMED', 'FAILED', 'RELEASED', 'EXPIRED']);
export type CashoutStatus = z.infer<typeof cashoutStatus>;

/** XAF per coin, an integer (XAF has no minor unit): the rate a cash-out is exchanged at. */
export const xafPerCoin = z.number().int().positive().max(1_000_000);

/**
 * The XAF a cash-out of `minor` minor units pays at `rate` XAF per coin: rounded down to a whole
 * franc, so the provider never pays more than the coins were worth. Exact (BigInt) for any amount.
 */
export function xafOfCashout(minor: number, rate: number): number {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError('a cash-out amount is a non-negative integer of minor units');
  if (!Number.isSafeInteger(rate) || rate <= 0) throw new RangeError('a cash-out rate is a positive integer of XAF per coin');
  return Number((BigInt(minor) * BigInt(rate)) / BigInt(minorUnitsPerCoin));
}

/**
 * A cash-out's second person (docs/CONTRACT.md "Cash-out"): NOT_REQUIRED at or under the four-eyes
 * threshold (CASHOUT_FOUR_EYES_COINS); above it PENDING until an ADMIN+ other than the payer
 * approves it (APPROVED, with who and when): a provider's claim and CONFIRMED are refused before that.
 */
export const cashoutApproval = z.object({
  status: z.enum(['NOT_REQUIRED', 'PENDING', 'APPROVED']),
  approvedBy: userId.nullable(),
  approvedAt: isoDateTime.nullable(),
});
export type CashoutApproval = z.infer<typeof cashoutApproval>;

/** A cash-out as the API shows it. */
export const cashout = z.object({
  id: z.uuid().describe("The cash-out's id: the id of the hold that reserves its coins"),
  userId,
  amount: coinValue.describe('Coins exchanged'),
  xafAmount: z.number().int().nonnegative().describe('XAF the provider pays, fixed at the rate in force when it was asked for'),
  xafPerCoin: xafPerCoin.describe('The rate it was exchanged at: XAF per coin'),
  rateEffectiveFrom: isoDateTime.describe('When that rate came into force'),
  msisdn: msisdn
    .nullable()
    .describe(
      'The mobile money account paid, an MSISDN in E.164 form; null once its user was deleted: the number is erased, the rest of the cash-out kept',
    ),
  providerClientId: platformClientId
    .nullable()
    .describe('The payout provider the user named (only it may claim the cash-out); null: any provider granted `cashout` may'),
  claimedBy: platformClientId
    .nullable()
    .describe('The provider that claimed it, whose signed callback alone settles it; null: not claimed'),
  claimedAt: isoDateTime.nullable(),
  status: cashoutStatus,
  providerReference: z.string().nullable(),
  transactionId: z.number().int().nullable().describe('The BURN of a confirmed cash-out'),
  approval: cashoutApproval,
  expiresAt: isoDateTime.describe('Released by itself if no provider callback settles it by then'),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Cashout = z.infer<typeof cashout>;

/** POST /api/cashouts: the payer is the caller. */
export const createCashoutBody = z.strictObject({
  amount: coinAmount,
  msisdn,
  providerClientId: platformClientId
    .optional()
    .describe('The payout provider (a platform client granted `cashout`) that alone may claim it; absent: any granted provider may'),
});

/**
 * POST /api/cashouts/callbacks: a provider's word on one cash-out. The body is signed with the
 * Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */
export const cashoutCallbackBody = z.strictObject({
  cashoutId: z.uuid(),
  outcome: cashoutOutcome,
  providerReference: singleLineText(1, 100).optional(),
});

export const cashoutResult = z.object({ cashout, wallet });

// ---- The reversal of a claimed cash-out (docs/CONTRACT.md "Cash-out") ----
/**
 * A request to reverse a claimed cash-out, waiting for a second ADMIN+: the members of an Approval
 * with `reversal` in place of `command` (an Approval's closed `command.type` enum has no value for
 * it, and a new one would break its consumers). Nothing moves when it is approved: the cash-out's
 * hold is released (`transactionId` stays null).
 */
export const cashoutReversalApproval = approval.omit({ command: true }).extend({
  reversal: z.object({ cashoutId: z.uuid(), userId, reason: z.string() }),
});
export type CashoutReversalApproval = z.infer<typeof cashoutReversalApproval>;
/** POST /api/admin/cashouts/{id}/reversal. */
export const cashoutReversalBody = z.strictObject({ reason: reasonText });
/** Its 202: the request. */
export const cashoutReversalPending = z.object({ approval: cashoutReversalApproval });
/** What an approved reversal answers: the cash-out as released, the payer's wallet and the request. */
export const cashoutReversedResult = cashoutResult.extend({ approval: cashoutReversalApproval });
/** The reversal requests, newest first, optionally of one status (the ledger's internal route). */
export const cashoutReversalsQuery = approvalsQuery;
export const cashoutReversalPage = z.object({ cashoutReversals: z.array(cashoutReversalApproval), pagination: requestsPagination });
export type CashoutReversalPage = z.infer<typeof cashoutReversalPage>;
/** GET /api/admin/cashout-reversals. */
export const cashoutReversalsPublicQuery = withCursorParam(cashoutReversalsQuery, 'offset');
export const cashoutReversalPublicPage = withPageLinks(cashoutReversalPage);

// ---- A cash-out's second person (docs/CONTRACT.md "Cash-out") ----
/**
 * The request a cash-out above the four-eyes threshold makes for its second person: the members of
 * an Approval with `cashout` in place of `command` (the cash-out's id, payer and amount), asked
 * for by its payer, decided at /api/admin/cashouts/{id}/approve and /reject by the cash-out's id.
 * Approved, a provider may claim and confirm the cash-out; rejected, its coins are released;
 * expired with its hold. Nothing moves when it is approved (`transactionId` stays null).
 */
export const cashoutApprovalRequest = approval.omit({ command: true }).extend({
  cashout: z.object({ cashoutId: z.uuid(), userId, amount: coinValue }),
});
export type CashoutApprovalRequest = z.infer<typeof cashoutApprovalRequest>;
/** What a cash-out's second person's approval or rejection answers: the cash-out as it stands after (cleared, or released), and its request. */
export const cashoutDecidedResult = z.object({ cashout, approval: cashoutApprovalRequest });
export type CashoutDecidedResult = z.infer<typeof cashoutDecidedResult>;
/** The requests of cash-outs' second persons, newest first, optionally of one status (the ledger's internal route). */
export const cashoutApprovalsQuery = approvalsQuery;
export const cashoutApprovalPage = z.object({ cashoutApprovals: z.array(cashoutApprovalRequest), pagination: requestsPagination });
export type CashoutApprovalPage = z.infer<typeof cashoutApprovalPage>;
/** GET /api/admin/cashout-approvals. */
export const cashoutApprovalsPublicQuery = withCursorParam(cashoutApprovalsQuery, 'offset');
export const cashoutApprovalPublicPage = withPageLinks(cashoutApprovalPage);

export type CashoutResult = z.infer<typeof cashoutResult>;
export const claimCashoutResult = z.object({ cashout });
export type ClaimCashoutResult = z.infer<typeof claimCashoutResult>;
/** POST /api/cashouts/{id}/claim. */
export const cashoutIdParams = z.strictObject({ id: z.uuid() });
export const settleCashoutResult = z.object({ cashout, transaction: transaction.nullable(), wallet });
export type SettleCashoutResult = z.infer<typeof settleCashoutResult>;

// ---- The cash-out queue and the reconciliation (ADMIN+) ----

/** A filter of the queue by second person: PENDING waits for one; CLEARED may be paid (none needed, or approved). */
export const cashoutApprovalFilter = z.enum(['PENDING', 'CLEARED']);
export type CashoutApprovalFilter = z.infer<typeof cashoutApprovalFilter>;
/** GET /api/admin/cashouts: the queue, newest first, optionally of one state and one provider (its claimer, else the provider named). */
export const cashoutsQuery = z.strictObject({
  status: cashoutStatus.optional(),
  providerClientId: platformClientId.optional(),
  approval: cashoutApprovalFilter
    .optional()
    .describe('PENDING: waiting for a second person (above the four-eyes threshold); CLEARED: none needed, or approved'),
  limit: queryInt(1, 100, 20),
  offset: queryInt(0, historyPaging.offsetMax, 0),
});
export type CashoutsQuery = z.infer<typeof cashoutsQuery>;
/** GET /api/cashouts: the caller's own cash-outs, newest first, optionally of one state. */
export const myCashoutsQuery = cashoutsQuery.pick({ status: true, limit: true, offset: true });
/**
 * The ledger's internal form: `assignedTo` is a provider's queue, `fromUserId` a payer's own
 * cash-outs (the gateway sets each from the verified token, never from the caller): the REQUESTED
 * cash-outs it may claim and those it claimed; the ones the payer asked for.
 */
export const cashoutsInternalQuery = cashoutsQuery.extend({ assignedTo: platformClientId.optional(), fromUserId: userIdParam.optional() });
export const cashoutPage = z.object({
  cashouts: z.array(cashout),
  pagination: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }),
});
export type CashoutPage = z.infer<typeof cashoutPage>;
/** The public API's forms of the queue (the ledger's internal route keeps the ones above). */
export const cashoutsPublicQuery = withCursorParam(cashoutsQuery, 'offset');
export const myCashoutsPublicQuery = withCursorParam(myCashoutsQuery, 'offset');
export const cashoutPublicPage = withPageLinks(cashoutPage);

/** GET /api/admin/cashouts/reconciliation: the days (UTC) a provider's cash-outs were asked for, both included. */
export const reconciliationQuery = z
  .strictObject({
    from: utcDay.describe('The first day (UTC, YYYY-MM-DD) a cash-out was asked for, included'),
    to: utcDay.describe('The last day (UTC, YYYY-MM-DD), included; at most 366 days from from'),
    providerClientId: platformClientId.optional(),
    format: z.enum(['json', 'csv']).default('json').describe('csv: text/csv, one line per provider and day'),
  })
  .superRefine(checkDays);
export type ReconciliationQuery = z.infer<typeof reconciliationQuery>;

/**
 * One provider's cash-outs asked for on one day (UTC), by what became of them; coins and whole XAF.
 * A claimed cash-out counts under its claimer; one no provider claimed under the provider named,
 * or under null when none was.
 */
export const reconciliationLine = z.object({
  day: z.string(),
  providerClientId: z.string().nullable().describe('The claimer, else the provider named; null: unclaimed and named none'),
  requested: z.number().int().nonnegative(),
  requestedXaf: z.number().int().nonnegative(),
  confirmed: z.number().int().nonnegative(),
  confirmedCoins: coinValue,
  confirmedXaf: z.number().int().nonnegative().describe('The XAF the provider paid: what its statement must show'),
  failed: z.number().int().nonnegative(),
  expired: z.number().int().nonnegative(),
  released: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative().describe('Not settled yet: REQUESTED or CLAIMED'),
  claimed: z.number().int().nonnegative().describe('Of the pending ones, those claimed (CLAIMED or CLAIM_OVERDUE)'),
  overdue: z
    .number()
    .int()
    .nonnegative()
    .describe('Of the claimed ones, those past their window (CLAIM_OVERDUE): the provider and an operator resolve them'),
  frozen: z
    .number()
    .int()
    .nonnegative()
    .describe("Of the claimed ones, those claimed once their payer's wallet was frozen: their CONFIRMED is refused"),
});
export type ReconciliationLine = z.infer<typeof reconciliationLine>;
export const reconciliation = z.object({ from: z.string(), to: z.string(), lines: z.array(reconciliationLine) });
export type Reconciliation = z.infer<typeof reconciliation>;

// The reconciliation's CSV (reconciliationColumns, reconciliationCsv) is in ./csv, beside the writer.

// ---- Cash-out rate versions, set by two people (ADMIN+) ----

/** A person as a rate version names them. */
const rateActor = z.object({ kind: z.enum(['user', 'operator']), id: z.string() });

/**
 * A cash-out rate version (docs/CONTRACT.md "Cash-out"): proposed by one ADMIN+, approved or
 * rejected by another before it expires (then EXPIRED, decided by nobody); once decided it never
 * changes. An approved version fixes the XAF amount of every cash-out the ledger applies from
 * `effectiveFrom` until the next approved version's.
 */
export const cashoutRateVersion = z.object({
  id: z.uuid(),
  xafPerCoin: xafPerCoin.describe('XAF per coin'),
  effectiveFrom: isoDateTime.describe('When it comes into force (judged at the ledger)'),
  status: z.enum(['PROPOSED', 'APPROVED', 'REJECTED', 'EXPIRED']),
  proposedBy: rateActor,
  proposedAt: isoDateTime,
  decidedBy: rateActor.nullable(),
  decidedAt: isoDateTime.nullable(),
  expiresAt: isoDateTime.describe(
    'When a proposal lapses undecided: APPROVAL_EXPIRY_S (24 h) after it was proposed, or 60 seconds before its effective time if that comes first',
  ),
});
export type CashoutRateVersion = z.infer<typeof cashoutRateVersion>;

/** POST /api/admin/cashout-rates: a rate version to propose. */
export const proposeCashoutRateBody = z.strictObject({
  xafPerCoin: xafPerCoin.describe('XAF per coin, a whole number'),
  effectiveFrom: isoDateTime.describe(
    'When it comes into force: at least 60 seconds and at most 90 days after the ledger applies the proposal, and still at least 60 seconds ahead when it is approved',
  ),
});
export const cashoutRateResult = z.object({ rate: cashoutRateVersion });
export type CashoutRateResult = z.infer<typeof cashoutRateResult>;
/** What a rate request's approval or rejection answers: the version (set, or as the request left it), and the request (shown as the version it asks for). */
export const cashoutRateDecidedResult = cashoutRateResult.extend({ approval: cashoutRateVersion });
export type CashoutRateDecidedResult = z.infer<typeof cashoutRateDecidedResult>;

/**
 * GET /api/admin/cashout-rates: the configured versions (CASHOUT_RATES, in force from deployment)
 * and every version set through the API, proposed and decided, newest first; `inForce`: the one
 * the ledger applies now.
 */
export const cashoutRateList = z.object({
  configured: z.array(z.object({ xafPerCoin, effectiveFrom: isoDateTime })),
  versions: z.array(cashoutRateVersion),
  inForce: z.object({ xafPerCoin, effectiveFrom: isoDateTime, id: z.uuid().nullable() }).nullable(),
});
export type CashoutRateList = z.infer<typeof cashoutRateList>;

/** The result of an ADMIN+'s approval or rejection of a cash-out above the four-eyes threshold. */
export const decideCashoutResult = z.object({ cashout });
export type DecideCashoutResult = z.infer<typeof decideCashoutResult>;
