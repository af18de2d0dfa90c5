import { z } from 'zod';
import { commandSchema } from './messaging';
import { coinAmount, coinsToMinorUnits, coinValue, minorUnits, positiveMinorUnits } from './money';
import {
  idNonce,
  isoDateTime,
  metadata,
  positiveIdParam,
  reasonText,
  singleLineText,
  treasuryCode,
  treasuryCodes,
  userId,
  uuidInput,
} from './common';
import { type BalanceWallet, mandatePeriod, transaction, transactionType } from '@coin/events';
import { platformClientId } from './user';

// The Transaction and the events on coin.transactions (docs/CONTRACT.md "Events") live in @coin/events (libs/events).
export { transactionTypes, transactionType, type TransactionType } from '@coin/events';
export { transaction, type Transaction, transactionRecorded, type TransactionRecorded } from '@coin/events';

/** The Wallet (docs/CONTRACT.md "Resources"); amounts in coins. */
export const wallet = z.object({
  id: z.uuid(),
  userId: userId,
  balance: coinValue,
  activeCoins: coinValue,
  totalReceived: coinValue,
  totalSent: coinValue,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  xafValue: z.number().int().optional().describe('balance x COIN_XAF_RATE, when configured'),
  frozen: z
    .boolean()
    .describe(
      'Whether the wallet\'s outgoing movements are frozen (docs/CONTRACT.md "Wallet freezes"): its debits are refused, its credits land',
    ),
});
export type Wallet = z.infer<typeof wallet>;

// ---- Kafka commands on ledger.commands, keyed by the wallet they debit (MINT: credit) ----
export function walletKeyOfUser(id: number): string {
  return `user:${id}`;
}
/**
 * A treasury's wallet key: `treasury:<CODE>`, or in the sandbox a test-mode client's own treasury
 * `treasury:<CODE>@<clientId>` (docs/decisions/0018-sandbox.md "Treasuries of each test client's own").
 */
export function walletKeyOfTreasury(code: string, clientId?: string): string {
  return clientId === undefined ? `treasury:${code}` : `treasury:${code}@${clientId}`;
}

export const openWalletCommand = commandSchema('ledger.open-wallet', z.object({ userId }));

/** A test-mode client's id (`test_…`): the form its sandbox clock and its own sandbox treasuries are stored under. */
export const testModeClientId = z.string().regex(/^test_[A-Za-z0-9_-]{0,95}$/, 'must be a test-mode client id (test_…)');

/**
 * A wallet addressed by its owner: a user or a treasury. A treasury naming `clientId` is that
 * test-mode client's own in the sandbox (its wallet, totals and key of its own); the live ledger
 * refuses any command naming one.
 */
export const party = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId }),
  z.object({ kind: z.literal('treasury'), code: treasuryCode, clientId: testModeClientId.optional() }),
]);
export type Party = z.infer<typeof party>;

export function walletKeyOf(p: Party): string {
  return p.kind === 'user' ? walletKeyOfUser(p.userId) : walletKeyOfTreasury(p.code, p.clientId);
}

/** Whether a client id is a test-mode client's (`test_…`), the only clients with treasuries of their own. */
export function isTestModeClientId(clientId: string | null | undefined): clientId is string {
  return typeof clientId === 'string' && testModeClientId.safeParse(clientId).success;
}

/**
 * The treasury a movement on behalf of `clientId` pays or is paid by: the test-mode client's own
 * sandbox treasury when it is one (the live ledger never acts for one), the shared one otherwise.
 */
export function treasuryOf<C extends Extract<Party, { kind: 'treasury' }>['code']>(
  code: C,
  clientId: string | null | undefined,
): { kind: 'treasury'; code: C; clientId?: string } {
  return isTestModeClientId(clientId) ? { kind: 'treasury', code, clientId } : { kind: 'treasury', code };
}

/** The test-mode client's own treasury a wallet key names (`treasury:<CODE>@<clientId>`), or null for any other key. */
export function ownTreasuryOfKey(key: string): Extract<Party, { kind: 'treasury' }> | null {
  const match = /^treasury:([A-Z_]{1,40})@(test_[A-Za-z0-9_-]{0,95})$/.exec(key);
  if (!match) return null;
  const parsed = party.safeParse({ kind: 'treasury', code: match[1], clientId: match[2] });
  return parsed.success && parsed.data.kind === 'treasury' ? parsed.data : null;
}

/**
 * The wallet key of an event's wallet (coin.balances, coin.balance-monitors): null unless exactly
 * one of `userId` and `treasury` is set, which the schema alone cannot promise of a hostile record.
 */
export function walletKeyOfEventWallet({ userId, treasury }: BalanceWallet): string | null {
  if (userId !== null && treasury === null) return walletKeyOfUser(userId);
  if (treasury !== null && userId === null) return walletKeyOfTreasury(treasury);
  return null;
}

/**
 * sha256 (hex) of the HTTP route and canonical body that produced the command, set by the
 * gateway. The ledger stores it with the outcome: the same command id with another hash is an
 * Idempotency-Key reused for a different request (docs/CONTRACT.md "Idempotency").
 */
export const requestHash = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .optional();
/** A transaction id given by a caller (HTTP body or command): exact as a JSON number. */
const transactionId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** docs/CONTRACT.md "Transaction types": the caller's own reference of a purchase (an order number), ≤ 100 characters on one line. */
const purchaseReference = singleLineText(1, 100);

/** Keyed by the wallet it credits: new coins. */
export const mintCommand = commandSchema(
  'ledger.mint',
  z.object({
    to: party,
    amount: positiveMinorUnits,
    reason: reasonText,
    idNonce: idNonce.optional(),
    metadata: metadata.optional(),
    requestHash,
  }),
);
/** Keyed by the wallet it debits: coins destroyed. */
export const burnCommand = commandSchema(
  'ledger.burn',
  z.object({
    from: party,
    amount: positiveMinorUnits,
    reason: reasonText,
    idNonce: idNonce.optional(),
    metadata: metadata.optional(),
    requestHash,
  }),
);
/**
 * What a referral says (docs/CONTRACT.md "Affiliate splits"): the platform client that attests it
 * (`sub`), the buyer and the affiliate, the treasury the purchase pays, the purchase's reference
 * when the client bound it to one, the people behind the client's grant (never paid under it),
 * and its times (seconds). The user service signs it (libs/security referral-proof.ts); read here
 * without the signature, which the ledger's consumer verifies before any apply.
 */
