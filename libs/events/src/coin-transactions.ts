import { z } from 'zod';
import { eventSchema } from './envelope';
import { coinValue, isoDateTime, metadata, platformClientId, transactionType, treasuryCode, userId } from './primitives';

/** The topic (before any deployment prefix); the record key is the transaction id as a decimal string. */
export const coinTransactionsTopic = 'coin.transactions';

/** The Transaction (docs/CONTRACT.md "Resources"), plus the treasury side when one is involved; amounts in coins. */
export const transaction = z.object({
  id: z.number().int().positive(),
  type: transactionType,
  amount: coinValue,
  fromUserId: userId.nullable(),
  toUserId: userId.nullable(),
  fromTreasury: treasuryCode.nullable(),
  toTreasury: treasuryCode.nullable(),
  reason: z.string(),
  reference: z.string().nullable(),
  refundOf: z.number().int().positive().nullable(),
  createdAt: isoDateTime,
  /** Set on a MINT, BURN or REFUND that waited for a second ADMIN+ (four-eyes approval): who asked and who approved. */
  approval: z.object({ id: z.uuid(), requestedBy: userId, approvedBy: userId }).optional(),
  /** Since 1.6.0: the caller's key-value metadata, when the request that made the transaction carried some. */
  metadata: metadata.optional(),
  /**
   * Since 1.6.0: the platform client whose request made the transaction (a reward, a payout line,
   * a capture it settled); absent when a person or the ledger itself caused it.
   */
  clientId: platformClientId.optional(),
  /**
   * Since 1.8.0: on an affiliate's commission (a TRANSFER from the buyer to the affiliate), the id
   * of the PURCHASE it was split from; on a clawback of that commission, the same purchase
   * (docs/CONTRACT.md "Affiliate splits"). Absent on every other transaction.
   */
  splitOf: z.number().int().positive().optional(),
});
export type Transaction = z.infer<typeof transaction>;

/**
 * One per committed ledger transaction. Since 1.8.0, `splitTreasury` beside a transaction with
 * `splitOf` (an affiliate's commission, the refund of its part, its clawback): the treasury the
 * purchase paid. The commission moves coins between two users, so it names no treasury of its
 * own; this names the platform whose purchase it split, and a webhook endpoint or events list of
 * a client granted that treasury, which sees the purchase, sees it too (docs/EVENTS.md). Absent
 * on every other transaction.
 */
export const transactionRecorded = eventSchema('coin.transaction.recorded', { transaction, splitTreasury: treasuryCode.optional() });
export type TransactionRecorded = z.infer<typeof transactionRecorded>;

/** Every event type of coin.transactions, discriminated by `type`. */
export const coinTransactionEvent = z.discriminatedUnion('type', [transactionRecorded]);
export type CoinTransactionEvent = z.infer<typeof coinTransactionEvent>;
export const coinTransactionEventTypes = coinTransactionEvent.options.map((o) => o.shape.type.value);
