import { z } from 'zod';
import { coinAmount } from './money';
import { isoDateTime, metadata, reasonText, singleLineText, treasuryCode, userId, userIdParam } from './common';
import { cashoutOutcome, commissionRuleBody, msisdn, refundBody } from './ledger';
import { cashoutStatus } from './cashout';
import { historyPaging, queryInt } from './history';
import { withCursorParam } from './paging';
import { mandatePeriod } from '@coin/events';

/**
 * The sandbox's economy (docs/decisions/0018-sandbox.md): the bodies of the routes a test-mode
 * client acts for its test users with, in the sandbox ledger only. The user is not present in the
 * sandbox (people's tokens are live), so the client names the user, and acts as the user would:
 * it grants a mandate to itself, asks for a cash-out, makes a purchase.
 */

/**
 * `POST /api/sandbox/mandates`: a mandate the test user grants the calling test-mode client, as the
 * user's own `POST /api/wallets/me/mandates` would, on the client's test clock.
 */
export const sandboxMandateBody = z
  .strictObject({
    userId: userId.describe('The test user whose sandbox wallet the mandate charges'),
    amount: coinAmount.describe('Coins charged each period'),
    maxPerPeriod: coinAmount.optional().describe('The most one period may be charged, at least amount; default: amount'),
    period: mandatePeriod.describe('DAY, WEEK or MONTH (calendar month, UTC), counted on the client’s test clock'),
    startsAt: isoDateTime
      .optional()
      .describe('When the first period starts and is charged, on the client’s test clock (at most a year ahead); default: its now'),
    endsAt: isoDateTime.optional().describe('After startsAt: no period starting at or after it is charged; absent: until cancelled'),
    reason: reasonText,
  })
  .superRefine((value, ctx) => {
    if (value.endsAt !== undefined && value.startsAt !== undefined && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'endsAt must be after startsAt' });
    }
    if (value.maxPerPeriod !== undefined && value.maxPerPeriod < value.amount) {
      ctx.addIssue({ code: 'custom', path: ['maxPerPeriod'], message: 'maxPerPeriod must be at least amount' });
    }
  });
export type SandboxMandateBody = z.infer<typeof sandboxMandateBody>;

/**
 * `POST /api/sandbox/cashouts`: a cash-out of the test user's test coins, which the sandbox's
 * built-in test provider settles with `testOutcome` a minute later on the client's test clock
 * (sandboxCashoutSettleSeconds).
 */
export const sandboxCashoutBody = z.strictObject({
  userId: userId.describe('The test user whose sandbox wallet is cashed out'),
  amount: coinAmount,
  msisdn,
  testOutcome: cashoutOutcome
    .default('CONFIRMED')
    .describe(
      'What the sandbox’s test provider does with it a minute later on the client’s test clock: CONFIRMED burns the held coins, FAILED releases them',
    ),
});
export type SandboxCashoutBody = z.infer<typeof sandboxCashoutBody>;

/** `GET /api/sandbox/cashouts`: the calling test-mode client's test cash-outs, newest first, of one state or one test user. */
export const sandboxCashoutsQuery = withCursorParam(
  z.strictObject({
    status: cashoutStatus.optional(),
    userId: userIdParam.optional().describe('Only the cash-outs of this test user'),
    limit: queryInt(1, 100, 20),
    offset: queryInt(0, historyPaging.offsetMax, 0),
  }),
  'offset',
);

/**
 * `POST /api/sandbox/purchases`: the test user pays a treasury, as `POST /api/coins/purchase` would;
 * naming an affiliate splits it by the calling client's own sandbox commission rule for that treasury.
 */
export const sandboxPurchaseBody = z.strictObject({
  userId: userId.describe('The test user who pays'),
  treasury: treasuryCode,
  amount: coinAmount,
  reason: reasonText,
  reference: singleLineText(1, 100).optional(),
  metadata: metadata.optional(),
  affiliate: z
    .strictObject({ userId })
    .optional()
    .describe(
      'The affiliate paid a commission out of the amount by the client’s own rule for the treasury (the client is the platform here)',
    ),
});
export type SandboxPurchaseBody = z.infer<typeof sandboxPurchaseBody>;

/** `POST /api/sandbox/refunds`: a refund of a purchase the calling client made in the sandbox, in full (default) or in part. */
export const sandboxRefundBody = refundBody;

/** `PUT /api/sandbox/commission-rules`: the calling client's own rule for a treasury it was granted (null removes it). */
export const sandboxCommissionRuleBody = commissionRuleBody.omit({ clientId: true });