export const referralClaims = z.object({
  sub: platformClientId,
  buyer: userId,
  affiliate: userId,
  treasury: treasuryCode,
  reference: purchaseReference.optional(),
  createdBy: userId.nullable(),
  approvedBy: userId.nullable(),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type ReferralClaims = z.infer<typeof referralClaims>;

/** A referral's claims read from its compact JWS, without its signature; null for anything that is not one. */
export function referralClaimsOf(referral: string): ReferralClaims | null {
  const parts = referral.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const parsed = referralClaims.safeParse(JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The longest referral accepted: a few hundred characters as the user service signs them. */
export const referralMaxLength = 2048;
/**
 * A referral as a purchase carries it: a compact JWS. Whether its claims are a referral's is judged
 * after the schema (a 422 REFERRAL_INVALID at the gateway, the ledger's decider likewise), so that
 * the published schema says all the edge refuses with a 400; its signature is the ledger's to verify.
 */
export const referralToken = z
  .string()
  .max(referralMaxLength)
  .regex(
    /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
    'must be a referral (a compact JWS) as POST /api/platform/referrals answers it',
  )
  .describe('The referral a platform client was given for this buyer and treasury (POST /api/platform/referrals)');
/**
 * The affiliate a live purchase names (docs/CONTRACT.md "Affiliate splits"): by the referral a
 * platform client had signed for this buyer and treasury, never by the buyer's word. The affiliate
 * and the client whose commission rule sets the commission are the referral's.
 */
export const referralAffiliate = z.strictObject({ referral: referralToken });
/**
 * The affiliate a sandbox purchase names (docs/decisions/0018-sandbox.md): the test-mode client is
 * the platform there and names its test user's affiliate itself, paid by its own rule. Only the
 * sandbox ledger takes it, from that client alone; the live ledger refuses it before any apply.
 */
export const sandboxAffiliate = z.strictObject({ userId, clientId: platformClientId });
/** The affiliate a purchase command names: a referral (live), or a test-mode client's own naming (the sandbox). */
export const purchaseAffiliate = z.union([referralAffiliate, sandboxAffiliate]);
export type PurchaseAffiliate = z.infer<typeof purchaseAffiliate>;
/** The bounds of a commission rule (docs/CONTRACT.md "Affiliate splits"): at most half a purchase, at most 10,000 coins fixed. */
export const commissionLimits = { bpsMax: 5000, fixedMinorUnitsMax: 1_000_000, rulesPerTreasuryMax: 100 } as const;
/** A commission rule as the ledger keeps it: a share in basis points of each purchase, or a fixed amount in minor units. */
export const commissionRule = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('bps'), bps: z.number().int().min(1).max(commissionLimits.bpsMax) }),
  z.strictObject({ kind: z.literal('fixed'), amount: positiveMinorUnits.max(commissionLimits.fixedMinorUnitsMax) }),
]);
export type CommissionRule = z.infer<typeof commissionRule>;
/** TRANSFER (to a user or a treasury) and PURCHASE (to a treasury); keyed by the paying user. */
export const transferCommand = commandSchema(
  'ledger.transfer',
  z.object({
    kind: z.enum(['TRANSFER', 'PURCHASE']),
    fromUserId: userId,
    to: party,
    amount: positiveMinorUnits,
    reason: reasonText,
    reference: purchaseReference.optional(),
    /** A PURCHASE only: the affiliate paid a commission out of it, in the same apply. */
    affiliate: purchaseAffiliate.optional(),
    metadata: metadata.optional(),
    requestHash,
  }),
);
/** Keyed by the REWARDS treasury, which it debits. */
export const rewardCommand = commandSchema(
  'ledger.reward',
  z.object({
    toUserId: userId,
    amount: positiveMinorUnits,
    reason: reasonText,
    /** The caller's own reference (an order, a season), as a purchase's: the search by reference finds the reward. */
    reference: purchaseReference.optional(),
    /** The sandbox only: the test-mode client whose own REWARDS pays it (its key); the live ledger refuses it. */
    treasuryClientId: testModeClientId.optional(),
    idNonce: idNonce.optional(),
    metadata: metadata.optional(),
    requestHash,
  }),
);
/**
 * The most lines one payout may carry (docs/CONTRACT.md "Payouts"): every line is a transaction
 * of the payout's one apply, and the command, its reply and its outbox row stay far below Kafka's
 * 1 MiB message at this size.
 */
export const payoutLinesMax = 1000;
/** A payout's own reference: each line's transaction is referenced `<reference>#<index>` (at most 100 characters). */
export const payoutReference = singleLineText(1, 90);
/** Who pays a payout: the REWARDS treasury (REWARD lines) or a user's wallet (TRANSFER lines). */
export const payoutPayer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId }),
  z.object({ kind: z.literal('treasury'), code: z.literal('REWARDS'), clientId: testModeClientId.optional() }),
]);
export const payoutLine = z.object({ toUserId: userId, amount: positiveMinorUnits, reason: reasonText.optional() });
/**
 * Pays up to payoutLinesMax users at once from one wallet, all or nothing (docs/design/ledger.md
 * "Payouts"); keyed by the payer's wallet, which it debits once for the total.
 */
export const payoutCommand = commandSchema(
  'ledger.payout',
  z.object({
    from: payoutPayer,
    lines: z.array(payoutLine).min(1).max(payoutLinesMax),
    reason: reasonText,
    reference: payoutReference.optional(),
    idNonce: idNonce.optional(),
    /** Every line's transaction carries it. */
    metadata: metadata.optional(),
    requestHash,
  }),
);
/**
 * Keyed by the treasury the purchase paid (`treasury`), which it debits. Without an amount, the
 * remaining refundable amount of the purchase is refunded.
 */
