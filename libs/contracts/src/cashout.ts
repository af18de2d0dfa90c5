import { z } from 'zod';
import { coinAmount, coinValue, minorUnitsPerCoin } from './money';
import { isoDateTime, singleLineText, userId } from './common';
import { cashoutOutcome, msisdn, transaction, wallet } from './ledger';
import { platformClientId } from './user';

/**
 * Cash-out of coins to XAF (docs/CONTRACT.md "Cash-out"). A cash-out is a hold of the payer's
 * coins with its terms: the mobile money account, the provider that pays it, and the XAF amount
 * the rate in force fixed when it was asked for. The provider's signed callback confirms it (the
 * held coins are burned: a BURN recording the XAF amount and the rate) or fails it (released);
 * one no provider settles within the window expires (released).
 */

/** A cash-out's state: REQUESTED (held), CONFIRMED (burned), FAILED (the provider failed it: released), RELEASED (an ADMIN+ voided it), EXPIRED (no callback within the window: released). */
export const cashoutStatus = z.enum(['REQUESTED', 'CONFIRMED', 'FAILED', 'RELEASED', 'EXPIRED']);
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

/** A cash-out as the API shows it. */
export const cashout = z.object({
  id: z.uuid().describe("The cash-out's id: the id of the hold that reserves its coins"),
  userId,
  amount: coinValue.describe('Coins exchanged'),
  xafAmount: z.number().int().nonnegative().describe('XAF the provider pays, fixed at the rate in force when it was asked for'),
  xafPerCoin: xafPerCoin.describe('The rate it was exchanged at: XAF per coin'),
  rateEffectiveFrom: isoDateTime.describe('When that rate came into force'),
  msisdn,
  providerClientId: platformClientId,
  status: cashoutStatus,
  providerReference: z.string().nullable(),
  transactionId: z.number().int().nullable().describe('The BURN of a confirmed cash-out'),
  expiresAt: isoDateTime.describe('Released by itself if no provider callback settles it by then'),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Cashout = z.infer<typeof cashout>;

/** POST /api/cashouts: the payer is the caller. */
export const createCashoutBody = z.strictObject({
  amount: coinAmount,
  msisdn,
  providerClientId: platformClientId.describe('The payout provider (a platform client configured as one) that pays the XAF'),
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
export type CashoutResult = z.infer<typeof cashoutResult>;
export const settleCashoutResult = z.object({ cashout, transaction: transaction.nullable(), wallet });
export type SettleCashoutResult = z.infer<typeof settleCashoutResult>;
