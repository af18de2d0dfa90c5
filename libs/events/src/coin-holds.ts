import { z } from 'zod';
import { eventSchema } from './envelope';
import { coinValue, isoDateTime, platformClientId, treasuryCode, userId } from './primitives';

/** The topic (before any deployment prefix); the record key is the hold id, so one hold's events stay in order. */
export const coinHoldsTopic = 'coin.holds';

export const holdStatuses = ['PENDING', 'CAPTURED', 'VOIDED', 'EXPIRED'] as const;
export const holdStatus = z.enum(holdStatuses);
export type HoldStatus = z.infer<typeof holdStatus>;

/**
 * Coins reserved in a payer's wallet for a later capture: they stay in the balance but are no
 * longer active (activeCoins = balance − Σ pending holds) until the hold is captured (a PURCHASE
 * or TRANSFER is recorded), voided or expires. Amounts in coins.
 */
export const hold = z.object({
  id: z.uuid(),
  status: holdStatus,
  amount: coinValue.describe('Coins held (2 decimals)'),
  /** The payer: the wallet the coins are held in. */
  fromUserId: userId,
  /** Exactly one of toUserId and toTreasury is set: who gets the coins on capture. */
  toUserId: userId.nullable(),
  toTreasury: treasuryCode.nullable(),
  reason: z.string(),
  reference: z.string().nullable(),
  expiresAt: isoDateTime,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** Set once captured: the coins taken (at most `amount`; the rest was released) and the transaction recorded. */
  capturedAmount: coinValue.nullable(),
  transactionId: z.number().int().positive().nullable(),
});
export type Hold = z.infer<typeof hold>;

/**
 * The Hold as coin.holds carries it. Since 1.9.0, `clientId`: the platform client party to the
 * hold, the one its payer named to settle it (a cash-out's: the provider that claimed it, else
 * the one its payer named); absent when none is named. A platform's webhooks and events list see
 * a hold only when it names that platform (docs/EVENTS.md "Who sees an event").
 */
export const holdOfEvent = hold.extend({ clientId: platformClientId.optional() });
export type HoldOfEvent = z.infer<typeof holdOfEvent>;

export const holdCreated = eventSchema('coin.hold.created', { hold: holdOfEvent });
export const holdCaptured = eventSchema('coin.hold.captured', { hold: holdOfEvent });
export const holdVoided = eventSchema('coin.hold.voided', { hold: holdOfEvent });
export const holdExpired = eventSchema('coin.hold.expired', { hold: holdOfEvent });

/** Every event type of coin.holds, discriminated by `type`. */
export const coinHoldEvent = z.discriminatedUnion('type', [holdCreated, holdCaptured, holdVoided, holdExpired]);
export type CoinHoldEvent = z.infer<typeof coinHoldEvent>;
export const coinHoldEventTypes = coinHoldEvent.options.map((o) => o.shape.type.value);