export const refundCommand = commandSchema(
  'ledger.refund',
  z.object({
    transactionId,
    treasury: treasuryCode,
    /** The sandbox only: the test-mode client whose own treasury the purchase paid (its key); the live ledger refuses it. */
    treasuryClientId: testModeClientId.optional(),
    amount: positiveMinorUnits.optional(),
    reason: reasonText,
    idNonce: idNonce.optional(),
    metadata: metadata.optional(),
    requestHash,
  }),
);
/**
 * Internal: the credit side of a transaction whose debit committed on another partition,
 * keyed by the credited wallet. `returnTo` is who gets the coins back when the credited wallet
 * is closed by the time the leg applies. `transactionType` is the transaction's type, which the
 * credited wallet's coin.balance.changed names; a leg sent before the ledger wrote it has none and
 * the ledger reads the type from its record.
 */
const creditLeg = z.object({
  transactionId,
  transactionType: transactionType.optional(),
  to: party,
  amount: positiveMinorUnits,
  returnTo: party.nullable(),
});
export const creditCommand = commandSchema('ledger.credit', creditLeg);
/** The most legs one ledger.credits carries: a payout's lines, at most payoutLinesMax of them in one partition. */
export const creditsLegsMax = payoutLinesMax;
/**
 * Internal: the credit legs of one multi-line command (a payout's lines) whose wallets one
 * partition owns, sent together, keyed by the first leg's wallet: each leg is applied as a
 * ledger.credit of its own would be (credited, or returned, or burned), in one command, so a
 * payout touching six partitions sends at most six commands instead of a thousand. Every leg's
 * wallet is in the key's partition (the ledger groups them by partition before sending).
 */
export const creditsCommand = commandSchema(
  'ledger.credits',
  // Every leg names its transaction's type: these legs are never older than the ledger that wrote types.
  z.object({ legs: z.array(creditLeg.extend({ transactionType })).min(1).max(creditsLegsMax) }),
);
/**
 * The ledger's own command (ledger.internal only), keyed by the affiliate's wallet: a refund of a
 * split purchase (`refundId`, which fronted the commission's part to the buyer) takes that part
 * back from the affiliate into the treasury, as much of it as the affiliate's active coins cover
 * (docs/CONTRACT.md "Affiliate splits").
 */
export const clawbackCommand = commandSchema(
  'ledger.clawback',
  z.object({
    purchaseId: transactionId,
    refundId: transactionId,
    fromUserId: userId,
    to: party,
    amount: positiveMinorUnits,
    /** The refund's reference and metadata (its purchase's), which the clawback's transaction carries too: the order's. */
    reference: purchaseReference.optional(),
    metadata: metadata.optional(),
  }),
);
/** Burns what is left in a deleted user's wallet, voids its pending holds and closes it; keyed by that wallet. */
export const closeWalletCommand = commandSchema('ledger.close-wallet', z.object({ userId, reason: reasonText }));

/** A hold's id, as the ledger derived it from the command that created it. */
const holdId = uuidInput;
/** The longest a hold may live, in seconds (30 days); the ledger's configuration may lower it. */
export const holdExpirySecondsMax = 30 * 24 * 3600;
const holdExpirySeconds = z.number().int().min(1).max(holdExpirySecondsMax);

/**
 * Reserves coins of the payer's wallet for `to` (docs/design/ledger.md "Holds"); keyed by the payer's
 * wallet, like every later command about the hold, so the partition that judges the payer's
 * debits also judges the hold. The hold's id is derived from the command id.
 */
export const holdCommand = commandSchema(
  'ledger.hold',
  z.object({
    fromUserId: userId,
    to: party,
    amount: positiveMinorUnits,
    reason: reasonText,
    reference: purchaseReference.optional(),
    /** Seconds until the hold expires; the ledger's default when absent. */
    expiresInSeconds: holdExpirySeconds.optional(),
    /** The platform client the payer names to capture or void the hold (docs/design/ledger.md "Holds": who settles a hold). */
    settlerClientId: platformClientId.optional(),
    /**
     * At least 128 random bits (base64url) the gateway draws per request: the hold's id derives from
     * them and the command id, so it cannot be computed from the payer and the Idempotency-Key.
     */
    idNonce: idNonce.optional(),
    requestHash,
  }),
);
/** Takes up to the held amount (all of it without `amount`) and releases the rest; keyed by the payer's wallet. */
export const captureHoldCommand = commandSchema(
  'ledger.capture-hold',
  z.object({ holdId, fromUserId: userId, amount: positiveMinorUnits.optional(), metadata: metadata.optional(), requestHash }),
);
/** Releases a pending hold; keyed by the payer's wallet. */
export const voidHoldCommand = commandSchema('ledger.void-hold', z.object({ holdId, fromUserId: userId, requestHash }));
/** The most one advance of a sandbox test clock moves it (docs/decisions/0018-sandbox.md "The test clock"): 30 days. */
export const testClockAdvanceMaxSeconds = 30 * 86_400;
/** The most a sandbox test clock is ever ahead of wall time: a year. */
export const testClockOffsetMaxSeconds = 365 * 86_400;
/**
 * A test-mode client moves its own sandbox test clock forward (the sandbox ledger alone applies
 * it; the live ledger refuses it): keyed by the client, so one partition applies its advances one
 * after the other. The client is the verified author, named here so the key follows from the data.
 */
export const advanceClockCommand = commandSchema(
  'ledger.advance-clock',
  z.object({ clientId: platformClientId, seconds: z.number().int().min(1).max(testClockAdvanceMaxSeconds), requestHash }),
);
/**
 * A test-mode client sets its own sandbox test clock (docs/decisions/0018-sandbox.md "The test
 * clock"), in the family of ledger.advance-clock and keyed alike, so one partition applies a
 * client's clock commands one after the other: `to` a time, the clock then reads it (forward
 * only, at most a year ahead of wall time); `to` null, back to wall time, which the sandbox's
 * reset sends once nothing of the client waits on its clock ("Deleting a client's test data").
 */
export const setClockCommand = commandSchema(
  'ledger.set-clock',
  z.object({ clientId: platformClientId, to: isoDateTime.nullable(), requestHash }),
);
/**
 * Sent by the ledger's expiry sweep for a pending hold past its expiry; keyed by the payer's wallet.
 * `clockOf` (the sandbox only): the test-mode client whose test clock judged it due, its settler.
 */
export const expireHoldCommand = commandSchema(
  'ledger.expire-hold',
  z.object({ holdId, fromUserId: userId, clockOf: platformClientId.optional() }),
);

/** A mandate's id names its payer, in a hold id's layout (docs/decisions/0005): `payerOfHoldId` reads it. */
const mandateId = uuidInput;
/** The latest period index a charge may name (a daily mandate's 1000 years). */
export const mandatePeriodMax = 366_000;

/**
 * A user grants a platform client a mandate to charge their wallet into SUBSCRIPTIONS once per
 * period (docs/design/ledger.md "Mandates"); keyed by the payer's wallet, like every later command
 * about the mandate (cancel, charge), so one partition applies them one after the other. The id
 * derives from the command id and the gateway's nonce.
 */
export const grantMandateCommand = commandSchema(
  'ledger.grant-mandate',
  z.object({
    fromUserId: userId,
    clientId: platformClientId,
    amount: positiveMinorUnits,
    /** The most one period may be charged; `amount` when absent. */
    maxPerPeriod: positiveMinorUnits.optional(),
    period: mandatePeriod,
    startsAt: isoDateTime,
    endsAt: isoDateTime.optional(),
    reason: reasonText,
    idNonce: idNonce.optional(),
    requestHash,
  }),
);
/**
 * Cancels a mandate, by its payer, its platform client or an ADMIN+ acting for the payer (who
 * gives a `reason`, kept in the admin audit log); keyed by the payer's wallet.
 */
/**
 * The sandbox only (docs/decisions/0018-sandbox.md "Treasuries of each test client's own"): a
 * test-mode client's reset retires its own treasury, keyed by it. What is left in it is burned and
 * the wallet is kept under a key of its own for the record, so the treasury's next use opens a new
 * one: balance and totals 0. A treasury never used is left as it is.
 */
export const retireTreasuryCommand = commandSchema(
  'ledger.retire-treasury',
  z.object({
    treasury: z.object({ kind: z.literal('treasury'), code: treasuryCode, clientId: testModeClientId }),
    reason: reasonText,
    requestHash,
  }),
);
export const cancelMandateCommand = commandSchema(
  'ledger.cancel-mandate',
  z.object({ mandateId, fromUserId: userId, reason: reasonText.optional(), requestHash }),
);
/**
 * Sent by the ledger's mandate scheduler for a due period (the command id derives from the
 * mandate, the period and the attempt); keyed by the payer's wallet. Without `amount`, the
 * mandate's amount. `clockOf` (the sandbox only): the test-mode client whose test clock judged it
 * due, the mandate's own client (docs/decisions/0018-sandbox.md "Mandates in the sandbox").
 */
export const chargeMandateCommand = commandSchema(
  'ledger.charge-mandate',
  z.object({
    mandateId,
    fromUserId: userId,
    period: z.number().int().nonnegative().max(mandatePeriodMax),
    attempt: z.number().int().nonnegative().max(10_000),
    amount: positiveMinorUnits.optional(),
    clockOf: platformClientId.optional(),
  }),
);

/**
 * A mobile money account a cash-out pays (docs/CONTRACT.md "Cash-out"): an MSISDN in E.164 form,
 * `+` and 8 to 15 digits, no leading zero after the `+` (e.g. `+237670000000`).
 */
export const msisdn = z
  .string()
  .regex(/^\+[1-9][0-9]{7,14}$/, 'must be an MSISDN in E.164 form: + and 8 to 15 digits')
  .describe('The mobile money account, an MSISDN in E.164 form (+ and 8 to 15 digits), e.g. +237670000000');
/**
 * A user's request to exchange `amount` coins for XAF paid to `msisdn` by a payout provider
 * (docs/CONTRACT.md "Cash-out"): the coins are held at once, the rate in force fixes the XAF
 * amount; keyed by the payer's wallet, like the hold it creates. With `providerClientId`, only that
 * provider may claim it; without, any client granted `cashout`.
 */
export const cashoutCommand = commandSchema(
  'ledger.cashout',
  z.object({
    fromUserId: userId,
    amount: positiveMinorUnits,
    msisdn,
    providerClientId: platformClientId.optional(),
    /**
     * The sandbox only (docs/decisions/0018-sandbox.md "Cash-outs in the sandbox"): a test-mode
     * client's cash-out for its test user, which the sandbox's built-in test provider settles with
     * this outcome once the client's clock passes its settle time. The live ledger refuses it.
     */
    testOutcome: z.enum(['CONFIRMED', 'FAILED']).optional(),
    idNonce: idNonce.optional(),
    requestHash,
  }),
);
/**
 * How long after it is asked for (on its client's test clock) the sandbox's test provider settles
 * a test cash-out: a minute, so a test sees it settled by waiting a minute or by moving its clock.
 */
export const sandboxCashoutSettleSeconds = 60;
/**
 * The XAF a coin is worth in a sandbox cash-out when no rate is in force there (the sandbox's own
 * configured CASHOUT_RATES, as live; no person sets one through the sandbox's API).
 */
export const sandboxCashoutXafPerCoin = 650;
/**
 * The sandbox's test provider settles a test cash-out its client's clock has brought past its
 * settle time, with the outcome its request named (the ledger's own command, ledger.internal
 * only); keyed by the payer's wallet. `clockOf`: the client whose clock judged it due, its settler.
 */
export const settleTestCashoutCommand = commandSchema(
  'ledger.settle-test-cashout',
  z.object({ holdId, fromUserId: userId, clockOf: platformClientId.optional() }),
);
/** The most XAF one coin may be worth, in a rate version or in CASHOUT_RATES. */
export const cashoutXafPerCoinMax = 1_000_000;
/** The one partition key of the cash-out rate table: every request for a rate and its decisions travel under it. */
export const cashoutRatesKey = 'cashout-rates';
/**
 * A cash-out rate version (docs/CONTRACT.md "Cash-out"): XAF per coin from `effectiveFrom`, a time
 * ahead that the ledger judges at its own apply time. Held back in the request an ADMIN+ makes for
 * it (the act `cashout-rate-change`), applied only by its approval by a different ADMIN+. Keyed by
 * the one key of the rate table, `cashout-rates`, so one partition applies every step one after the
 * other; the version's id is its request's.
 */
export const setCashoutRateCommand = commandSchema(
  'ledger.set-cashout-rate',
  z.object({ xafPerCoin: z.number().int().min(1).max(cashoutXafPerCoinMax), effectiveFrom: isoDateTime }),
);
/**
 * A cash-out above the four-eyes threshold cleared for its provider: the command the request its
 * cash-out made holds back (the act `cashout-approval`), applied only by the approval of an ADMIN+
 * other than its payer, never sent alone; rejecting the request releases the cash-out's coins.
 * Keyed by the payer's wallet, like the cash-out's hold; `amount` is the cash-out's, for the
 * request's view.
 */
export const clearCashoutCommand = commandSchema(
  'ledger.clear-cashout',
  z.object({ holdId, fromUserId: userId, amount: positiveMinorUnits }),
);
/** The provider's word on a cash-out, from its signed callback: confirmed (the held coins are burned) or failed (released). */
export const cashoutOutcome = z.enum(['CONFIRMED', 'FAILED']);
/** A Standard Webhooks message id of a provider's callback: printable ASCII, no dot. */
export const callbackId = z.string().regex(/^[\x21-\x2d\x2f-\x7e]{1,256}$/, 'must be 1 to 256 printable characters without a dot');
/**
 * A payout provider (a platform client granted `cashout`) takes a REQUESTED cash-out to pay
 * (docs/CONTRACT.md "Cash-out"): it becomes CLAIMED by that provider, whose signed callback alone
 * then settles it. Keyed by the payer's wallet: the cash-out's id names its payer.
 */
export const claimCashoutCommand = commandSchema(
  'ledger.claim-cashout',
  z.object({
    holdId,
    fromUserId: userId,
    requestHash,
  }),
);
/**
 * Reverses a cash-out its provider claimed (docs/CONTRACT.md "Cash-out"): its hold is voided, the
 * coins go back to the payer and the provider's platform sees the release (coin.holds). Only an
 * approval applies it: one ADMIN+ asks (an approval request holding it), a different ADMIN+, not
 * the payer, approves. Keyed by the payer's wallet: the cash-out's id names its payer.
 */
export const reverseCashoutCommand = commandSchema(
  'ledger.reverse-cashout',
  z.object({ holdId, fromUserId: userId, reason: reasonText, requestHash }),
);
/** Settles a cash-out from its provider's signed callback (docs/CONTRACT.md "Cash-out"); keyed by the payer's wallet. */
export const settleCashoutCommand = commandSchema(
  'ledger.settle-cashout',
  z.object({
    holdId,
    fromUserId: userId,
    outcome: cashoutOutcome,
    /** The callback's `webhook-id`, kept with the cash-out: the callback that settled it. */
    callbackId,
    /** The provider's own reference of the payment (its statement's line), ≤ 100 characters on one line. */
    providerReference: singleLineText(1, 100).optional(),
    requestHash,
  }),
);

/**
 * A wallet's own spending limits, replacing its role's defaults field by field: a number is the
 * limit, null means no limit, an absent field keeps the default. Amounts in minor units.
 */
export const limitOverrides = z.strictObject({
  dailyAmount: minorUnits.nullable().optional(),
  dailyCount: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  singleAmount: minorUnits.nullable().optional(),
});
export type LimitOverrides = z.infer<typeof limitOverrides>;
/** Sets (replaces) a user wallet's limit overrides; keyed by that wallet. */
export const setLimitsCommand = commandSchema('ledger.set-limits', z.object({ userId, overrides: limitOverrides, requestHash }));
/** Sets (null: removes) a platform client's commission rule for a treasury (ADMIN+); keyed by the treasury's wallet, which keeps its rules. */
export const setCommissionCommand = commandSchema(
  'ledger.set-commission',
  z.object({
    treasury: treasuryCode,
    clientId: platformClientId,
    rule: commissionRule.nullable(),
    reason: reasonText.optional(),
    requestHash,
  }),
);

/**
 * Wallet freezes (docs/CONTRACT.md "Wallet freezes"): an ADMIN+ or the monitoring service stops a
 * user wallet's outgoing movements; lifting a freeze takes two ADMIN+, one who asks and another
 * who approves. Each is keyed by the wallet, so it is decided in order with the wallet's debits.
 * `caseId` names the monitoring case behind the freeze (the monitoring service owns it): opaque
 * text to the ledger, kept with the freeze and shown with it.
 */
export const freezeCaseId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/, 'must be 1-100 characters: letters, digits, _ . : - (a case id or a UUID)')
  .describe('The monitoring case behind the freeze, if any');
export const freezeWalletCommand = commandSchema(
  'ledger.freeze-wallet',
  z.object({ userId, reason: reasonText, caseId: freezeCaseId.optional(), requestHash }),
);
/**
 * Lifts a wallet's freeze: applied only by an approval (an unfreeze is a four-eyes act: one ADMIN+
 * asks, with a reason, through an approval request holding it; a different ADMIN+ approves).
 */
export const liftFreezeCommand = commandSchema('ledger.lift-freeze', z.object({ userId, reason: reasonText, requestHash }));

/** Who froze a wallet: a person (ADMIN+) or a service (the monitoring service). */
export const freezeActor = z.object({ kind: z.enum(['user', 'service']), id: singleLineText(1, 100) });
/** A wallet's freeze as the API shows it (null: not frozen). */
export const walletFreeze = z.object({
  userId,
  reason: z.string(),
  caseId: z.string().nullable(),
  frozenBy: freezeActor,
  frozenAt: isoDateTime,
  unfreezeRequest: z
    .object({
      id: z.string().describe("The request's id (an approval request of the unfreeze act)"),
      requestedBy: userId,
      reason: z.string(),
      requestedAt: isoDateTime,
    })
    .nullable()
    .describe('The latest request to lift the freeze, pending or lapsed (null: none, or the last one was rejected)'),
});
export type WalletFreeze = z.infer<typeof walletFreeze>;
/** POST /api/admin/users/{id}/freeze: why, and the monitoring case behind it if any. */
export const freezeBody = z.strictObject({
  reason: reasonText.describe('Why the wallet is frozen (shown to ADMIN+ only, never to its owner)'),
  caseId: freezeCaseId.optional(),
});
/**
 * Why the owner of a frozen wallet neither asks for nor approves the lift of its freeze
 * (SELF_DEALING): the ledger's answer, and the gateway's when it refuses at once.
 */
export const ownFreezeDetail = 'No one asks for or approves the lift of a freeze of their own wallet; two other ADMIN+ must';
/** POST /api/admin/users/{id}/freeze/unfreeze-request: why the freeze may be lifted. */
export const unfreezeRequestBody = z.strictObject({ reason: reasonText.describe('Why the freeze may be lifted') });

/** What each freeze command is answered with: the wallet's freeze after it (null once lifted). */
export const freezeResult = z.object({ userId, frozen: z.boolean(), freeze: walletFreeze.nullable() });
export type FreezeResult = z.infer<typeof freezeResult>;

/** The longest an approval request may wait (7 days); the ledger's configuration sets the default. */
export const approvalExpirySecondsMax = 7 * 24 * 3600;

// The approval commands (they hold an approvable command), the approvable union and the union of
// every ledger command are built from the rows of ledgerCommandContracts, in commands.ts.

export { positiveMinorUnits, reasonText };

// ---- Internal HTTP of the ledger (gateway and operator tools only) ----
/** The ledger's record in id order: what `history:rebuild` replays (not Kafka, whose retention is finite). */
export const internalTransactionPage = z.object({
  transactions: z.array(transaction),
  /** Pass as `afterId` for the next page; null when this page is the last. */
  nextAfterId: z.number().int().nullable(),
});
export type InternalTransactionPage = z.infer<typeof internalTransactionPage>;

/** A treasury (docs/CONTRACT.md "Treasuries"); amounts in coins. */
export const treasury = z.object({
  code: treasuryCode,
  name: z.string(),
  walletId: z.uuid(),
  balance: coinValue,
  totalReceived: coinValue,
  totalSent: coinValue,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Treasury = z.infer<typeof treasury>;
export const treasuryList = z.object({ treasuries: z.array(treasury) });
/** GET /internal/treasuries: the shared treasuries, or with `clientId` a test-mode client's own (the sandbox's; docs/decisions/0018-sandbox.md). */
export const internalTreasuriesQuery = z.strictObject({ clientId: testModeClientId.optional() });

/**
 * The 201 of every money command (docs/CONTRACT.md "Transaction types"): the transaction and the wallet the operation
 * debited (MINT: credited), which is a treasury for treasury-side operations.
 */
export const moneyResult = z.object({ transaction, wallet: z.union([wallet, treasury]) });
export type MoneyResult = z.infer<typeof moneyResult>;
/** A purchase's 201: the PURCHASE (the treasury's part), and, when it named an affiliate, the commission split from it. */
export const purchaseResult = moneyResult.extend({ commission: transaction.optional() });
/**
 * A refund's 201: the REFUND, and, for a split purchase, the commission's part of it, which the
 * treasury fronts to the buyer (a TRANSFER `splitOf` the purchase) before the affiliate's clawback.
 */
export const refundResult = moneyResult.extend({
  commission: transaction
    .optional()
    .describe(
      "A split purchase's refund: the commission's part, fronted to the buyer by the treasury (a TRANSFER splitOf the purchase); the clawback from the affiliate follows",
    ),
});
/** A commission rule as the API shows it: the fixed amount in coins. */
export const commissionRuleView = z.union([
  z.object({ kind: z.literal('bps'), bps: z.number().int() }),
  z.object({ kind: z.literal('fixed'), amount: coinValue }),
]);
/**
 * A platform client's commission rule for a treasury, the ADMIN+ who asked for it (`setBy`) and
 * the one who approved it (`approvedBy`; null for a rule set before rules took two people).
 * Neither is ever paid under it.
 */
export const commissionRuleEntry = z.object({
  treasury: treasuryCode,
  clientId: platformClientId,
  rule: commissionRuleView.nullable(),
  setBy: userId.nullable(),
  approvedBy: userId.nullable(),
});
export type CommissionRuleEntry = z.infer<typeof commissionRuleEntry>;
/** GET /api/admin/commission-rules: every treasury's rules, or one treasury's (a query of anything else is refused). */
export const commissionRulesQuery = z.strictObject({ treasury: treasuryCode.optional() });
/** The commission rules in force, by treasury then platform client id (at most rulesPerTreasuryMax a treasury). */
export const commissionRuleList = z.object({ rules: z.array(commissionRuleEntry.extend({ rule: commissionRuleView })) });
export type CommissionRuleList = z.infer<typeof commissionRuleList>;

/** A number of credit legs in flight and the coins they owe. */
const creditLegCount = z.object({ count: z.number().int(), amount: coinValue });

/**
 * The credit legs in flight at the audit's moment, by age (now − the transaction's createdAt):
 * `young` within `maxAgeSeconds` (CREDIT_LEG_MAX_AGE_S, normal traffic), `stale` beyond it (a
 * leg stuck or lost: docs/RELIABILITY.md).
 */
export const creditLegsInFlight = z.object({
  maxAgeSeconds: z.number().int(),
  inFlight: creditLegCount,
  young: creditLegCount,
  stale: creditLegCount,
  /** Age of the oldest leg in flight; null when none is. */
  oldestAgeSeconds: z.number().nullable(),
  /** The stale legs' transactions, oldest first (100 at most). */
  staleTransactionIds: z.array(z.number().int()),
});

/** Audit figures (docs/CONTRACT.md "Amounts" invariant); amounts in coins. */
export const supplyReport = z.object({
  minted: coinValue,
  burned: coinValue,
  /** minted − burned: the coins that exist. */
  supply: coinValue,
  /** Σ balances of all wallets, users and treasuries. */
  balances: coinValue,
  /** supply − balances: debited but not yet credited (credit legs on their way); 0 at a quiet moment. */
  inFlight: coinValue,
  /** The transactions whose credit leg has not landed, by age: what `inFlight` should be. */
  creditLegs: creditLegsInFlight,
  /** balances + creditLegs.inFlight.amount − supply: coins made or lost; 0 when consistent. */
  discrepancy: coinValue,
  wallets: z.number().int(),
  transactions: z.number().int(),
  /** Wallets whose balance or totals differ from the sum of their entries. */
  mismatchedWallets: z.array(
    z.object({ walletKey: z.string(), balance: coinValue, entriesSum: coinValue, totalReceived: coinValue, totalSent: coinValue }),
  ),
  /** Purchases whose refunds add up to more than the purchase. */
  overRefundedPurchases: z.array(z.number().int()),
  /** Σ held of all wallets: the coins reserved by PENDING holds (part of `balances`, not extra coins). */
  heldCoins: coinValue,
  /**
   * Wallets whose `held` differs from the sum of their PENDING holds, or passes their balance;
   * PENDING holds of a payer without a wallet appear as "unknown wallet user:<id>".
   */
  mismatchedHolds: z.array(z.object({ walletKey: z.string(), held: coinValue, pendingSum: coinValue, balance: coinValue })),
  /**
   * CAPTURED holds without exactly one transaction naming them (hold_id), or whose transaction is
   * not the one the hold records or differs from it (amount ≠ captured amount, type, payer,
   * recipient); and transactions naming a hold that is not CAPTURED (`status` null: no such hold).
   */
  badCaptures: z.array(
    z.object({
      holdId: z.string(),
      status: z.string().nullable(),
      transactionIds: z.array(z.number().int()),
      problem: z.string(),
    }),
  ),
  /**
   * Wallets whose balance changes do not chain (docs/design/ledger.md "Balance changes"): the wallet's
   * `sequence` is not its last change's, the changes are not numbered 1, 2, 3… without a gap, or a
   * change's balance after is not the one before plus its amount, or the last one is not the
   * wallet's balance.
   */
  mismatchedSequences: z.array(
    z.object({
      walletKey: z.string(),
      sequence: z.number().int(),
      lastSequence: z.number().int(),
      changes: z.number().int(),
      problem: z.string(),
    }),
  ),
  /**
   * Every check above holds: no discrepancy (coins in flight are accounted for by the credit legs,
   * whatever their age), no mismatched wallet, purchase, hold, capture or balance-change chain. Stale legs do not make
   * it false: they are `creditLegs.stale`.
   */
  consistent: z.boolean(),
});
export type SupplyReport = z.infer<typeof supplyReport>;

// ---- HTTP bodies of the money endpoints (gateway), docs/CONTRACT.md "Transaction types" ----
const exactlyOneTarget =
  (first: string, second: string) =>
  (value: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    // own-key: the two names are the schema's own field names
    const count = [value[first], value[second]].filter((v) => v !== undefined).length;
    if (count !== 1) ctx.addIssue({ code: 'custom', path: [first], message: `exactly one of ${first}, ${second} is required` });
  };

/** The same rule as the document states it: exactly one of the two members is present. */
const exactlyOneOf = (first: string, second: string) => ({ oneOf: [{ required: [first] }, { required: [second] }] });

/** `POST /api/sandbox/clock/advance`: how far to move the caller's test clock, in seconds (forward only, bounded). */
export const sandboxClockAdvanceBody = z.strictObject({ seconds: z.number().int().min(1).max(testClockAdvanceMaxSeconds) });
/** `POST /api/sandbox/clock/set`: the time the caller's test clock is to read (forward only, at most a year ahead of wall time). */
export const sandboxClockSetBody = z.strictObject({ now: isoDateTime });
/** A test-mode client's id, whose sandbox clock is read (the form the ledger's test_clocks rows take). */
export const testClockClientId = testModeClientId;
/** A test-mode client's sandbox clock: how far ahead of wall time it is, and the time it reads now. */
export const testClock = z.object({ clientId: platformClientId, offsetSeconds: z.number().int().min(0), now: isoDateTime });
/** Test clocks one read of `GET /internal/test-clocks` names at most (the sandbox webhooks instance asks in chunks of it). */
export const testClocksPerReadMax = 50;
/**
 * `GET /internal/test-clocks?clientIds=a,b` (the sandbox ledger, for its webhooks instance): the
 * clocks of the named test-mode clients, comma-separated, 1 to testClocksPerReadMax of them.
 */
export const testClocksQuery = z.strictObject({
  clientIds: z
    .string()
    .max(testClocksPerReadMax * 101)
    .transform((text) => text.split(','))
    .pipe(z.array(testClockClientId).min(1).max(testClocksPerReadMax)),
});
/** The clocks stored for the clients asked about (a client that never advanced its clock has none: wall time). */
export const testClockList = z.object({
  clocks: z.array(z.object({ clientId: testClockClientId, offsetSeconds: z.number().int().min(0).max(testClockOffsetMaxSeconds) })),
});
/** Of each list of a test-mode client's data, what one read names at most: a reset deletes them a page at a time. */
export const testClientDataPageMax = 200;
/**
 * `GET /internal/test-clients/:clientId/data` (the sandbox ledger alone, for the gateway's reset,
 * docs/decisions/0018-sandbox.md "Deleting a client's test data"): what of a test-mode client
 * still waits on its clock (the pending holds and test cash-outs it settles, its mandates not yet
 * ended), what its own transactions left in each user's wallet that is still there (`amount`: the
 * least of the wallet's free balance and the net of the client's transactions into it), each list
 * at most testClientDataPageMax long, and its own treasuries that are not as new (used since they
 * were opened), which the reset retires.
 */
export const testClientData = z.object({
  holds: z.array(z.object({ id: uuidInput, fromUserId: userId })),
  mandates: z.array(z.object({ id: uuidInput, fromUserId: userId })),
  returnable: z.array(z.object({ from: party, amount: positiveMinorUnits })),
  treasuries: z.array(treasuryCode).max(treasuryCodes.length),
});
export type TestClientData = z.infer<typeof testClientData>;
/**
 * `POST /api/sandbox/reset`'s answer: what the reset did (counts, and the test coins it burned),
 * whether nothing of the client is left (`complete`; false: more than a reset takes at once
 * remains, and the clock was not moved back: call again), and the clock after it.
 */
export const sandboxReset = z.object({
  clientId: platformClientId,
  voidedHolds: z.number().int().min(0),
  cancelledMandates: z.number().int().min(0),
  burnedWallets: z.number().int().min(0),
  burned: z.number().min(0),
  /** Its own test users marked deleted (only once nothing else of the client is left). */
  deletedTestUsers: z.number().int().min(0),
  /** Its own balance monitors on its sandbox treasuries, deleted (0 where the gateway serves no sandbox webhooks). */
  deletedBalanceMonitors: z.number().int().min(0),
  complete: z.boolean(),
  clock: testClock,
});
export type SandboxReset = z.infer<typeof sandboxReset>;
/**
 * `POST /api/sandbox/fund` (docs/decisions/0018-sandbox.md): test coins into a treasury the
 * test-mode client was granted, in the sandbox ledger only.
 */
export const sandboxFundBody = z.strictObject({ treasury: treasuryCode, amount: coinAmount, reason: reasonText });
/**
 * The most test coins one `POST /api/sandbox/fund` mints (docs/decisions/0018-sandbox.md "Funding
 * the sandbox's treasuries"): more is 422 `SANDBOX_FUND_LIMIT`, judged by the sandbox ledger. Far
 * above what a test needs, it keeps one call from taking a treasury's running total a visible step
 * towards the largest amount a wallet holds.
 */
export const sandboxFundMaxCoins = 1_000_000;
export const mintBody = z
  .strictObject({
    userId: userId.optional(),
    treasury: treasuryCode.optional(),
    amount: coinAmount,
    reason: reasonText,
    metadata: metadata.optional(),
  })
  .superRefine(exactlyOneTarget('userId', 'treasury'))
  .meta(exactlyOneOf('userId', 'treasury'));
export const burnBody = mintBody;
export const transferBody = z
  .strictObject({
    toUserId: userId.optional(),
    toTreasury: treasuryCode.optional(),
    amount: coinAmount,
    reason: reasonText,
    metadata: metadata.optional(),
  })
  .superRefine(exactlyOneTarget('toUserId', 'toTreasury'))
  .meta(exactlyOneOf('toUserId', 'toTreasury'));
export const purchaseBody = z.strictObject({
  treasury: treasuryCode,
  amount: coinAmount,
  reason: reasonText,
  reference: purchaseReference.optional(),
  metadata: metadata.optional(),
  /**
   * The affiliate paid a commission out of the amount, by the referral a platform client had
   * signed for this buyer and treasury (POST /api/platform/referrals), by that client's rule for
   * this treasury (docs/CONTRACT.md "Affiliate splits").
   */
  affiliate: referralAffiliate.optional(),
});
/** PUT /api/admin/commission-rules: a share in basis points or a fixed amount in coins; null removes the rule. */
export const commissionRuleBody = z.strictObject({
  treasury: treasuryCode,
  clientId: platformClientId,
  /** Why: shown to the second ADMIN+ who approves the change, and in the admin audit log. */
  reason: reasonText.optional(),
  rule: z
    .union([
      z.strictObject({ bps: z.number().int().min(1).max(commissionLimits.bpsMax) }),
      z.strictObject({
        // The bound as the document states it (as coinAmount's own, z.toJSONSchema cannot see into a refinement).
        amount: coinAmount
          .refine((c) => (coinsToMinorUnits(c) ?? Infinity) <= commissionLimits.fixedMinorUnitsMax, 'at most 10000 coins')
          .describe('Coins, > 0, at most 2 decimals, at most 10,000')
          .meta({ maximum: commissionLimits.fixedMinorUnitsMax / 100 }),
      }),
    ])
    .nullable(),
});
export type CommissionRuleBody = z.infer<typeof commissionRuleBody>;
export const rewardBody = z.strictObject({
  userId,
  amount: coinAmount,
  reason: reasonText,
  /** The caller's own reference (an order, a season), at most 100 characters on one line, as a purchase's. */
  reference: purchaseReference.optional(),
  metadata: metadata.optional(),
});
/** A payout's line as the caller writes it (coins); the reason defaults to the payout's. */
const payoutBodyLine = z.strictObject({ toUserId: userId, amount: coinAmount, reason: reasonText.optional() });
/** Fails on the second line naming a user already paid, at that line's index: one line per recipient. */
function oneLinePerRecipient(lines: Array<{ toUserId: number }>, ctx: z.RefinementCtx): void {
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    if (seen.has(line.toUserId))
      ctx.addIssue({ code: 'custom', path: [index, 'toUserId'], message: 'pays a user another line already pays' });
    seen.add(line.toUserId);
  });
}
/**
 * POST /api/coins/payouts: from REWARDS (a platform client granted it, or an ADMIN+ with an API
 * key of the reward scope) or from the caller's own wallet (`{}` or `{ userId: <me> }`).
 */
export const payoutBody = z.strictObject({
  from: z.union([z.strictObject({ treasury: z.literal('REWARDS') }), z.strictObject({ userId: userId.optional() })]),
  reason: reasonText,
  reference: payoutReference.optional(),
  /** Carried by every line's transaction. */
  metadata: metadata.optional(),
  lines: z.array(payoutBodyLine).min(1).max(payoutLinesMax).superRefine(oneLinePerRecipient),
});
/** The 201 of a payout: each line's transaction (its id, recipient and amount) and the payer's wallet after the debit. */
export const payoutResult = z.object({
  payout: z.object({
    type: z.enum(['REWARD', 'TRANSFER']),
    /** The payout's reference; line `i`'s transaction is referenced `<reference>#<i>`. */
    reference: z.string(),
    total: coinValue,
    lines: z.array(z.object({ index: z.number().int(), toUserId: userId, amount: coinValue, transactionId })),
  }),
  wallet: z.union([wallet, treasury]),
});
export type PayoutResult = z.infer<typeof payoutResult>;
export const refundBody = z.strictObject({
  transactionId,
  /**
   * The treasury the purchase paid (its `toTreasury`): named, the refund goes to that treasury's
   * partition with no read, and the ledger refuses it (NOT_REFUNDABLE) if the purchase did not pay it.
   * Left out, the gateway reads the purchase once to learn it.
   */
  treasury: treasuryCode.optional(),
  amount: coinAmount.optional(),
  reason: reasonText,
  metadata: metadata.optional(),
});

export const transactionIdParam = positiveIdParam;

/** The reason of the BURN that closes a deleted user's wallet: one text whoever sends the close. */
export function closeWalletReason(userId: number): string {
  return `Account deleted: remaining balance burned (user ${userId})`;
}
